"""The installed `tracerfix` command end to end, as a user, an editor, pre-commit or CI runs it.

Every test starts the real entry point in a subprocess; each process costs a LibCST import, so
tests check several things per run rather than one.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path
from urllib.parse import unquote

import pytest

from tracerfix.registry import all_rules
from tracerfix.rule import DOC_SECTIONS

REPO = Path(__file__).resolve().parent.parent
SEED_CLIP = (REPO / "examples" / "seed_clip.py").read_text()
CLIP_LINE = next(n for n, line in enumerate(SEED_CLIP.splitlines(), 1) if "if x[0] < 0:" in line)
FIXED_CLIP_LINE = "    result = jnp.where(x[0] < 0, result.at[0].set(0), result)  # expect: TFX101\n"

CLEAN = "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef f(x):\n    return jnp.maximum(x, 0)\n"
UNFIXABLE = 'import jax\n\n\n@jax.jit\ndef f(x):\n    if x.min() < 0:\n        raise ValueError("negative", x.min())\n    return x\n'
PICK = (
    "import jax\n\n\n@jax.jit\ndef pick(x, y):\n    if x.sum() > y.sum():\n        out = x - y\n"
    "    else:\n        out = y - x\n    return out\n"
)


def tracerfix_command() -> list[str]:
    script = Path(sysconfig.get_path("scripts")) / "tracerfix"
    if script.exists():
        return [str(script)]
    found = shutil.which("tracerfix")
    return [found] if found else [sys.executable, "-m", "tracerfix"]


def run(*args: str, input=None, cwd: Path | None = None, python_flags=(), text=True) -> subprocess.CompletedProcess:
    """The command's result; `text=False` keeps stdout as bytes (a diff's CRLF lines intact)."""
    command = tracerfix_command()
    if python_flags:
        command = [sys.executable, *python_flags, "-m", "tracerfix"]
    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("FORCE_COLOR", None)
    return subprocess.run([*command, *args], input=input, capture_output=True, text=text, cwd=cwd, env=env, timeout=120)


@pytest.fixture
def project(tmp_path):
    """A folder with a leak that gets fixed, one that cannot be, a clean file and a broken one."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "clip.py").write_text(SEED_CLIP)
    (tmp_path / "pkg" / "side_effect.py").write_text(UNFIXABLE)
    (tmp_path / "clean.py").write_text(CLEAN)
    return tmp_path


# -- check: formats and exit codes -----------------------------------------------------------------


def test_check_text_output_and_exit_codes(project):
    leaks = run("check", "pkg", cwd=project)
    assert leaks.returncode == 1, leaks.stderr
    lines = leaks.stdout.splitlines()
    assert lines[0].startswith(f"pkg/clip.py:{CLIP_LINE}:5: TFX101 Python `if` on traced value `x[0] < 0`")
    assert lines[0].endswith("[*]")
    assert lines[1].startswith("pkg/side_effect.py:6:5: TFX101") and not lines[1].endswith("]")
    assert lines[2] == "Found 2 tracer leaks. [*] 1 fixable with `tracerfix rewrite`."
    assert lines[3] == "Run `tracerfix explain TFX101` to read about a rule."

    quiet = run("check", "--quiet", "--exit-zero", "pkg", cwd=project)
    assert quiet.returncode == 0 and quiet.stdout.splitlines() == lines[:2]

    clean = run("check", "clean.py", cwd=project)
    assert (clean.returncode, clean.stdout, clean.stderr) == (0, "All checks passed!\n", "")
    clean_quiet = run("check", "--quiet", "clean.py", cwd=project)
    assert (clean_quiet.returncode, clean_quiet.stdout, clean_quiet.stderr) == (0, "", "")

    (project / "broken.py").write_text("import jax\n\ndef f(x:\n")
    broken = run("check", "--exit-zero", "broken.py", "pkg", cwd=project)
    assert broken.returncode == 2, "--exit-zero does not hide a file that could not be processed"
    assert re.match(r"broken\.py:3:\d+: error: syntax error", broken.stderr)

    missing = run("check", "no_such_file.py", cwd=project)
    assert missing.returncode == 2 and "no such file or folder" in missing.stderr


def test_check_statistics(project):
    text = run("check", "--statistics", "pkg", cwd=project)
    assert text.returncode == 1
    assert text.stdout == "2  TFX101  python-if-on-tracer  [*] 1 fixable\n"
    as_json = run("check", "--statistics", "--output-format", "json", "pkg", cwd=project)
    assert json.loads(as_json.stdout) == [{"code": "TFX101", "rule": "python-if-on-tracer", "count": 2, "fixable": 1}]
    refused = run("check", "--statistics", "--output-format", "sarif", "pkg", cwd=project)
    assert refused.returncode == 2 and "--statistics" in refused.stderr


def test_check_json(project):
    result = run("check", "--output-format", "json", "pkg/clip.py", cwd=project)
    assert result.returncode == 1
    (record,) = json.loads(result.stdout)
    assert record["path"] == "pkg/clip.py" and record["code"] == "TFX101" and record["rule"] == "python-if-on-tracer"
    assert (record["line"], record["column"]) == (CLIP_LINE, 5)
    assert record["fixable"] is True and record["fix_safety"] == "safe"


def test_check_github_annotations(project):
    (project / "odd, name: 100%.py").write_text(SEED_CLIP)
    result = run("check", "--output-format", "github", "odd, name: 100%.py", "pkg/side_effect.py", cwd=project)
    assert result.returncode == 1
    first, second = result.stdout.splitlines()
    match = re.fullmatch(r"::error (?P<properties>[^:]*)::(?P<message>.*)", first)
    assert match, first
    properties = dict(item.split("=", 1) for item in match["properties"].split(","))
    assert properties["file"] == "odd%2C name%3A 100%25.py"  # GitHub's property escaping
    assert (properties["line"], properties["col"]) == (str(CLIP_LINE), "5")
    assert int(properties["endLine"]) > CLIP_LINE and "endColumn" in properties
    assert properties["title"] == "tracerfix (TFX101)"
    assert "TFX101 Python `if` on traced value" in match["message"]
    assert second.startswith("::error file=pkg/side_effect.py,line=6,col=5,")


def test_check_sarif_has_the_fields_sarif_2_1_0_requires(project):
    (project / "broken.py").write_text("def f(:\n")
    result = run("check", "--output-format", "sarif", "pkg", "broken.py", cwd=project)
    assert result.returncode == 2
    log = json.loads(result.stdout)
    # Required by the SARIF 2.1.0 schema: sarifLog.version/runs, run.tool, tool.driver,
    # toolComponent.name, reportingDescriptor.id, result.message, message.text (or id),
    # invocation.executionSuccessful, notification.message; regions count from 1.
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-2.1.0.json")
    (run_,) = log["runs"]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "tracerfix" and driver["version"]
    rule_ids = [rule["id"] for rule in driver["rules"]]
    assert rule_ids == [rule.code for rule in all_rules()]
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert "## What it does" not in rule["fullDescription"]["text"] and "## Fix safety" in rule["help"]["markdown"]
    assert run_["columnKind"] in ("utf16CodeUnits", "unicodeCodePoints")
    assert run_["originalUriBaseIds"]["%SRCROOT%"]["uri"].endswith("/")
    results = run_["results"]
    assert [r["ruleId"] for r in results] == ["TFX101", "TFX101"]
    for result_ in results:
        assert result_["message"]["text"] and result_["level"] in ("none", "note", "warning", "error")
        assert driver["rules"][result_["ruleIndex"]]["id"] == result_["ruleId"]
        (location,) = result_["locations"]
        artifact = location["physicalLocation"]["artifactLocation"]
        assert artifact["uriBaseId"] == "%SRCROOT%" and (project / unquote(artifact["uri"])).is_file()
        region = location["physicalLocation"]["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert (region["endLine"], region["endColumn"]) >= (region["startLine"], region["startColumn"])
    clip = next(r for r in results if r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "pkg/clip.py")
    assert clip["locations"][0]["physicalLocation"]["region"]["startLine"] == CLIP_LINE
    (invocation,) = run_["invocations"]
    assert invocation["executionSuccessful"] is False
    (notification,) = invocation["toolExecutionNotifications"]
    assert "syntax error" in notification["message"]["text"]


# -- rewrite ---------------------------------------------------------------------------------------


def test_rewrite_in_place_and_exit_codes(project):
    result = run("rewrite", "pkg", cwd=project)
    assert result.returncode == 1, "a leak without a fix remains"
    assert FIXED_CLIP_LINE in (project / "pkg" / "clip.py").read_text()
    assert (project / "pkg" / "side_effect.py").read_text() == UNFIXABLE
    assert "Fixed 1 tracer leak in 1 file; 1 left to fix by hand." in result.stderr
    again = run("rewrite", "--quiet", "pkg/clip.py", cwd=project)
    assert (again.returncode, again.stdout, again.stderr) == (0, "", "")
    assert run("rewrite", "--exit-zero", "pkg", cwd=project).returncode == 0


# What `rewrite -` of a file without loops has no use for: the loop rewrites, writing files, the
# cache and the process pool, .gitignore, verification, the language server, diffs, and the TOML
# parser when no pyproject.toml configures tracerfix.
NOT_FOR_THE_SAVE_ACTION = (
    "tracerfix.loops", "tempfile", "tracerfix.parallel", "tracerfix.gitignore",
    "tracerfix.verify", "tracerfix.lsp", "difflib", "tomllib", "click",
)


def test_stdin_save_action_never_imports_jax_or_slow_modules(tmp_path):
    # A project that names tracerfix as a dependency and a script, but does not configure it.
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "clipper"\ndependencies = ["tracerfix>=0.1"]  # [tool.tracerfix] some day\n\n'
        '[project.scripts]\ntracerfix-clip = "clipper:main"\n\n[tool.ruff]\nline-length = 100\n'
    )
    # The first save keeps what other modules trace in the file in the cache (writing it needs
    # tempfile); the saves after it only read.
    first = run("rewrite", "-", "--stdin-filename", "pkg/clip.py", input=SEED_CLIP, cwd=tmp_path)
    assert first.returncode == 0
    result = run(
        "rewrite", "-", "--stdin-filename", "pkg/clip.py", input=SEED_CLIP, cwd=tmp_path, python_flags=("-X", "importtime")
    )
    assert result.returncode == 0 and result.stdout == first.stdout
    assert result.stdout == SEED_CLIP.replace(SEED_CLIP.splitlines(keepends=True)[CLIP_LINE - 1], FIXED_CLIP_LINE).replace(
        "        result = result.at[0].set(0)\n", "", 1
    )
    imported = {line.rsplit("|", 1)[-1].strip() for line in result.stderr.splitlines() if line.startswith("import time:")}
    assert {"libcst", "tracerfix.rewrite"} <= imported, "importtime output lacks what the rules import"
    for heavy in ("jax", "numpy", "libcst.matchers", "pygls", "lsprotocol"):
        assert heavy not in imported, f"`tracerfix rewrite -` imported {heavy}"
    for needless in NOT_FOR_THE_SAVE_ACTION:
        assert needless not in imported, f"`tracerfix rewrite -` of a file without loops imported {needless}"

    unfixable = run("rewrite", "-", "--stdin-filename", "side_effect.py", input=UNFIXABLE)
    assert unfixable.returncode == 1 and unfixable.stdout == UNFIXABLE
    assert unfixable.stderr.startswith("side_effect.py:6:5: TFX101")


def test_every_toml_spelling_of_the_configuration_is_read(tmp_path):
    """The quick look that spares other projects' pyproject.toml the TOML parser misses no table."""
    spellings = {
        "table_key": '[tool]\ntracerfix = { ignore = ["TFX101"] }\n',
        "dotted_key": 'tool.tracerfix.ignore = ["TFX101"]\n',
        "spaced_quoted_header": '[ tool . "tracerfix" ]  # ours\nignore = ["TFX101"]\n',
        "not_configured": '[project]\nname = "x"\ndependencies = ["tracerfix"]  # see [tool.tracerfix]\n',
    }
    for folder, text in spellings.items():
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "pyproject.toml").write_text(text)
        (tmp_path / folder / "side_effect.py").write_text(UNFIXABLE)
    result = run("check", "--quiet", *spellings, cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    assert [line.split(":")[0] for line in result.stdout.splitlines()] == ["not_configured/side_effect.py"]


def test_diff_applies_with_git_apply_and_patch(project):
    (project / "pkg" / "crlf.py").write_bytes(PICK.replace("\n", "\r\n").encode())
    (project / "pkg" / "no_final_newline.py").write_text(PICK.rstrip("\n"))
    # A form feed inside a line is no line break for patch (str.splitlines would break there).
    (project / "pkg" / "form_feed.py").write_text(SEED_CLIP.replace("    result = x\n", "    result = x  # \x0c\n", 1))
    originals = {p: p.read_bytes() for p in project.rglob("*.py")}

    diff = run("rewrite", "--diff", "pkg", cwd=project, text=False)
    assert diff.returncode == 1 and diff.stdout.startswith(b"--- pkg/clip.py\n+++ pkg/clip.py\n@@ ")
    assert b"\r\n" in diff.stdout and b"\\ No newline at end of file\n" in diff.stdout
    assert b"\x1b[" not in diff.stdout, "no colour when the output is not a terminal"
    assert {p: p.read_bytes() for p in originals} == originals, "--diff writes nothing"

    expected_copy = project.parent / (project.name + "-expected")
    shutil.copytree(project, expected_copy)
    run("rewrite", "pkg", cwd=expected_copy)
    expected = {p.relative_to(expected_copy): p.read_bytes() for p in expected_copy.rglob("*.py")}
    assert expected != {p.relative_to(project): b for p, b in originals.items()}

    for command in (["git", "apply", "-p0"], ["patch", "-p0", "--quiet"]):
        if shutil.which(command[0]) is None:
            pytest.fail(f"{command[0]} is needed to check that diffs apply")
        for path, content in originals.items():
            path.write_bytes(content)
        applied = subprocess.run(command, input=diff.stdout, cwd=project, capture_output=True)
        assert applied.returncode == 0, (command, applied.stderr.decode())
        assert {p.relative_to(project): p.read_bytes() for p in project.rglob("*.py")} == expected, command

    nothing = run("rewrite", "--diff", "clean.py", cwd=project)
    assert (nothing.returncode, nothing.stdout) == (0, "")


def read_from_a_terminal(command: list[str], cwd: Path, env: dict) -> tuple[int, str]:
    """Run `command` with its standard output on a pseudo-terminal: (exit status, what it printed)."""
    if not hasattr(os, "openpty"):
        pytest.fail("pseudo-terminals are needed to check colours (POSIX)")
    terminal, child_side = os.openpty()
    with subprocess.Popen(command, stdout=child_side, stderr=subprocess.DEVNULL, cwd=cwd, env=env) as process:
        os.close(child_side)
        output = bytearray()
        while True:
            try:
                chunk = os.read(terminal, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            output.extend(chunk)
    os.close(terminal)
    return process.returncode, output.decode().replace("\r\n", "\n")  # the terminal turns \n into \r\n


def test_diff_is_coloured_on_a_terminal(project):
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "FORCE_COLOR")}
    status, text = read_from_a_terminal([*tracerfix_command(), "rewrite", "--diff", "pkg/clip.py"], project, env)
    assert status == 1
    assert "\x1b[31m-    if x[0] < 0:" in text and "\x1b[32m+    result = jnp.where(" in text
    assert "\x1b[36m@@ " in text and "\x1b[1m--- pkg/clip.py" in text


# -- rule documentation ----------------------------------------------------------------------------


def test_rules_and_explain():
    listing = run("rules")
    assert listing.returncode == 0
    rows = listing.stdout.splitlines()
    assert len(rows) == len(all_rules())
    for row, rule in zip(rows, all_rules()):
        assert row.split()[:3] == [rule.code, rule.name, rule.fix_kind()] and row.endswith(rule.summary)

    explained = run("explain", "TFX101")
    assert explained.returncode == 0 and explained.stdout.startswith("TFX101 (python-if-on-tracer)")
    for section in DOC_SECTIONS:
        assert f"## {section}" in explained.stdout
    unknown = run("explain", "TFX999")
    assert unknown.returncode == 2 and "tracerfix rules" in unknown.stderr


# -- pre-commit ------------------------------------------------------------------------------------


def pre_commit_hooks() -> list[dict[str, str]]:
    """`.pre-commit-hooks.yaml`, which keeps to flat `key: value` entries so no YAML library is needed."""
    hooks: list[dict[str, str]] = []
    for line in (REPO / ".pre-commit-hooks.yaml").read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        item = re.fullmatch(r"(- )?\s*([\w-]+):\s*(.*)", line.strip())
        assert item, f"unexpected line in .pre-commit-hooks.yaml: {line!r}"
        if item[1]:
            hooks.append({})
        hooks[-1][item[2]] = item[3].strip().strip('"')
    return hooks


def test_pre_commit_hooks_run_on_the_files_pre_commit_passes(project):
    hooks = {hook["id"]: hook for hook in pre_commit_hooks()}
    assert set(hooks) == {"tracerfix", "tracerfix-rewrite"}
    for hook in hooks.values():
        assert hook["language"] == "python" and hook["types"] == "[python]" and hook["name"]
        assert hook["entry"].split()[0] == "tracerfix"
    # pre-commit appends the staged files to the entry.
    files = ["pkg/clip.py", "clean.py"]
    checked = run(*hooks["tracerfix"]["entry"].split()[1:], *files, cwd=project)
    assert checked.returncode == 1 and "TFX101" in checked.stdout
    rewritten = run(*hooks["tracerfix-rewrite"]["entry"].split()[1:], *files, cwd=project)
    assert rewritten.returncode == 0 and FIXED_CLIP_LINE in (project / "pkg" / "clip.py").read_text()


# --- the save hook without click (tracerfix/entry.py) ----------------------------------------------

SAVE_HOOK_FORMS = [
    ["rewrite", "-"],
    ["rewrite", "-", "--stdin-filename", "pkg/clip.py"],
    ["rewrite", "--stdin-filename=pkg/clip.py", "-"],
    ["rewrite", "-", "--quiet", "--exit-zero", "--stdin-filename", "pkg/clip.py"],
    ["rewrite", "-q", "-", "--exit-zero"],
]
CLICK_FORMS = [
    ["rewrite", "pkg/clip.py"],
    ["rewrite", "-", "--diff"],
    ["rewrite", "-", "--unsafe-fixes"],
    ["rewrite", "-", "-", "--quiet"],
    ["rewrite", "-", "--quiet", "--quiet"],
    ["rewrite", "-", "--stdin-filename"],
    ["rewrite", "-", "--stdin-filename", "--quiet"],
    ["rewrite", "-", "--select", "TFX101"],
    ["rewrite", "-", "-qv"],
    ["rewrite", "--help"],
    ["check", "-"],
    ["rewrite"],
    [],
]


def test_the_save_hook_forms_mean_to_click_what_they_mean_to_the_fast_path():
    """Every form `entry` serves without click is read by click with the same values, and every
    other option stays with click."""
    from tracerfix.cli import rewrite
    from tracerfix.entry import save_hook_options

    for arguments in SAVE_HOOK_FORMS:
        options = save_hook_options(arguments)
        assert options is not None, arguments
        parsed = rewrite.make_context("rewrite", arguments[1:]).params
        bare = rewrite.make_context("rewrite", ["-"]).params  # every option at its default
        assert parsed == {**bare, **options}, arguments
    for arguments in CLICK_FORMS:
        assert save_hook_options(arguments) is None, arguments


@pytest.mark.parametrize(
    "arguments, source, pyproject",
    [
        (["rewrite", "-", "--stdin-filename", "pkg/clip.py"], SEED_CLIP, None),
        (["rewrite", "-", "--quiet", "--exit-zero"], UNFIXABLE, None),
        (["rewrite", "-"], CLEAN, None),
        (["rewrite", "-", "--stdin-filename", "pkg/broken.py"], "def f(:\n", None),
        (["rewrite", "-", "--stdin-filename", "pkg/clip.py"], SEED_CLIP, '[tool.tracerfix]\nexclude = ["pkg"]\n'),
        (["rewrite", "-", "--stdin-filename", "pkg/clip.py"], SEED_CLIP, '[tool.tracerfix]\nselect = 3\n'),
    ],
    ids=["fixed", "unfixable-quiet", "clean", "syntax-error", "excluded", "configuration-error"],
)
def test_the_save_hook_without_click_answers_as_click_does(tmp_path, arguments, source, pyproject):
    (tmp_path / "pkg").mkdir()
    if pyproject is not None:
        (tmp_path / "pyproject.toml").write_text(pyproject)
    env = {**os.environ, "NO_COLOR": "1"}
    fast = subprocess.run(
        [sys.executable, "-m", "tracerfix", *arguments], input=source, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120
    )
    through_click = subprocess.run(
        [sys.executable, "-c", "from tracerfix.cli import main; main()", *arguments],
        input=source, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120,
    )
    assert (fast.returncode, fast.stdout, fast.stderr) == (through_click.returncode, through_click.stdout, through_click.stderr)
    assert fast.returncode in (0, 1, 2)
    if pyproject is not None and "select = 3" in pyproject:
        assert fast.returncode == 2 and fast.stderr.startswith("error: ")


def test_the_tool_runs_from_a_zip_archive(tmp_path):
    """A zipapp or a zipped pex imports tracerfix from an archive: the rules must still be found."""
    import zipfile

    archive = tmp_path / "tracerfix.zip"
    with zipfile.ZipFile(archive, "w") as bundle:
        for path in (REPO / "tracerfix").rglob("*.py"):
            bundle.write(path, path.relative_to(REPO).as_posix())
        for path in (REPO / "transforms").glob("*.py"):
            bundle.write(path, f"tracerfix/transforms/{path.name}")
    import libcst

    site_packages = str(Path(libcst.__file__).resolve().parent.parent)
    program = (
        "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]; del sys.argv[1:3]; sys.argv[0] = 'tracerfix'\n"
        "import tracerfix.registry\n"
        "assert tracerfix.registry.__file__.startswith(sys.path[0]), tracerfix.registry.__file__\n"
        "from tracerfix.entry import main\n"
        "main()\n"
    )
    # -S: no site-packages, so the editable install of this checkout cannot answer the imports.
    result = subprocess.run(
        [sys.executable, "-S", "-c", program, str(archive), site_packages, "rewrite", "-"],
        input=SEED_CLIP, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert FIXED_CLIP_LINE in result.stdout
    listed = subprocess.run(
        [sys.executable, "-S", "-c", program, str(archive), site_packages, "rules"], capture_output=True, text=True, timeout=120
    )
    assert len(listed.stdout.splitlines()) == len(all_rules()), listed.stderr
