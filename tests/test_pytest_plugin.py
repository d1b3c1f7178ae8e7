"""The pytest plugin, run by the real pytest on a small project whose tests hit tracer errors."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

MODEL = '''\
import jax
import jax.numpy as jnp


def shrink(x):
    if x.sum() > 10:
        x = x - 1
    return x


def count(x, n):
    return x * int(n)


@jax.jit
def scaled(x, n):
    return count(x, n) + 1
'''
TESTS = '''\
import jax
import jax.numpy as jnp
import pytest

from pkg.model import scaled, shrink


def test_shrink_under_jit():
    assert jax.jit(shrink)(jnp.arange(8.0)).shape == (8,)


def test_shrink_twice():
    assert jax.jit(shrink)(jnp.ones(30)).sum() == 0.0


def test_scaled():
    scaled(jnp.ones(2), 3)


def test_passes():
    assert shrink(jnp.arange(3.0)).sum() == 3.0


def test_expected_tracer_error_is_not_a_failure():
    with pytest.raises(jax.errors.TracerBoolConversionError):
        jax.jit(shrink)(jnp.arange(3.0))
'''
# Records whether JAX was imported when the session ended (the plugin must not import it).
CONFTEST = '''\
import sys


def pytest_unconfigure(config):
    with open("jax_imported.txt", "w") as handle:
        handle.write(str("jax" in sys.modules))
'''


@pytest.fixture
def project(tmp_path):
    pytest.importorskip("jax")
    root = tmp_path / "project"
    (root / "pkg").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "model.py").write_text(MODEL)
    (root / "tests" / "test_model.py").write_text(TESTS)
    (root / "conftest.py").write_text(CONFTEST)
    (root / "pyproject.toml").write_text("[tool.pytest.ini_options]\npythonpath = ['.']\n")
    return root


def pytest_run(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "tracerfix.pytest_plugin", *args],
        cwd=root, capture_output=True, text=True, timeout=600, env=dict(os.environ, JAX_PLATFORMS="cpu"),
    )


def outcome(result: subprocess.CompletedProcess) -> str:
    return re.findall(r"^=+ (.*(?:passed|failed).*) in [\d.]+s", result.stdout, re.M)[-1]


def section(result: subprocess.CompletedProcess) -> str:
    text = result.stdout
    start = text.index("tracerfix: ")
    return text[start : text.index("short test summary", start)]


def test_reports_the_leaks_behind_the_failures_without_changing_outcomes(project):
    reported = pytest_run(project, "--tracerfix")
    # Without the plugin these tests give 3 failures (two tracer errors, one test hitting the
    # first twice) and 2 passes (one expects the error with pytest.raises).
    assert reported.returncode == 1
    assert outcome(reported) == "3 failed, 2 passed"
    summary = section(reported)
    assert summary.startswith("tracerfix: 2 tracer errors in the tests")
    assert re.search(r"tests/test_model\.py::test_shrink_under_jit \(and 1 more\): TracerBoolConversionError at \S*pkg/model\.py:6", summary)
    assert "tests/test_model.py::test_scaled: ConcretizationTypeError at" in summary
    assert re.search(r"^pkg/model\.py:6:5: TFX101 .*`shrink` is traced for jit, as the traceback shows.* \[\*\]$", summary, re.M)
    assert re.search(r"^pkg/model\.py:12:16: TFX201 ", summary, re.M)
    assert "2 fixable: run pytest with --tracerfix-fix" in summary
    assert "test_expected_tracer_error" not in summary
    assert (project / "pkg" / "model.py").read_text() == MODEL


def test_fix_applies_verified_fixes_and_the_tests_pass_after(project):
    fixed = pytest_run(project, "--tracerfix-fix")
    assert outcome(fixed) == "3 failed, 2 passed"  # this session's outcomes are what they were
    assert "pkg/model.py:6:5: TFX101 fixed:" in section(fixed)
    assert "pkg/model.py:12:16: TFX201 fixed:" in section(fixed)
    # TFX201's fix (`.astype(int)`) is unsafe: applied because it verified.
    assert "tracerfix fixed 2 leaks in 1 file; run the tests again." in fixed.stdout
    source = (project / "pkg" / "model.py").read_text()
    assert "x = jnp.where(x.sum() > 10, x - 1, x)" in source and "return x * n.reshape(()).astype(int)" in source
    again = pytest_run(project)
    # The fixed functions no longer raise: the test that expected the error now fails.
    assert outcome(again) == "1 failed, 4 passed"
    assert "FAILED tests/test_model.py::test_expected_tracer_error_is_not_a_failure" in again.stdout
    assert "tracerfix:" not in again.stdout  # the plugin is silent without its options


def test_the_plugin_does_not_import_jax(tmp_path):
    (tmp_path / "test_plain.py").write_text("def test_fails():\n    raise TypeError('a Tracer-free failure')\n")
    (tmp_path / "conftest.py").write_text(CONFTEST)
    result = pytest_run(tmp_path, "--tracerfix")
    assert outcome(result) == "1 failed"
    assert (tmp_path / "jax_imported.txt").read_text() == "False"


def test_installed_entry_point_loads_the_plugin_without_p(project):
    from importlib.metadata import entry_points

    names = [ep.name for ep in entry_points(group="pytest11") if ep.value == "tracerfix.pytest_plugin"]
    assert names == ["tracerfix.pytest_plugin"], "reinstall tracerfix (pip install -e .) to register the entry point"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--tracerfix", "-k", "scaled"],
        cwd=project, capture_output=True, text=True, timeout=600, env=dict(os.environ, JAX_PLATFORMS="cpu"),
    )
    assert "tracerfix: 1 tracer error in the tests" in result.stdout
