"""Many files at once: a pool of worker processes, reports in the order the files were given.

One job, or one file, runs in this process, and `multiprocessing` is imported only when a pool is
used. Workers are forked where that is safe (on Linux, from a process without threads: the command
line), so they start with tracerfix and LibCST already imported; elsewhere they are spawned. Each
worker reads, analyses, caches and writes its own files and sends back reports without syntax
trees (`cache.detached`), which keeps the traffic small. A progress bar is drawn on standard error
when it is a terminal and the run is long.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Sequence, TextIO

from tracerfix.api import FileReport, process_path
from tracerfix.engine import Settings

if TYPE_CHECKING:
    from tracerfix.cache import Cache


@dataclass(frozen=True)
class Task:
    path: Path
    settings: Settings


def default_jobs() -> int:
    """The cores this process may use (a container's CPU limit included)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def run(
    tasks: Sequence[Task],
    *,
    fix: bool,
    write: bool,
    jobs: int | None = None,
    cache: "Cache | None" = None,
    progress: "Progress | None" = None,
) -> list[FileReport]:
    progress = progress or Progress(len(tasks))
    workers = min(jobs or default_jobs(), len(tasks))
    try:
        if workers <= 1:
            reports = []
            for task in tasks:
                reports.append(process_path(task.path, task.settings, fix=fix, write=write, cache=cache))
                collect_now_and_then()
                progress.advance()
            return reports
        return _run_pool(tasks, fix, write, workers, cache, progress)
    finally:
        progress.close()


def _run_pool(tasks, fix, write, workers, cache, progress) -> list[FileReport]:
    import multiprocessing

    context = multiprocessing.get_context("fork" if _fork_is_safe() else "spawn")
    table: list[Settings] = []
    index_of: dict[int, int] = {}
    items = []
    for position, task in enumerate(tasks):
        if id(task.settings) not in index_of:
            index_of[id(task.settings)] = len(table)
            table.append(task.settings)
        items.append((position, str(task.path), index_of[id(task.settings)]))
    # Largest files first, one at a time, so no worker is left with a big file at the end.
    items.sort(key=lambda item: -_size(item[1]))
    reports: list[FileReport | None] = [None] * len(tasks)
    with context.Pool(workers, initializer=_start_worker, initargs=(table, fix, write, cache)) as pool:
        for position, report in pool.imap_unordered(_process, items):
            reports[position] = report
            progress.advance()
    return reports  # type: ignore[return-value]  # every slot is filled


# A run over many files keeps the cyclic garbage collector paused (see `api.process_paths`): the
# syntax trees it would scan again and again hold almost no cycles, and a full collection every
# this many files bounds what the few cycles cost in memory.
COLLECT_EVERY_FILES = 200
_files_since_collection = 0


def collect_now_and_then() -> None:
    global _files_since_collection
    _files_since_collection += 1
    if _files_since_collection >= COLLECT_EVERY_FILES and not gc.isenabled():
        _files_since_collection = 0
        gc.collect()


def _size(path: str) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _fork_is_safe() -> bool:
    """Forking copies only the calling thread: safe in the command line, which runs no threads and
    never imports JAX, but not in a program that has started threads (JAX starts its own)."""
    import threading

    return sys.platform.startswith("linux") and threading.active_count() == 1 and "jax" not in sys.modules


_worker: tuple[list[Settings], bool, bool, "Cache | None"] | None = None


def _start_worker(table: list[Settings], fix: bool, write: bool, cache: "Cache | None") -> None:
    import signal

    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle: it stops the pool
    gc.disable()  # as in the parent's run (a spawned worker starts with the collector on)
    _worker = (table, fix, write, cache)


def _process(item: tuple[int, str, int]) -> tuple[int, FileReport]:
    from tracerfix.cache import detached

    assert _worker is not None
    table, fix, write, cache = _worker
    position, path, settings_index = item
    report = process_path(Path(path), table[settings_index], fix=fix, write=write, cache=cache)
    report.findings = [detached(finding) for finding in report.findings]
    report.fixed = [detached(finding) for finding in report.fixed]
    if not report.changed:
        report.before = report.after = None  # nothing to diff: do not send the text back
    collect_now_and_then()
    return position, report


class Progress:
    """`tracerfix: 120/900 files [=====>     ]` on a terminal, once a run has lasted a second."""

    DELAY_SECONDS = 1.0
    WIDTH = 30

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.started = time.monotonic()
        self.drawn_at = 0.0
        self.visible = False

    def advance(self) -> None:
        self.done += 1
        if not self.enabled or self.total < 2:
            return
        now = time.monotonic()
        if now - self.started < self.DELAY_SECONDS or now - self.drawn_at < 0.1:
            return
        self.drawn_at = now
        filled = self.WIDTH * self.done // self.total
        bar = "=" * filled + (">" if filled < self.WIDTH else "") + " " * max(0, self.WIDTH - filled - 1)
        self.stream.write(f"\rtracerfix: {self.done}/{self.total} files [{bar}]")
        self.stream.flush()
        self.visible = True

    def close(self) -> None:
        if self.visible:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.visible = False
