"""The hooks in `.pre-commit-hooks.yaml`, run by the real pre-commit against this checkout.

pre-commit builds the hook's environment by installing this repository (as it would from a
published tag), so these tests need a package index or wheel cache and take a while: slow.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

SEED_CLIP = """import jax


@jax.jit
def clip(x):
    for i in range(len(x)):
        if x[i] < 0:
            x = x.at[i].set(0)
    return x
"""

CLEAN = """import jax
import jax.numpy as jnp


@jax.jit
def clip(x):
    return jnp.where(x < 0, 0, x)
"""


def try_repo(project: Path, hook: str, *files: str) -> subprocess.CompletedProcess:
    pre_commit = shutil.which("pre-commit")
    assert pre_commit, "pre-commit is a dev dependency: pip install -e '.[dev]'"
    return subprocess.run(
        [pre_commit, "try-repo", str(REPO), hook, "--files", *files],
        cwd=project, capture_output=True, text=True, timeout=900,
    )


@pytest.fixture
def project(tmp_path: Path) -> Path:
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    (tmp_path / "leaky.py").write_text(SEED_CLIP)
    (tmp_path / "clean.py").write_text(CLEAN)
    subprocess.run(["git", "add", "."], cwd=tmp_path, check=True)
    return tmp_path


def test_the_check_hook_fails_on_a_leak_and_passes_clean_code(project: Path):
    leaky = try_repo(project, "tracerfix", "leaky.py")
    assert leaky.returncode == 1, leaky.stdout
    assert "leaky.py:6:5: TFX108" in leaky.stdout
    clean = try_repo(project, "tracerfix", "clean.py")
    assert clean.returncode == 0, clean.stdout


def test_the_rewrite_hook_fixes_the_file_and_fails_so_the_change_is_reviewed(project: Path):
    result = try_repo(project, "tracerfix-rewrite", "leaky.py")
    assert result.returncode == 1, result.stdout
    assert "x = jnp.where(x < 0, 0, x)" in (project / "leaky.py").read_text()
    again = try_repo(project, "tracerfix-rewrite", "leaky.py")
    assert again.returncode == 0, again.stdout


README = (REPO / "README.md").read_text()


def readme_yaml(section: str) -> list[str]:
    import re

    body = README.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0].split("\n### ", 1)[0]
    return re.findall(r"```yaml\n(.*?)```", body, re.S)


def pre_commit_run(project: Path, config: str, *files: str, env=None) -> subprocess.CompletedProcess:
    (project / ".pre-commit-config.yaml").write_text(config)
    subprocess.run(["git", "add", ".pre-commit-config.yaml"], cwd=project, check=True)  # pre-commit insists
    pre_commit = shutil.which("pre-commit")
    assert pre_commit
    return subprocess.run(
        [pre_commit, "run", "--files", *files], cwd=project, capture_output=True, text=True, timeout=900, env=env,
    )


def test_the_readmes_pinned_snippet_works_with_a_real_commit(project: Path):
    import re

    snippet = readme_yaml("pre-commit")[0]
    commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, text=True, check=True).stdout.strip()
    config = re.sub(r"(repo: )\S+", lambda m: m.group(1) + str(REPO), snippet, count=1)
    config = re.sub(r"(rev: )\S+", lambda m: m.group(1) + commit, config, count=1)
    assert commit in config and str(REPO) in config
    leaky = pre_commit_run(project, config, "leaky.py")
    assert leaky.returncode == 1, leaky.stdout + leaky.stderr
    assert "leaky.py:6:5: TFX108" in leaky.stdout
    assert pre_commit_run(project, config, "clean.py").returncode == 0


def test_the_readmes_local_hook_runs_the_installed_tracerfix(project: Path):
    import os
    import sys

    snippet = readme_yaml("pre-commit")[1]
    scripts = str(Path(sys.executable).parent)  # this environment's `tracerfix`
    env = {**os.environ, "PATH": f"{scripts}{os.pathsep}{os.environ['PATH']}"}
    leaky = pre_commit_run(project, snippet, "leaky.py", env=env)
    assert leaky.returncode == 1, leaky.stdout + leaky.stderr
    assert "leaky.py:6:5: TFX108" in leaky.stdout
    assert pre_commit_run(project, snippet, "clean.py", env=env).returncode == 0
