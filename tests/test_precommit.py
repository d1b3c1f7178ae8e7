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
