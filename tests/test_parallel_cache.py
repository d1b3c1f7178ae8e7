"""Big trees: `--jobs` gives the same reports in the same order, the cache serves unchanged files
and never stale ones, concurrent runs share it safely."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tracerfix import api, parallel
from tracerfix.cache import Cache, code_fingerprint, detached, sources_fingerprint
from tracerfix.config import Resolver
from tracerfix.engine import Settings
from tracerfix.output import finding_record
from tracerfix.registry import all_rules

LEAK = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp


    @jax.jit
    def f(x):
        if x[{index}] < 0:
            x = x + 1
        return x
    """
)
CLEAN = "import jax\n\n\n@jax.jit\ndef f(x):\n    return x * 2\n"


def make_tree(root: Path, count: int = 12) -> list[Path]:
    """Leaky, clean, broken and non-JAX files, interleaved, in nested folders."""
    files = []
    for number in range(count):
        folder = root / f"pkg{number % 3}" / ("sub" if number % 2 else "")
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"m{number:02d}.py"
        kind = number % 4
        path.write_text(
            LEAK.format(index=number) if kind in (0, 1) else CLEAN if kind == 2 else "def broken(:\n"
        )
        files.append(path)
    return files


def summary_of(reports: list[api.FileReport]) -> list[tuple]:
    """Everything a user sees of a run: each finding as the JSON output shows it, errors, fixes."""
    return [
        (r.path, r.error, r.error_line,
         [(finding_record(r.path, f), f.function) for f in r.findings],
         [(finding_record(r.path, f), f.function) for f in r.fixed],
         r.after if r.changed else None, r.written)
        for r in reports
    ]


def tracerfix(cwd: Path, *args: str, cache: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "TRACERFIX_CACHE_DIR": str(cache or cwd / ".test-cache")}
    return subprocess.run([sys.executable, "-m", "tracerfix", *args], cwd=cwd, capture_output=True, text=True, env=env)


# --- parallel -----------------------------------------------------------------------------------


def test_a_pool_gives_the_same_reports_in_the_same_order(tmp_path):
    make_tree(tmp_path)
    resolver = Resolver()
    one = api.process_paths([tmp_path], resolver, fix=False, write=False, jobs=1, use_cache=False)
    two = api.process_paths([tmp_path], resolver, fix=False, write=False, jobs=3, use_cache=False)
    assert summary_of(one) == summary_of(two)
    assert [r.path for r in one] == sorted(r.path for r in one)  # walking order: sorted, deterministic
    assert sum(len(r.findings) for r in one) == 6 and sum(1 for r in one if r.error) == 3


def test_spawned_workers_give_the_same_reports(tmp_path, monkeypatch):
    # Where fork is unsafe (macOS, or a program that imported JAX), workers start from scratch.
    make_tree(tmp_path, 6)
    monkeypatch.setattr(parallel, "_fork_is_safe", lambda: False)
    one = api.process_paths([tmp_path], Resolver(), fix=True, write=False, jobs=1, use_cache=False)
    two = api.process_paths([tmp_path], Resolver(), fix=True, write=False, jobs=2, use_cache=False)
    assert summary_of(one) == summary_of(two)
    assert sum(len(r.fixed) for r in two) == 4 and sum(r.changed for r in two) == 4


def test_the_worker_is_importable_and_sends_no_syntax_trees(tmp_path):
    (tmp_path / "a.py").write_text(LEAK.format(index=0))
    report = parallel.run([parallel.Task(tmp_path / "a.py", Settings(rules=all_rules()))], fix=False, write=False, jobs=1)[0]
    light = detached(report.findings[0])
    assert light.node is None and light.fix is not None and light.fix.edits == []
    assert (light.code, light.line, light.fix.safety) == (report.findings[0].code, 7, report.findings[0].fix.safety)
    assert parallel._process.__module__ == "tracerfix.parallel" and "." not in parallel._process.__qualname__


def test_rewrite_with_jobs_writes_every_file(tmp_path):
    files = make_tree(tmp_path, 8)
    done = tracerfix(tmp_path, "rewrite", "--jobs", "2", "--no-cache", ".")
    assert done.returncode == 2, done.stderr  # the broken files
    for path in files:
        text = path.read_text()
        assert "if x[" not in text
    assert sum("jnp.where(" in path.read_text() for path in files) == 4


def test_progress_bar_only_on_a_terminal_and_only_when_slow():
    stream = io.StringIO()
    quiet = parallel.Progress(10, stream=stream)  # StringIO is not a terminal
    for _ in range(10):
        quiet.advance()
    assert stream.getvalue() == ""
    drawn = parallel.Progress(10, stream=stream, enabled=True)
    drawn.started -= drawn.DELAY_SECONDS
    drawn.advance()
    drawn.close()
    assert "tracerfix: 1/10 files [===" in stream.getvalue() and stream.getvalue().endswith("\r\x1b[K")


# --- cache --------------------------------------------------------------------------------------


def test_a_warm_cache_serves_unchanged_files_and_recomputes_fixed_ones(tmp_path, monkeypatch):
    make_tree(tmp_path)
    monkeypatch.setenv("TRACERFIX_CACHE_DIR", str(tmp_path / "cache"))
    folders = [tmp_path / "pkg0", tmp_path / "pkg1", tmp_path / "pkg2"]
    resolver = Resolver()
    cold_check = api.process_paths(folders, resolver, fix=False, write=False, jobs=1)
    cold_fix = api.process_paths(folders, resolver, fix=True, write=False, jobs=1)
    analysed = []
    real_process_text = api.process_text

    def counting(source, display, *args, **kwargs):
        analysed.append(Path(display).name)
        return real_process_text(source, display, *args, **kwargs)

    monkeypatch.setattr(api, "process_text", counting)
    assert summary_of(api.process_paths(folders, resolver, fix=False, write=False, jobs=1)) == summary_of(cold_check)
    assert analysed == []
    warm_fix = api.process_paths(folders, resolver, fix=True, write=False, jobs=1)
    assert summary_of(warm_fix) == summary_of(cold_fix)
    assert sum(len(r.fixed) for r in warm_fix) == 6
    # The rewritten text is never stored: exactly the files a fix changes are analysed again.
    assert sorted(analysed) == sorted(Path(r.path).name for r in cold_fix if r.changed)


def test_the_cache_key_covers_content_mode_and_settings(tmp_path):
    cache = Cache(tmp_path)
    everything = Settings(rules=all_rules())
    keys = {
        cache.key(b"x = 1\n", everything, fix=False),
        cache.key(b"x = 2\n", everything, fix=False),
        cache.key(b"x = 1\n", everything, fix=True),
        cache.key(b"x = 1\n", Settings(rules=()), fix=False),
        cache.key(b"x = 1\n", Settings(rules=all_rules(), unsafe_fixes=True), fix=False),
        cache.key(b"x = 1\n", Settings(rules=all_rules(), extra_jit=frozenset({"my.jit"})), fix=False),
    }
    assert len(keys) == 6
    assert cache.key(b"x = 1\n", everything, fix=False) == Cache(tmp_path).key(b"x = 1\n", Settings(rules=all_rules()), fix=False)


def test_the_cache_follows_tracerfix_own_code(tmp_path):
    rules = tmp_path / "transforms"
    rules.mkdir()
    (rules / "some_rule.py").write_text("CODE = 1\n")
    before = sources_fingerprint([str(rules)])
    os.utime(rules / "some_rule.py", ns=(0, 10**18))
    assert sources_fingerprint([str(rules)]) != before  # an edited rule never reads old entries
    (rules / "some_rule.py").unlink()
    assert sources_fingerprint([str(rules)]) != before
    assert len(code_fingerprint()) == 16 and code_fingerprint() == Cache(tmp_path).folder.name


def test_a_damaged_entry_is_computed_again(tmp_path):
    (tmp_path / "a.py").write_text(LEAK.format(index=0))
    cache = Cache(tmp_path / "cache")
    settings = Settings(rules=all_rules())
    first = api.process_path(tmp_path / "a.py", settings, fix=False, write=False, cache=cache)
    entries = list(cache.folder.glob("*.json"))
    assert len(entries) == 1
    entries[0].write_text('{"findings": [')
    again = api.process_path(tmp_path / "a.py", settings, fix=False, write=False, cache=cache)
    assert [f.line for f in again.findings] == [f.line for f in first.findings] == [7]
    assert json.loads(entries[0].read_text())["entry"]["findings"][0]["code"] == "TFX101"
    assert (tmp_path / "cache" / ".gitignore").read_text() == "*\n"
    assert (tmp_path / "cache" / "CACHEDIR.TAG").exists()


def test_an_unwritable_cache_is_skipped_silently(tmp_path):
    (tmp_path / "a.py").write_text(LEAK.format(index=0))
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    report = api.process_path(tmp_path / "a.py", Settings(rules=all_rules()), fix=False, write=False, cache=Cache(blocker))
    assert [f.line for f in report.findings] == [7]


def test_cli_cache_lives_in_the_project_and_no_cache_leaves_none(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[tool.tracerfix]\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.py").write_text(LEAK.format(index=0))
    env = {key: value for key, value in os.environ.items() if key != "TRACERFIX_CACHE_DIR"}
    run = lambda *args: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "tracerfix", *args], cwd=tmp_path / "src", capture_output=True, text=True, env=env
    )
    assert run("check", "--no-cache", "a.py").returncode == 1
    assert not (tmp_path / ".tracerfix_cache").exists()
    first, second = run("check", "a.py"), run("check", "a.py")
    assert first.stdout == second.stdout and first.returncode == second.returncode == 1
    assert list((tmp_path / ".tracerfix_cache").glob("*/*.json"))


def test_rewrite_from_a_warm_cache_still_writes_the_fix(tmp_path):
    source = LEAK.format(index=0)
    (tmp_path / "a.py").write_text(source)
    assert tracerfix(tmp_path, "rewrite", "--diff", "a.py").returncode == 1  # fills the cache, writes nothing
    assert (tmp_path / "a.py").read_text() == source
    done = tracerfix(tmp_path, "rewrite", "a.py")
    assert done.returncode == 0 and "Fixed 1 tracer leak in 1 file." in done.stderr
    assert "jnp.where(" in (tmp_path / "a.py").read_text()


def test_concurrent_runs_share_one_cache(tmp_path):
    make_tree(tmp_path, 16)
    cache = tmp_path / "shared-cache"
    env = {**os.environ, "TRACERFIX_CACHE_DIR": str(cache)}
    command = [sys.executable, "-m", "tracerfix", "check", "--jobs", "2", "."]
    runs = [subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env) for _ in range(3)]
    outputs = [run.communicate() for run in runs]
    assert len({out for out, _ in outputs}) == 1 and all(run.returncode == 2 for run in runs)
    assert not list(cache.glob("*/*.tmp")) and not list(cache.glob("*/.*"))
    again = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, env=env)
    assert again.stdout == outputs[0][0]


def test_a_run_pauses_the_collector_collects_now_and_then_and_restores_it(tmp_path, monkeypatch):
    # The collector is paused over a run (a quarter of `check`'s CPU on the corpus: bench/run.py);
    # a full collection every COLLECT_EVERY_FILES files bounds the memory that cycles keep.
    import gc

    make_tree(tmp_path)
    collections = []
    monkeypatch.setattr(parallel, "COLLECT_EVERY_FILES", 2)
    monkeypatch.setattr(parallel, "_files_since_collection", 0)
    monkeypatch.setattr(gc, "collect", lambda *a: collections.append(gc.isenabled()) or 0)
    assert gc.isenabled()
    reports = api.process_paths([tmp_path], Resolver(), fix=False, write=False, jobs=1, use_cache=False)
    assert gc.isenabled()
    assert len(collections) == len(reports) // 2 and not any(collections)
