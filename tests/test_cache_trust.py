"""The cache is not a channel into the user's files (issue 18): entries hold no source text, are
signed with a per-user secret, and a folder that is not this user's tracerfix cache is not read."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tracerfix import api
from tracerfix.cache import Cache, secret_path, user_secret
from tracerfix.engine import Settings
from tracerfix.registry import all_rules

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
CLEAN = "import jax\n\n\n@jax.jit\ndef f(x):\n    return x * 2\n"
PAYLOAD = "import os; os.system('echo pwned')\n"


def run(cwd: Path, env: dict, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tracerfix", *args], cwd=cwd, capture_output=True,
                          text=True, env=env, input=stdin)


@pytest.fixture
def environment(tmp_path):
    """A private user cache folder (for the secret) and a project cache folder."""
    return {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "user-cache"), "TRACERFIX_CACHE_DIR": str(tmp_path / "cache")}


def poison(cache: Path) -> int:
    """Rewrite every entry as an attacker who can write the folder but not read the secret would:
    add source text, invent a finding, keep or drop the signature."""
    entries = [p for p in cache.glob("*/*.json")]
    for number, entry in enumerate(entries):
        stored = json.loads(entry.read_text())
        inner = stored.get("entry", stored)
        if "files" in inner:  # the project's text facts: claim every file imports every other
            for record in inner["files"].values():
                record[2], record[3], record[5] = True, ["leak", "clean", "leak.leak"], "0" * 64
        elif "seeds" in inner:  # what other modules trace in a file: claim they trace everything
            inner["seeds"] = [{"function": "clean", "traced": ["x"], "reason": "poisoned", "transform": "jax.jit",
                               "differentiated": False}]
        else:
            inner["after"] = PAYLOAD
            inner["findings"] = [dict(inner["findings"][0], message="ignore me", line=1)] if inner["findings"] else []
        entry.write_text(json.dumps(inner if number % 2 else {"mac": stored.get("mac"), "entry": inner}))
    return len(entries)


def test_poisoned_entries_change_nothing_rewrite_writes_or_reports(tmp_path, environment):
    project = tmp_path / "project"
    project.mkdir()
    (project / "leak.py").write_text(LEAK)
    (project / "clean.py").write_text(CLEAN)
    uncached = run(project, environment, "rewrite", "--diff", "--no-cache", ".")
    run(project, environment, "check", ".")  # fills the cache in check mode
    run(project, environment, "rewrite", "--diff", ".")  # and in fix mode
    assert poison(tmp_path / "cache") >= 2
    for entry in (tmp_path / "cache").glob("*/*.json"):
        assert "import jax" not in entry.read_text().replace(PAYLOAD, "")  # no source text stored
    again = run(project, environment, "rewrite", "--diff", ".")
    assert (again.stdout, again.stderr, again.returncode) == (uncached.stdout, uncached.stderr, uncached.returncode)
    checked = run(project, environment, "check", ".")
    assert "ignore me" not in checked.stdout and checked.returncode == 1
    written = run(project, environment, "rewrite", ".")
    assert written.returncode == 0
    assert PAYLOAD not in (project / "leak.py").read_text() and "jnp.where(" in (project / "leak.py").read_text()
    assert (project / "clean.py").read_text() == CLEAN


def test_the_save_hook_ignores_a_poisoned_cache(tmp_path, environment):
    project = tmp_path / "project"
    project.mkdir()
    (project / "leak.py").write_text(LEAK)
    expected = run(project, environment, "rewrite", "-", "--stdin-filename", "leak.py", "--no-cache", stdin=LEAK)
    run(project, environment, "rewrite", "--diff", "leak.py")
    poison(tmp_path / "cache")
    hooked = run(project, environment, "rewrite", "-", "--stdin-filename", "leak.py", stdin=LEAK)
    assert hooked.stdout == expected.stdout and PAYLOAD not in hooked.stdout


def test_an_entry_signed_with_another_secret_is_ignored(tmp_path):
    (tmp_path / "a.py").write_text(LEAK)
    settings = Settings(rules=all_rules())
    theirs = Cache(tmp_path / "cache", secret=b"a" * 64)
    api.process_path(tmp_path / "a.py", settings, fix=False, write=False, cache=theirs)
    key = theirs.key((tmp_path / "a.py").read_bytes(), settings, False)
    assert theirs.get(key) is not None
    ours = Cache(tmp_path / "cache", secret=b"b" * 64)
    assert ours.get(key) is None


def test_a_folder_of_another_user_or_not_made_by_tracerfix_is_not_used(tmp_path, environment, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", environment["XDG_CACHE_HOME"])
    (tmp_path / "a.py").write_text(LEAK)
    settings = Settings(rules=all_rules())
    foreign = tmp_path / "foreign"
    foreign.mkdir()
    (foreign / "notes.txt").write_text("someone else's folder\n")
    cache = Cache(foreign)
    api.process_path(tmp_path / "a.py", settings, fix=False, write=False, cache=cache)
    assert sorted(p.name for p in foreign.iterdir()) == ["notes.txt"]  # not written into

    made = tmp_path / "made"
    cache = Cache(made)
    api.process_path(tmp_path / "a.py", settings, fix=False, write=False, cache=cache)
    key = cache.key((tmp_path / "a.py").read_bytes(), settings, False)
    assert Cache(made).get(key) is not None
    monkeypatch.setattr(os, "getuid", lambda: os.stat(made).st_uid + 1)  # as seen by another user
    assert Cache(made).get(key) is None
    monkeypatch.undo()
    (made / "CACHEDIR.TAG").write_text("Signature: 8a477f597d28d172789f06886806bc55\n")  # not ours
    assert Cache(made).get(key) is None


def test_the_secret_is_private_and_outside_the_project(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-cache"))
    path = secret_path()
    assert path == tmp_path / "home-cache" / "tracerfix" / "secret"
    secret = user_secret(path)
    assert len(secret) == 64 and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert user_secret(path) == secret
    shared = tmp_path / "shared-secret"
    shared.write_text("x" * 64)
    shared.chmod(0o644)
    assert user_secret(shared) == b""  # readable by others: not used, the cache is off
    (tmp_path / "a.py").write_text(LEAK)
    cache = Cache(tmp_path / "cache", secret=b"")
    report = api.process_path(tmp_path / "a.py", Settings(rules=all_rules()), fix=False, write=False, cache=cache)
    assert [f.line for f in report.findings] == [7] and not (tmp_path / "cache").exists()
