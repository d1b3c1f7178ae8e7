"""`[tool.tracerfix]`: discovery, layering with the command line, errors, file selection."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tracerfix.config import Config, ConfigError, Overrides, PathPatterns, Resolver, load, settings_for

LEAK = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp


    @jax.jit
    def f(x):
        if x[0] < 0:
            x = x + 1
        return x
    """
)

WRAPPED_LEAK = textwrap.dedent(
    """\
    from mylib.utils import jit
    import mylib.utils as utils


    @jit
    def f(x):
        if x[0] < 0:
            x = x + 1
        return x


    @utils.jit
    def g(x):
        if x[0] < 0:
            x = x + 1
        return x


    def h(x):
        if x[0] < 0:
            x = x + 1
        return x
    """
)


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def tracerfix(cwd: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tracerfix", *args],
        cwd=cwd, capture_output=True, text=True, input=stdin,
        env={**os.environ, "TRACERFIX_CACHE_DIR": str(cwd / ".cache-for-test")},
    )


def reported(done: subprocess.CompletedProcess) -> list[str]:
    """`path:line` of every finding in `check` text output, in output order."""
    return [":".join(line.split(":")[:2]) for line in done.stdout.splitlines() if ": TFX" in line]


def codes(settings) -> set[str]:
    return {rule.code for rule in settings.rules}


# --- discovery and layering ---------------------------------------------------------------------


def test_the_nearest_tracerfix_table_governs_and_other_pyprojects_are_passed_over(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[tool.tracerfix]\nignore = ["TFX101"]\n',
        "pkg/pyproject.toml": "[project]\nname = 'pkg'\n",  # no tracerfix table: passed over
        "pkg/a.py": "",
        "sub/pyproject.toml": '[tool.tracerfix]\nselect = ["TFX101"]\n',
        "sub/deeper/b.py": "",
    })
    resolver = Resolver()
    assert resolver.config_for(tmp_path / "pkg/a.py").source == tmp_path / "pyproject.toml"
    assert "TFX101" not in codes(resolver.settings_for(tmp_path / "pkg/a.py"))
    assert codes(resolver.settings_for(tmp_path / "sub/deeper/b.py")) == {"TFX101"}


def test_command_line_select_replaces_and_ignore_removes(tmp_path):
    write(tmp_path, {"pyproject.toml": '[tool.tracerfix]\nignore = ["TFX101"]\nunsafe-fixes = true\n'})
    file = tmp_path / "a.py"
    assert "TFX101" not in codes(settings_for(file))
    assert settings_for(file).unsafe_fixes is True
    assert codes(settings_for(file, Overrides(select=("TFX101",)))) == {"TFX101"}
    assert settings_for(file, Overrides(unsafe_fixes=False)).unsafe_fixes is False
    everything_but = settings_for(tmp_path.parent / "elsewhere.py", Overrides(ignore=("TFX101",)))
    assert "TFX101" not in codes(everything_but)


def test_per_file_ignores_match_paths_relative_to_the_configuration(tmp_path):
    write(tmp_path, {"pyproject.toml": '[tool.tracerfix.per-file-ignores]\n"tests/*" = ["TFX1"]\n"*_pb2.py" = ["TFX101"]\n'})
    resolver = Resolver()
    assert "TFX101" not in codes(resolver.settings_for(tmp_path / "tests" / "test_a.py"))
    assert "TFX101" not in codes(resolver.settings_for(tmp_path / "deep" / "x_pb2.py"))
    assert "TFX101" in codes(resolver.settings_for(tmp_path / "src" / "tests.py"))


def test_equal_settings_are_shared(tmp_path):
    write(tmp_path, {"pyproject.toml": "[tool.tracerfix]\n"})
    resolver = Resolver()
    assert resolver.settings_for(tmp_path / "a.py") is resolver.settings_for(tmp_path / "b" / "c.py")


def test_an_edited_configuration_is_read_again(tmp_path):
    config = tmp_path / "pyproject.toml"
    config.write_text('[tool.tracerfix]\nselect = ["TFX101"]\n')
    assert codes(settings_for(tmp_path / "a.py")) == {"TFX101"}
    config.write_text('[tool.tracerfix]\nignore = ["TFX101"]\n# longer, so the size changes too\n')
    assert "TFX101" not in codes(settings_for(tmp_path / "a.py"))


def test_verify_table_is_passed_through(tmp_path):
    write(tmp_path, {"pyproject.toml": '[tool.tracerfix.verify]\ntrials = 4\n[tool.tracerfix.verify.inputs]\nclip = "x=f32[8]"\n'})
    assert load(tmp_path / "pyproject.toml").verify == {"trials": 4, "inputs": {"clip": "x=f32[8]"}}


def test_a_broken_pyproject_of_another_tool_is_not_our_error(tmp_path):
    write(tmp_path, {"pyproject.toml": "[project\nname = 'broken'\n"})
    assert load(tmp_path / "pyproject.toml") is None
    assert isinstance(Resolver().config_for(tmp_path / "a.py"), Config)


ERRORS = [
    ('[tool.tracerfix]\nselct = ["TFX1"]\n', "[tool.tracerfix] unknown key 'selct' (did you mean 'select'?)"),
    ('[tool.tracerfix]\nselect = ["TFX999"]\n', "[tool.tracerfix] select: unknown rule code 'TFX999'"),
    ('[tool.tracerfix]\nignore = "TFX101"\n', "[tool.tracerfix] ignore: expected a list of strings, e.g. ['TFX101']"),
    ("[tool.tracerfix]\nunsafe-fixes = 1\n", "[tool.tracerfix] unsafe-fixes: expected true or false, got an integer"),
    ('[tool.tracerfix]\nextend-jit-decorators = ["jit"]\n', "'jit' is not an importable dotted name"),
    ('[tool.tracerfix.per-file-ignores]\n"tests/*" = ["TFX9999"]\n', "per-file-ignores.'tests/*': unknown rule code"),
    ("[tool.tracerfix]\nselect = [\n", "pyproject.toml: invalid TOML"),
]


@pytest.mark.parametrize("text, message", ERRORS, ids=[m.split("]")[-1][:40] for _, m in ERRORS])
def test_configuration_errors_name_the_file_and_the_key(tmp_path, text, message):
    (tmp_path / "pyproject.toml").write_text(text)
    with pytest.raises(ConfigError) as error:
        Resolver().settings_for(tmp_path / "a.py")
    assert message in str(error.value)
    assert "pyproject.toml" in str(error.value)


def test_path_patterns_follow_gitignore_meaning(tmp_path):
    patterns = PathPatterns(["legacy", "experiments/*.py", "src/**/gen_*.py"], tmp_path)
    assert patterns.match(tmp_path / "a" / "legacy" / "x.py")
    assert patterns.match(tmp_path / "experiments" / "run.py")
    assert not patterns.match(tmp_path / "a" / "experiments" / "run.py")  # anchored at the root
    assert patterns.match(tmp_path / "src" / "gen_a.py")
    assert patterns.match(tmp_path / "src" / "x" / "y" / "gen_a.py")
    assert not patterns.match(tmp_path / "src" / "x" / "a.py")


# --- through the command line -------------------------------------------------------------------


def test_extend_jit_decorators_finds_leaks_under_a_team_wrapper(tmp_path):
    write(tmp_path, {
        "mylib/__init__.py": "",
        "mylib/utils.py": "import jax\n\ndef jit(f):\n    return jax.jit(f)\n",
        "app/model.py": WRAPPED_LEAK,
    })
    assert reported(tracerfix(tmp_path, "check", "app")) == []
    (tmp_path / "pyproject.toml").write_text('[tool.tracerfix]\nextend-jit-decorators = ["mylib.utils.jit"]\n')
    done = tracerfix(tmp_path, "check", "app")
    assert reported(done) == ["app/model.py:7", "app/model.py:14"], done.stdout + done.stderr
    assert "decorated with @mylib.utils.jit" in done.stdout
    rewritten = tracerfix(tmp_path, "rewrite", "app")
    assert rewritten.returncode == 0, rewritten.stderr
    text = (tmp_path / "app/model.py").read_text()
    assert text.count("jnp.where(") == 2 and "def h(x):\n    if x[0] < 0:" in text  # h is not traced


def test_configuration_errors_exit_2_before_touching_any_file(tmp_path):
    write(tmp_path, {"good/a.py": LEAK, "bad/pyproject.toml": '[tool.tracerfix]\nsellect = ["TFX1"]\n', "bad/b.py": LEAK})
    done = tracerfix(tmp_path, "rewrite", "good", "bad")
    assert done.returncode == 2
    assert "bad/pyproject.toml: [tool.tracerfix] unknown key 'sellect' (did you mean 'select'?)" in done.stderr
    assert "Traceback" not in done.stderr
    assert (tmp_path / "good/a.py").read_text() == LEAK


def test_unknown_code_on_the_command_line_is_an_error(tmp_path):
    done = tracerfix(tmp_path, "check", "--select", "TFX1O1", ".")
    assert done.returncode == 2 and "--select: unknown rule code 'TFX1O1'" in done.stderr


def test_unsafe_fixes_flag_overrides_the_configuration(tmp_path, monkeypatch):
    write(tmp_path, {"pyproject.toml": "[tool.tracerfix]\nunsafe-fixes = true\n"})
    from tracerfix.cli import _resolver

    monkeypatch.chdir(tmp_path)
    assert _resolver(None, (), (), None, (), None).settings_for(tmp_path / "a.py").unsafe_fixes is True
    assert _resolver(None, (), (), False, (), None).settings_for(tmp_path / "a.py").unsafe_fixes is False


def test_exclude_applies_to_walked_and_named_files(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[tool.tracerfix]\nexclude = ["generated", "scratch_*.py"]\n',
        "src/model.py": LEAK,
        "src/generated/model.py": LEAK,
        "src/scratch_1.py": LEAK,
    })
    assert reported(tracerfix(tmp_path, "check", ".")) == ["src/model.py:7"]
    assert reported(tracerfix(tmp_path, "check", "src/scratch_1.py")) == []  # pre-commit names files
    assert reported(tracerfix(tmp_path, "check", "--exclude", "src/model.py", ".")) == []


def test_select_and_per_file_ignores_from_the_command_line(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[tool.tracerfix]\nignore = ["TFX101"]\n[tool.tracerfix.per-file-ignores]\n"tests/" = ["TFX101"]\n',
        "src/model.py": LEAK,
        "tests/test_model.py": LEAK,
    })
    assert reported(tracerfix(tmp_path, "check", ".")) == []
    # --select replaces the configured selection; per-file-ignores still apply.
    assert reported(tracerfix(tmp_path, "check", "--select", "TFX101", ".")) == ["src/model.py:7"]


def test_explicit_config_file_and_stdin_filename(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[tool.tracerfix]\nignore = ["TFX101"]\n',
        "strict.toml": 'select = ["TFX101"]\nexclude = ["vendored"]\n',
    })
    assert reported(tracerfix(tmp_path, "check", "-", stdin=LEAK)) == []
    assert tracerfix(tmp_path, "check", "--config", "strict.toml", "-", stdin=LEAK).returncode == 1
    excluded = tracerfix(tmp_path, "rewrite", "--config", "strict.toml", "--stdin-filename", "vendored/x.py", "-", stdin=LEAK)
    assert excluded.returncode == 0 and excluded.stdout == LEAK


# --- .gitignore ---------------------------------------------------------------------------------


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_gitignored_files_are_skipped_when_walking(tmp_path):
    write(tmp_path, {
        ".gitignore": "out/\n*_gen.py\n",
        "src/model.py": LEAK,
        "src/model_gen.py": LEAK,
        "out/model.py": LEAK,
        "nested/.gitignore": "skip.py\n",
        "nested/keep.py": LEAK,
        "nested/skip.py": LEAK,
    })
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    assert reported(tracerfix(tmp_path, "check", ".")) == ["nested/keep.py:7", "src/model.py:7"]
    assert reported(tracerfix(tmp_path, "check", "nested")) == ["nested/keep.py:7"]
    assert len(reported(tracerfix(tmp_path, "check", "--no-respect-gitignore", "."))) == 5
    assert reported(tracerfix(tmp_path, "check", "out/model.py")) == ["out/model.py:7"]  # named: checked
    assert reported(tracerfix(tmp_path, "check", "out")) == ["out/model.py:7"]  # an ignored folder, named
    (tmp_path / "pyproject.toml").write_text("[tool.tracerfix]\nrespect-gitignore = false\n")
    assert Resolver().respect_gitignore(tmp_path) is False
    assert Resolver(Overrides(respect_gitignore=True)).respect_gitignore(tmp_path) is True
