"""Bad input and bad luck: `tracerfix check` and `rewrite` on files that fight back.

Every test runs the real command in a subprocess (`python -m tracerfix`), next to a file with a
leak that must still be found and fixed: one bad file never stops the run. A file tracerfix cannot
handle gives one line on standard error, `path: error: reason`, and exit status 2, and its bytes
are left exactly as they were. Faults that cannot be arranged from outside (a crash in the middle
of a write, a file edited while tracerfix works) are injected into the same command by a wrapper
that patches one function before calling `tracerfix.cli.main`.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tracerfix.engine import Settings, fix
from tracerfix.registry import all_rules

LEAK = "import jax\n\n\n@jax.jit\ndef clip(x):\n    if x[0] < 0:\n        x = -x\n    return x\n"
CLEAN = "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef clip(x):\n    return jnp.maximum(x, 0)\n"
FIXED = fix(LEAK, Settings(rules=all_rules())).source
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def tracerfix(*args: str, cwd: Path, inject: str = "", drop_privileges: bool = False, timeout: int = 120):
    """Run `python -m tracerfix ARGS` (or, with `inject`, that code and then the CLI)."""
    command = [sys.executable, "-m", "tracerfix", *args]
    if inject:
        program = textwrap.dedent(inject) + "\nimport sys, tracerfix.cli\nsys.argv = ['tracerfix', *sys.argv[1:]]\ntracerfix.cli.main()\n"
        command = [sys.executable, "-c", program, *args]
    if drop_privileges and os.geteuid() == 0:
        # Make permission bits bind, as for any user, when the tests run as root: without these
        # capabilities root reads and writes files regardless of their mode.
        command = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", *command]
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def error_lines(result) -> list[str]:
    return [line for line in result.stderr.splitlines() if ": error: " in line]


def files_with_findings(result) -> list[str]:
    return [match.group(1) for match in re.finditer(r"^(\S+?):\d+:\d+: TFX", result.stdout, re.MULTILINE)]


@pytest.fixture
def tree(tmp_path):
    """A folder with one leak to fix and one clean file, next to which each test adds a bad one."""
    (tmp_path / "leak.py").write_text(LEAK)
    (tmp_path / "clean.py").write_text(CLEAN)
    return tmp_path


def assert_neighbours_handled(tree: Path, result, rewritten: bool) -> None:
    assert (tree / "leak.py").read_text() == (FIXED if rewritten else LEAK)
    assert (tree / "clean.py").read_text() == CLEAN
    if not rewritten:
        assert "leak.py:6:5: TFX101" in result.stdout


# --- input tracerfix cannot analyse ----------------------------------------------------------------


BAD_INPUTS = {
    # name: (bytes, what the one error line must say)
    "syntax.py": (b"import jax\n\ndef broken(:\n    pass\n", "syntax.py:3:"),
    "binary.py": (b"import jax\nx = '\xff\xfe caf\xe9'\n", "line 2: not valid utf-8 (byte 0xff)"),
    "first_line.py": (b"\xff = 1\n", "line 1: not valid utf-8"),
    "cookie.py": (b"# -*- coding: klingon -*-\nx = 1\n", "unknown encoding: klingon"),
    "nul.py": (b"import jax\nx = 1\x00\n", "nul.py"),
}


@pytest.mark.parametrize("command", ["check", "rewrite"])
def test_files_that_cannot_be_read_as_python_are_reported_and_left_alone(tree, command):
    for name, (data, _) in BAD_INPUTS.items():
        (tree / name).write_bytes(data)
    result = tracerfix(command, "--no-cache", ".", cwd=tree)
    assert result.returncode == EXIT_ERROR, result.stderr
    assert "Traceback" not in result.stderr
    errors = sorted(error_lines(result))
    assert len(errors) == len(BAD_INPUTS), result.stderr
    for line, (name, (data, reason)) in zip(errors, sorted(BAD_INPUTS.items())):
        assert line.startswith(name) and reason in line, line
        assert (tree / name).read_bytes() == data
    assert_neighbours_handled(tree, result, rewritten=command == "rewrite")


def test_syntax_error_in_a_jax_file_names_the_line(tree):
    (tree / "broken.py").write_text("import jax\n\n@jax.jit\ndef f(x):\n    return x +\n")
    result = tracerfix("check", "--no-cache", "broken.py", cwd=tree)
    assert result.returncode == EXIT_ERROR
    assert error_lines(result) == [line for line in result.stderr.splitlines() if line.startswith("broken.py:5:")]
    assert "syntax error" in result.stderr


def test_empty_file_is_clean(tree):
    (tree / "empty.py").write_bytes(b"")
    for command in ("check", "rewrite"):
        result = tracerfix(command, "--no-cache", "empty.py", cwd=tree)
        success = "All checks passed!\n" if command == "check" else ""
        assert (result.returncode, result.stdout, result.stderr) == (EXIT_CLEAN, success, "")
    assert (tree / "empty.py").read_bytes() == b""


# --- files tracerfix must write back exactly as they came --------------------------------------


def as_crlf(text: str) -> str:
    return text.replace("\n", "\r\n")


@pytest.mark.parametrize(
    "before, after",
    [
        pytest.param(codecs.BOM_UTF8 + LEAK.encode(), codecs.BOM_UTF8 + FIXED.encode(), id="utf8-bom"),
        pytest.param(as_crlf(LEAK).encode(), as_crlf(FIXED).encode(), id="crlf"),
        pytest.param(
            codecs.BOM_UTF8 + as_crlf(LEAK).encode(), codecs.BOM_UTF8 + as_crlf(FIXED).encode(), id="bom-crlf"
        ),
        pytest.param(
            LEAK.replace("    ", "\t").encode(), FIXED.replace("    ", "\t").encode(), id="tabs",
        ),
        pytest.param(
            ("# -*- coding: latin-1 -*-\n# Café\n" + LEAK).encode("latin-1"),
            ("# -*- coding: latin-1 -*-\n# Café\n" + FIXED).encode("latin-1"),
            id="latin-1-cookie",
        ),
        pytest.param(LEAK.rstrip("\n").encode(), FIXED.rstrip("\n").encode(), id="no-final-newline"),
    ],
)
def test_rewrite_keeps_the_file_form(tmp_path, before, after):
    path = tmp_path / "leak.py"
    path.write_bytes(before)
    path.chmod(0o754)
    check = tracerfix("check", "--no-cache", "leak.py", cwd=tmp_path)
    assert check.returncode == EXIT_FINDINGS and "leak.py:" in check.stdout, check.stderr
    line = int(check.stdout.split(":")[1])
    assert before.splitlines()[line - 1].strip().startswith(b"if x[0] < 0"), "the line counts the BOM/cookie right"
    result = tracerfix("rewrite", "--no-cache", "leak.py", cwd=tmp_path)
    assert result.returncode == EXIT_CLEAN, result.stderr
    assert path.read_bytes() == after
    assert stat.S_IMODE(path.stat().st_mode) == 0o754


def test_mixed_line_endings_are_kept_outside_the_rewritten_statement(tmp_path):
    lines = LEAK.splitlines(keepends=True)
    mixed = "".join(line.replace("\n", "\r\n") if number % 2 else line for number, line in enumerate(lines))
    path = tmp_path / "mixed.py"
    path.write_bytes(mixed.encode())
    assert tracerfix("rewrite", "--no-cache", "mixed.py", cwd=tmp_path).returncode == EXIT_CLEAN
    out = path.read_bytes().decode().splitlines(keepends=True)
    untouched = [line for line in lines if "x[0] < 0" not in line and "x = -x" not in line]
    kept = [line for line in mixed.splitlines(keepends=True) if line.replace("\r\n", "\n") in untouched]
    assert [line for line in out if line.replace("\r\n", "\n") in untouched] == kept
    assert [line.replace("\r\n", "\n") for line in out] == FIXED.splitlines(keepends=True)


def test_code_without_leaks_is_never_written(tree):
    before = (tree / "clean.py").stat()
    result = tracerfix("rewrite", "--no-cache", ".", cwd=tree)
    assert result.returncode == EXIT_CLEAN
    after = (tree / "clean.py").stat()
    assert (tree / "clean.py").read_text() == CLEAN
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)


def fifty_thousand_lines(module: str) -> str:
    """`module` with 12,500 small helpers between its imports and its function: over 50,000 lines,
    one finding at the end."""
    imports, function = module.split("\n\n\n", 1)
    filler = "".join(f"def helper_{n}(x):\n    return x + {n}\n\n\n" for n in range(12_500))
    source = f"{imports}\n\n\n{filler}{function}"
    assert source.count("\n") > 50_000
    return source


def test_a_fifty_thousand_line_file_is_checked(tmp_path):
    source = fifty_thousand_lines(LEAK)
    (tmp_path / "big.py").write_text(source)
    line = source.splitlines().index("    if x[0] < 0:") + 1
    result = tracerfix("check", "--no-cache", "big.py", cwd=tmp_path, timeout=300)
    assert result.returncode == EXIT_FINDINGS, result.stderr
    assert result.stdout.startswith(f"big.py:{line}:5: TFX101")


@pytest.mark.slow
def test_a_fifty_thousand_line_file_is_rewritten(tmp_path):
    (tmp_path / "big.py").write_text(fifty_thousand_lines(LEAK))
    result = tracerfix("rewrite", "--no-cache", "big.py", cwd=tmp_path, timeout=600)
    assert result.returncode == EXIT_CLEAN
    assert (tmp_path / "big.py").read_text() == fifty_thousand_lines(FIXED)


# --- the file system -------------------------------------------------------------------------------


def test_read_only_file_is_reported_not_written(tree):
    path = tree / "locked.py"
    path.write_text(LEAK)
    path.chmod(0o444)
    result = tracerfix("rewrite", "--no-cache", ".", cwd=tree, drop_privileges=True)
    assert result.returncode == EXIT_ERROR
    assert error_lines(result) == [
        "locked.py: error: is read-only; not written (make it writable, or use --diff to see the fix)"
    ]
    assert path.read_text() == LEAK and stat.S_IMODE(path.stat().st_mode) == 0o444
    assert_neighbours_handled(tree, result, rewritten=True)
    # The summary counts only the fix that reached the disk.
    assert result.stderr.splitlines()[-1] == "Fixed 1 tracer leak in 1 file; 1 fix not written (see the errors above)."


@pytest.mark.parametrize("command", ["check", "rewrite"])
def test_unreadable_file_is_reported(tree, command):
    path = tree / "secret.py"
    path.write_text(LEAK)
    path.chmod(0)
    result = tracerfix(command, "--no-cache", ".", cwd=tree, drop_privileges=True)
    assert result.returncode == EXIT_ERROR
    assert error_lines(result) == ["secret.py: error: permission denied while reading; check the file's permissions"]
    path.chmod(0o644)
    assert path.read_text() == LEAK
    assert_neighbours_handled(tree, result, rewritten=command == "rewrite")


def test_symlink_is_rewritten_through_and_its_target_counted_once(tree):
    (tree / "alias.py").symlink_to("leak.py")
    check = tracerfix("check", "--no-cache", ".", cwd=tree)
    assert files_with_findings(check) == ["leak.py"]
    result = tracerfix("rewrite", "--no-cache", "--jobs", "2", ".", cwd=tree)
    assert result.returncode == EXIT_CLEAN, result.stderr
    assert (tree / "alias.py").is_symlink() and os.readlink(tree / "alias.py") == "leak.py"
    assert (tree / "leak.py").read_text() == FIXED


def test_symlink_named_alone_writes_its_target(tmp_path):
    (tmp_path / "real.py").write_text(LEAK)
    (tmp_path / "alias.py").symlink_to("real.py")
    result = tracerfix("rewrite", "--no-cache", "alias.py", cwd=tmp_path)
    assert result.returncode == EXIT_CLEAN
    assert (tmp_path / "alias.py").is_symlink() and (tmp_path / "real.py").read_text() == FIXED


def test_dangling_symlink_is_reported(tree):
    (tree / "gone.py").symlink_to("missing.py")
    result = tracerfix("check", "--no-cache", ".", cwd=tree)
    assert result.returncode == EXIT_ERROR
    assert error_lines(result) == ["gone.py: error: no such file"]
    assert_neighbours_handled(tree, result, rewritten=False)


def test_a_directory_named_like_a_python_file_is_walked_not_read(tree):
    inner = tree / "weird.py"
    inner.mkdir()
    (inner / "inside.py").write_text(LEAK)
    result = tracerfix("check", "--no-cache", ".", cwd=tree)
    assert result.returncode == EXIT_FINDINGS, result.stderr
    assert "error" not in result.stderr
    assert sorted(files_with_findings(result)) == ["leak.py", os.path.join("weird.py", "inside.py")]


# --- bad luck while writing ------------------------------------------------------------------------

# The file is edited by someone else after tracerfix read it and before it writes.
EDITED_MEANWHILE = """
    import pathlib, tracerfix.engine
    real_fix = tracerfix.engine.fix
    def fix_while_someone_edits(source, *args, **kwargs):
        result = real_fix(source, *args, **kwargs)
        pathlib.Path("leak.py").write_text("# edited by hand\\n" + source)
        return result
    tracerfix.engine.fix = fix_while_someone_edits
"""

# The process dies after part of the new text reached the disk, before the rename.
KILLED_MID_WRITE = """
    import os
    real_fsync = os.fsync
    def die(fd):
        os.write(fd, b"half a file")
        os._exit(9)
    os.fsync = die
"""

# The disk fills up during the write.
DISK_FULL = """
    import errno, os
    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    os.fsync = full
"""


def test_a_file_edited_meanwhile_is_not_overwritten(tmp_path):
    (tmp_path / "leak.py").write_text(LEAK)
    result = tracerfix("rewrite", "--no-cache", "--jobs", "1", "leak.py", cwd=tmp_path, inject=EDITED_MEANWHILE)
    assert result.returncode == EXIT_ERROR
    assert error_lines(result) == ["leak.py: error: changed on disk while tracerfix was working on it; not written, run again"]
    assert "Fixed" not in result.stderr
    assert result.stderr.splitlines()[-1] == "1 fix not written (see the errors above)."
    assert (tmp_path / "leak.py").read_text() == "# edited by hand\n" + LEAK


def test_a_crash_in_the_middle_of_a_write_leaves_the_original_whole(tmp_path):
    (tmp_path / "leak.py").write_text(LEAK)
    result = tracerfix("rewrite", "--no-cache", "--jobs", "1", "leak.py", cwd=tmp_path, inject=KILLED_MID_WRITE)
    assert result.returncode == 9
    assert (tmp_path / "leak.py").read_text() == LEAK


def test_a_failed_write_leaves_the_original_and_no_temporary_file(tree):
    result = tracerfix("rewrite", "--no-cache", "--jobs", "1", ".", cwd=tree, inject=DISK_FULL)
    assert result.returncode == EXIT_ERROR
    assert error_lines(result) == ["leak.py: error: cannot write: No space left on device; the original is unchanged"]
    assert (tree / "leak.py").read_text() == LEAK
    assert sorted(p.name for p in tree.iterdir()) == ["clean.py", "leak.py"]


@pytest.mark.skipif(sys.version_info >= (3, 13), reason="CPython 3.13 keeps the AST constructor's depth per thread")
def test_the_standard_librarys_parses_wait_for_the_analysis_lock():
    # The traceback module parses the line of an error it formats (3.11+): in a thread beside the
    # analysis, that parse collided with ours ("AST constructor recursion depth mismatch").
    import ast
    import threading

    from tracerfix import pyast

    finished = threading.Event()
    with pyast._LOCK:
        worker = threading.Thread(target=lambda: (ast.parse("x + 1"), finished.set()))
        worker.start()
        assert not finished.wait(0.2)  # held back while the analysis parses
    assert finished.wait(5)
    worker.join()
