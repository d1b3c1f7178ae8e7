"""What the command says is what happened: fixes counted once written, `--diff` says "Would fix",
the leaks left are split into those an unsafe fix would handle and those left to a human, hints
are not given for what the configuration already does, unsafe fixes say why they are unsafe, and
per-rule fix safety (`extend-safe-fixes` / `extend-unsafe-fixes`) is honoured. The real CLI, in
a subprocess, on files on disk. (Fixes that could not be written: tests/test_faults.py.)"""

from __future__ import annotations

import pytest

from test_cli import UNFIXABLE, run

SAFE = "import jax\n\n\n@jax.jit\ndef f(x):\n    if x.sum() > 0:\n        x = x - 1\n    return x\n"
SAFE_FIXED = "    x = jnp.where(x.sum() > 0, x - 1, x)\n"
# `.tolist()` of a tracer: an unsafe fix (the function returns an array where it returned a list,
# which verification refuses).
UNSAFE = "import jax\n\n\n@jax.jit\ndef g(x):\n    return (x * 2).tolist()\n"
UNSAFE_FIXED = "    return (x * 2)\n"


@pytest.fixture
def project(tmp_path):
    (tmp_path / "safe.py").write_text(SAFE)
    (tmp_path / "unsafe.py").write_text(UNSAFE)
    (tmp_path / "by_hand.py").write_text(UNFIXABLE)
    return tmp_path


def summary_line(result) -> str:
    return result.stderr.splitlines()[-1]


def test_diff_says_would_fix_and_splits_what_is_left(project):
    result = run("rewrite", "--diff", ".", cwd=project)
    assert result.returncode == 1
    assert summary_line(result) == (
        "Would fix 1 tracer leak in 1 file; 2 left: 1 with an unsafe fix (`--unsafe-fixes` applies it), 1 to fix by hand."
    )
    assert (project / "safe.py").read_text() == SAFE, "--diff writes nothing"


def test_unsafe_fixes_show_why_in_check_and_rewrite(project):
    check = run("check", "unsafe.py", cwd=project)
    lines = check.stdout.splitlines()
    assert lines[0].startswith("unsafe.py:6:12: TFX201") and lines[0].endswith("[unsafe fix]")
    assert lines[1].startswith("    unsafe fix: Remove `.tolist()`; `.tolist()` gave Python lists")
    assert lines[2] == "Found 1 tracer leak. 1 more with `tracerfix rewrite --unsafe-fixes`."
    rewrite = run("rewrite", "unsafe.py", cwd=project)
    assert rewrite.stderr.splitlines()[1].startswith("    unsafe fix: Remove `.tolist()`;")
    assert summary_line(rewrite) == "1 left, with an unsafe fix (`--unsafe-fixes` applies it)."


def test_no_unsafe_hint_when_the_configuration_enables_them(project):
    (project / "pyproject.toml").write_text("[tool.tracerfix]\nunsafe-fixes = true\n")
    check = run("check", "unsafe.py", "by_hand.py", cwd=project)
    assert "--unsafe-fixes" not in check.stdout
    assert "Found 2 tracer leaks. [*] 1 fixable with `tracerfix rewrite`." in check.stdout
    rewrite = run("rewrite", ".", cwd=project)
    assert UNSAFE_FIXED in (project / "unsafe.py").read_text()
    assert summary_line(rewrite) == "Fixed 2 tracer leaks in 2 files; 1 left to fix by hand."


def test_extend_safe_and_unsafe_fixes_per_rule(project):
    (project / "pyproject.toml").write_text(
        '[tool.tracerfix]\nextend-safe-fixes = ["TFX201"]\nextend-unsafe-fixes = ["TFX1", "TFX201"]\n'
    )
    # TFX201 is in both: unsafe wins. TFX101 (safe by default) is demoted by the prefix.
    check = run("check", "safe.py", "unsafe.py", cwd=project)
    lines = check.stdout.splitlines()
    assert lines[0].startswith("safe.py:6:5: TFX101") and lines[0].endswith("[unsafe fix]")
    assert lines[1] == "    unsafe fix: Replace the `if` with `jnp.where(...)`; marked unsafe for this rule by `extend-unsafe-fixes`"
    assert lines[2].startswith("unsafe.py:6:12: TFX201") and lines[2].endswith("[unsafe fix]")

    (project / "pyproject.toml").write_text('[tool.tracerfix]\nextend-safe-fixes = ["TFX201"]\n')
    check = run("check", "unsafe.py", cwd=project)
    assert check.stdout.splitlines()[0].endswith("[*]")
    rewrite = run("rewrite", "unsafe.py", "safe.py", cwd=project)
    assert rewrite.returncode == 0, rewrite.stderr
    assert UNSAFE_FIXED in (project / "unsafe.py").read_text() and SAFE_FIXED in (project / "safe.py").read_text()

    (project / "pyproject.toml").write_text('[tool.tracerfix]\nextend-safe-fixes = ["TFX999"]\n')
    bad = run("check", "unsafe.py", cwd=project)
    assert bad.returncode == 2 and "extend-safe-fixes: unknown rule code 'TFX999'" in bad.stderr


def test_syntax_errors_are_placed_where_python_places_them(tmp_path):
    (tmp_path / "unclosed.py").write_text("import jax\n\n@jax.jit\ndef f(x):\n    y = (x +\n    return y\n")
    result = run("check", "unclosed.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == "unclosed.py:5:9: error: syntax error: '(' was never closed"


def test_an_early_return_in_a_loop_is_not_called_an_implicit_return_none(tmp_path):
    (tmp_path / "first.py").write_text(
        "import jax\n\n\n@jax.jit\ndef first(x):\n    for i in range(3):\n        if x[i] > 0:\n"
        "            return i\n    return -1\n"
    )
    result = run("check", "first.py", cwd=tmp_path)
    assert "implicit `return None`" not in result.stdout
    # The lowering writes the early return into a `lax.while_loop`, keeping the function's own
    # fall-through value.
    assert "1 fixable with `tracerfix rewrite`" in result.stdout
    diff = run("rewrite", "--diff", "first.py", cwd=tmp_path).stdout
    assert "lax.while_loop" in diff and "-1" in diff.split("lax.while_loop")[0]


def test_rewrite_verify_ends_with_its_summary_after_the_verdicts(project):
    """The verification verdicts come first; the last line sums up the run (it runs JAX)."""
    result = run("rewrite", "--verify", "--no-cache", "safe.py", "unsafe.py", cwd=project)
    lines = result.stderr.splitlines()
    verdict = next(i for i, line in enumerate(lines) if line.startswith("Verified "))
    assert lines[verdict].startswith("Verified 1 of 2 rewritten functions")
    assert lines[-1] == "Fixed 1 tracer leak in 1 file; 1 left to fix by hand.", result.stderr
    assert verdict < len(lines) - 1
    assert SAFE_FIXED in (project / "safe.py").read_text() and (project / "unsafe.py").read_text() == UNSAFE
