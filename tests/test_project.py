"""Project-wide analysis end to end: leaks in helpers that a jitted step in another module reaches.

The test package (tests/data/project_pkg) is copied to a temporary folder for each test; the real
`tracerfix` command runs on it in a subprocess, as a user, the save hook or CI would. The rewritten
package is then imported and run under `jax.jit` with real JAX.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent / "data" / "project_pkg"

# (file, line, code, the function's reason), every leak of pkg/, where the folder check reports it.
PKG_LEAKS = {
    ("pkg/ops.py", 9, "TFX101", "`normalize` is vmapped by `step` in pkg/model.py:10"),
    ("pkg/ops.py", 15, "TFX401", "`soft_limit` is called from traced `step` in pkg/model.py:14 with traced arguments"),
    ("pkg/util.py", 7, "TFX401", "`clip_small` is called from traced `scale` in pkg/layers.py:8 with traced arguments"),
}
# Models of Flax linen, Flax NNX, Equinox and Haiku, each reached only through a jitted step in
# another file (or a lifted nn.scan); analysed, never run (the libraries need not be installed).
MODEL_LEAKS = {
    ("models/linen_mlp.py", 11, "TFX101",
     "`__call__` is `Block.__call__`, called from traced `MLP.__call__` in models/linen_mlp.py:19 with traced arguments"),
    ("models/linen_scan.py", 9, "TFX401", "`__call__` is `Cell.__call__`, lifted by nn.scan(...) in models/linen_scan.py:13"),
    ("models/nnx_net.py", 11, "TFX101",
     "`__call__` is `Net.__call__`, called from traced `train_step` in models/nnx_train.py:9 with traced arguments"),
    ("models/eqx_head.py", 10, "TFX401", "`__call__` is `Head.__call__`, vmapped by `predict` in models/eqx_train.py:9"),
    ("models/hk_forward.py", 6, "TFX101",
     "`forward` is called from traced `step` in models/hk_train.py:8 with traced arguments"),
}
FINDING = re.compile(r"^(?P<file>[\w/.]+):(?P<line>\d+):\d+: (?P<code>TFX\d+) .*?\((?P<reason>`\w+(?:\.\w+)?` is .*?)\)(?:;| with)", re.M)


def tracerfix(*args: str, cwd: Path, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tracerfix", *args], cwd=cwd, input=input, capture_output=True, text=True,
        timeout=300,
    )


def findings(output: str) -> set[tuple[str, int, str, str]]:
    return {(m["file"], int(m["line"]), m["code"], m["reason"]) for m in FINDING.finditer(output)}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def test_check_on_the_folder_reports_the_helpers_leaks_with_their_callers(project):
    result = tracerfix("check", "--no-cache", "pkg/", cwd=project)
    assert result.returncode == 1, result.stderr
    assert findings(result.stdout) == PKG_LEAKS
    assert "describe" not in result.stdout, "a helper no transformation reaches stays silent"
    assert "model.py" not in {line.split(":")[0] for line in result.stdout.splitlines()}, (
        "`if n > 2` in the step is static: count_rows returns a shape"
    )


@pytest.mark.parametrize("file", ["pkg/ops.py", "pkg/util.py"])
def test_check_on_a_single_callee_file_finds_its_callers(project, file):
    result = tracerfix("check", "--no-cache", file, cwd=project)
    assert findings(result.stdout) == {leak for leak in PKG_LEAKS if leak[0] == file}


def test_framework_models_reached_from_steps_in_other_files(project):
    result = tracerfix("check", "--no-cache", "models/", cwd=project)
    assert findings(result.stdout) == MODEL_LEAKS, result.stdout
    # Decoder and Unused branch on their inputs too, but no transformation reaches them.
    assert all(line.split(":")[1] not in ("28", "35") for line in result.stdout.splitlines() if "linen_mlp" in line)


@pytest.mark.parametrize("file", sorted({leak[0] for leak in MODEL_LEAKS}))
def test_each_model_file_alone_still_sees_the_step_that_traces_it(project, file):
    result = tracerfix("check", "--no-cache", file, cwd=project)
    assert findings(result.stdout) == {leak for leak in MODEL_LEAKS if leak[0] == file}, result.stdout


def test_the_result_cache_follows_changes_in_a_callers_file(project):
    first = tracerfix("check", "pkg/ops.py", cwd=project)
    assert len(findings(first.stdout)) == 2
    # What other modules trace in ops.py is kept on disk, keyed by the texts it depends on.
    assert list(project.glob(".tracerfix_cache/*/project-*.json")), sorted(project.glob(".tracerfix_cache/**/*"))
    again = tracerfix("check", "pkg/ops.py", cwd=project)
    assert findings(again.stdout) == findings(first.stdout)
    model = project / "pkg" / "model.py"
    model.write_text(model.read_text().replace("scale(ops.soft_limit(rows), 0.5)", "scale(rows, 0.5)"))
    second = tracerfix("check", "pkg/ops.py", cwd=project)
    assert {f[2] for f in findings(second.stdout)} == {"TFX101"}, second.stdout


def test_save_hook_on_the_callee_fixes_it(project):
    source = (project / "pkg" / "ops.py").read_text()
    result = tracerfix("rewrite", "-", "--stdin-filename", "pkg/ops.py", cwd=project, input=source)
    assert "return jnp.tanh(x / limit) * limit" in result.stdout
    assert "`normalize` is vmapped by `step` in pkg/model.py:10" in result.stderr


def test_save_hook_keeps_the_seeds_in_the_cache_and_follows_a_callers_change(project):
    source = (project / "pkg" / "ops.py").read_text()

    def save():
        return tracerfix("rewrite", "-", "--stdin-filename", "pkg/ops.py", cwd=project, input=source)

    first = save()
    assert "return jnp.tanh(x / limit) * limit" in first.stdout
    assert list(project.glob(".tracerfix_cache/*/project-*.json")), "the hook keeps the file's seeds"
    assert save().stdout == first.stdout
    model = project / "pkg" / "model.py"
    model.write_text(model.read_text().replace("scale(ops.soft_limit(rows), 0.5)", "scale(rows, 0.5)"))
    after = save()
    assert "jnp.tanh" not in after.stdout and "soft_limit" in after.stdout, "no caller traces soft_limit now"
    no_cache = tracerfix("rewrite", "-", "--no-cache", "--stdin-filename", "pkg/ops.py", cwd=project, input=source)
    assert no_cache.stdout == after.stdout


def test_rewrite_over_the_folder_fixes_each_callee_and_the_package_runs_under_jit(project):
    result = tracerfix("rewrite", "--no-cache", "--unsafe-fixes", "pkg/", cwd=project)
    assert "Fixed 3 tracer leaks in 2 files" in result.stderr + result.stdout, result.stderr
    assert "jnp.tanh" in (project / "pkg" / "ops.py").read_text()
    assert "jnp.maximum" in (project / "pkg" / "util.py").read_text()
    assert tracerfix("check", "--no-cache", "pkg/", cwd=project).returncode == 0
    run = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(
            """
            import jax.numpy as jnp, numpy as np
            from pkg.model import step
            x = np.arange(12.0).reshape(3, 4) - 5
            rows = np.array([r / np.abs(r).sum() if np.abs(r).sum() > 0 else r for r in x])
            expected = np.maximum(np.tanh(rows * 2.0 / 3.0) * 3.0 * 0.5, 0.0)
            np.testing.assert_allclose(np.asarray(step(jnp.asarray(x))), expected, rtol=1e-5, atol=1e-6)
            print("ok")
            """
        )],
        cwd=project, capture_output=True, text=True, timeout=300,
    )
    assert run.stdout.strip() == "ok", run.stderr


@pytest.mark.slow
def test_rewrite_verify_over_the_folder(project):
    result = tracerfix("rewrite", "--verify", "--no-cache", "pkg/", cwd=project)
    output = result.stdout + result.stderr
    assert "Fixed 3 tracer leaks in 2 files" in output, output
    assert "Verified 3 of 3 rewritten functions" in output, output
