"""The command-line conventions users bring from ruff, each run through the real CLI: a report
file, exit status on fixes, colour control, the settings and files a run would use, `--add-noqa`,
fixes as text edits in JSON and SARIF, `--watch`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time

import pytest

from test_cli import SEED_CLIP, UNFIXABLE, read_from_a_terminal, run, tracerfix_command

SAFE = "import jax\n\n\n@jax.jit\ndef f(x):\n    if x.sum() > 0:\n        x = x - 1\n    return x\n"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


@pytest.fixture
def project(tmp_path):
    (tmp_path / "safe.py").write_text(SAFE)
    (tmp_path / "by_hand.py").write_text(UNFIXABLE)
    return tmp_path


def test_output_file_holds_the_report_and_stdout_stays_empty(project):
    result = run("check", "--output-format", "json", "-o", "report.json", ".", cwd=project)
    assert (result.returncode, result.stdout) == (1, "")
    records = json.loads((project / "report.json").read_text())
    assert sorted(r["path"] for r in records) == ["by_hand.py", "safe.py"]
    text = run("check", "--output-file", "report.txt", "safe.py", cwd=project)
    assert text.stdout == "" and (project / "report.txt").read_text().startswith("safe.py:6:5: TFX101")


def test_exit_non_zero_on_fix(project):
    plain = run("rewrite", "safe.py", cwd=project)
    assert plain.returncode == 0, "fixed, nothing left"
    (project / "safe.py").write_text(SAFE)
    strict = run("rewrite", "--exit-non-zero-on-fix", "safe.py", cwd=project)
    assert strict.returncode == 1 and "jnp.where" in (project / "safe.py").read_text()
    again = run("rewrite", "--exit-non-zero-on-fix", "safe.py", cwd=project)
    assert again.returncode == 0, "nothing fixed the second time"
    piped = run("rewrite", "-", "--exit-non-zero-on-fix", input=SAFE)
    assert piped.returncode == 1 and "jnp.where" in piped.stdout


def test_colour_follows_no_color_and_the_color_option(project):
    base = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "FORCE_COLOR")}
    check = [*tracerfix_command(), "check", "safe.py"]
    status, coloured = read_from_a_terminal(check, project, base)
    assert status == 1 and "\x1b[31m\x1b[1mTFX101\x1b[0m" in coloured, "a terminal gets colours"
    for flags, env in (((), {**base, "NO_COLOR": "1"}), (("--color", "never"), base)):
        status, plain = read_from_a_terminal([*check, *flags], project, env)
        assert status == 1 and "TFX101" in plain and not ANSI.search(plain), (flags, "NO_COLOR" in env)
    _, forced = read_from_a_terminal([*check, "--color", "always"], project, {**base, "NO_COLOR": "1"})
    assert ANSI.search(forced), "--color always wins over NO_COLOR"
    # `always` colours a pipe too; the default does not.
    piped = run("rewrite", "--diff", "--color", "always", "safe.py", cwd=project)
    assert "\x1b[31m-    if x.sum() > 0:" in piped.stdout
    assert not ANSI.search(run("rewrite", "--diff", "safe.py", cwd=project).stdout)


def test_show_settings_and_show_files(project):
    (project / "pyproject.toml").write_text(
        '[tool.tracerfix]\nignore = ["TFX5"]\nunsafe-fixes = true\nexclude = ["generated"]\n'
    )
    (project / "generated").mkdir()
    (project / "generated" / "g.py").write_text(SAFE)
    settings = run("check", "--show-settings", "--select", "TFX1", "safe.py", cwd=project)
    assert settings.returncode == 0, settings.stderr
    lines = settings.stdout.splitlines()
    assert lines[0] == "Settings for safe.py:"
    assert "  configuration: pyproject.toml" in lines
    assert "  select: ['TFX1'] (command line)" in lines
    assert "  unsafe-fixes: true (pyproject.toml)" in lines
    rules_line = next(line for line in lines if line.startswith("  rules ("))
    assert "TFX101" in rules_line and "TFX201" not in rules_line and "TFX502" not in rules_line
    files = run("check", "--show-files", ".", cwd=project)
    assert (files.returncode, files.stdout.splitlines()) == (0, ["by_hand.py", "safe.py"])


MULTILINE = (
    "import jax\n\n\n@jax.jit\ndef g(x, y):\n    if x.sum() > y.sum():  # why: legacy\n        y = y + 1\n"
    "    z = max(x.sum(), 0.0)  # noqa: E501\n    return max(z, len(\'\'\'a\nb\'\'\'))\n"
)


def test_add_noqa_silences_every_finding_and_keeps_the_code_valid(project):
    (project / "multi.py").write_text(MULTILINE)
    (project / "clip.py").write_bytes(SEED_CLIP.replace("\n", "\r\n").encode())
    before = run("check", ".", cwd=project)
    assert before.returncode == 1
    added = run("check", "--add-noqa", ".", cwd=project)
    assert added.returncode == 0, added.stderr
    assert re.fullmatch(r"Added \d+ noqa directives\.\n", added.stderr)
    after = run("check", ".", cwd=project)
    assert (after.returncode, after.stdout) == (0, "All checks passed!\n"), after.stdout
    multi = (project / "multi.py").read_text()
    compile(multi, "multi.py", "exec")
    assert "# why: legacy  # noqa: TFX101" in multi and "# noqa: E501, TFX107" in multi
    assert "b\'\'\'))  # noqa: TFX107\n" in multi, "a line ending inside a string cannot hold a comment"
    assert b"\r\n" in (project / "clip.py").read_bytes() and b"\n" not in (project / "clip.py").read_bytes().replace(b"\r\n", b"")
    assert run("check", "--add-noqa", ".", cwd=project).stderr == "Added 0 noqa directives.\n"


def apply_edits(text: str, edits: list[tuple[int, int, int, int, str]]) -> str:
    """Apply (line, column, end line, end column, content) edits, 1-based, end exclusive."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(line: int, column: int) -> int:
        return starts[line - 1] + column - 1

    for line, column, end_line, end_column, content in sorted(edits, reverse=True):
        text = text[: offset(line, column)] + content + text[offset(end_line, end_column):]
    return text


def test_fixes_travel_as_edits_in_json_and_sarif(project):
    (project / "clip.py").write_text(SEED_CLIP)
    rewritten = run("rewrite", "--diff", "clip.py", "safe.py", cwd=project)
    assert rewritten.returncode == 1
    expected = {}
    for name in ("clip.py", "safe.py"):
        copy = project / "copy" / name
        copy.parent.mkdir(exist_ok=True)
        copy.write_text((project / name).read_text())
    fixed = run("rewrite", "copy", cwd=project)
    assert fixed.returncode == 0, fixed.stderr
    for name in ("clip.py", "safe.py"):
        expected[name] = (project / "copy" / name).read_text()

    records = json.loads(run("check", "--output-format", "json", "clip.py", "safe.py", "by_hand.py", cwd=project).stdout)
    by_path = {}
    for record in records:
        if record["fix"] is None:
            assert record["path"] == "by_hand.py"
            continue
        assert record["fix"]["applicability"] == "safe" and record["fix"]["message"].startswith("Replace")
        edits = [
            (e["location"]["row"], e["location"]["column"], e["end_location"]["row"], e["end_location"]["column"], e["content"])
            for e in record["fix"]["edits"]
        ]
        by_path.setdefault(record["path"], []).append(edits)
    for path, fixes in by_path.items():
        assert len(fixes) == 1, "one fixable finding per file here"
        assert apply_edits((project / path).read_text(), fixes[0]) == expected[path]

    log = json.loads(run("check", "--output-format", "sarif", "clip.py", "safe.py", cwd=project).stdout)
    for result in log["runs"][0]["results"]:
        (fix,) = result["fixes"]
        (change,) = fix["artifactChanges"]
        path = change["artifactLocation"]["uri"]
        edits = [
            (r["deletedRegion"]["startLine"], r["deletedRegion"]["startColumn"], r["deletedRegion"]["endLine"],
             r["deletedRegion"]["endColumn"], r["insertedContent"]["text"])
            for r in change["replacements"]
        ]
        assert apply_edits((project / path).read_text(), edits) == expected[path]


def test_watch_checks_again_when_a_file_changes(project):
    (project / "by_hand.py").unlink()
    env = {**os.environ, "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [*tracerfix_command(), "check", "--watch", "--no-cache", "."], cwd=project, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    seen: list[str] = []

    def wait_for(text: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            seen.append(line)
            if text in line:
                return
        raise AssertionError(f"{text!r} not seen in {seen}")

    try:
        wait_for("Found 1 tracer leak.")
        wait_for("Watching for changes")
        time.sleep(0.1)
        (project / "safe.py").write_text(SAFE.replace("    if x.sum() > 0:\n        x = x - 1\n", "    x = x - 1\n"))
        wait_for("File change detected")
        wait_for("All checks passed!")
        assert process.poll() is None, "it keeps watching"
    finally:
        process.terminate()
        process.wait(timeout=30)
