"""The parent side of verification: one worker process, its time limits, and killing it.

The worker (`python -m tracerfix.verify.worker`) imports JAX once and serves file after file.
Every event it sends is awaited with a deadline: importing a file and checking each function get
the per-function limit, the whole file the per-file limit. When a deadline passes, the worker's
whole process group is killed, the function (or the import) is reported as timed out, and a fresh
worker carries on with the functions that are left. This process never imports JAX.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

from tracerfix.verify.limits import Limits, describe_exit

STARTUP_TIMEOUT = 180.0
_EOF = object()


class WorkerError(Exception):
    """Verification cannot run at all (JAX missing, the worker cannot start)."""


@dataclass
class FileJob:
    path: str  # the real file: __file__, and where sys.path and the package come from
    module: str  # its dotted module name: `pkg.sub.mod`, or the file's stem
    sys_path: str  # the folder put first on sys.path (the package root)
    rewritten_source: str
    units: list[dict]
    seed: int
    trials: int = 16
    function_timeout: float = 60.0
    file_timeout: float = 600.0
    # What was rewritten: the file is imported when it still holds exactly this (not an editor's
    # unsaved buffer read from standard input).
    original_source: str = ""
    limits: dict = field(default_factory=lambda: Limits().to_json())  # memory, CPU, processes, output
    trial_limit: float = field(init=False)

    def __post_init__(self) -> None:
        # One run of the eager original may take a fraction of the function's time limit; longer
        # runs are abandoned as outside the domain (a loop that never ends on inf).
        self.trial_limit = max(0.5, min(10.0, self.function_timeout / 6))


def timed_out(unit: str, message: str) -> dict:
    return {"unit": unit, "status": "timeout", "reason": message}


def unverifiable(unit: str, message: str) -> dict:
    return {"unit": unit, "status": "unverifiable", "reason": message}


def default_compile_cache() -> Path:
    """Where compiled XLA programs are kept between runs: beside tracerfix's own cache when
    $TRACERFIX_CACHE_DIR says where that is, else in the user's cache folder."""
    configured = os.environ.get("TRACERFIX_CACHE_DIR")
    if configured:
        return Path(configured) / "jax"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "tracerfix" / "jax"


class Worker:
    """A verification worker process, started on first use and restarted after a kill."""

    def __init__(
        self, python: str | None = None, env: dict[str, str] | None = None, compile_cache: Path | None = None
    ) -> None:
        self.python = python or sys.executable
        self.env = env
        self.compile_cache = compile_cache
        self.process: subprocess.Popen | None = None
        self.events: queue.Queue = queue.Queue()
        self.stderr = None
        self.ready = False
        self.jax_version = ""
        self.started_processes = 0

    # --- life cycle -------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the process (JAX imports in the background while the caller keeps working)."""
        if self.process is not None:
            return
        env = dict(os.environ if self.env is None else self.env)
        env.setdefault("JAX_PLATFORMS", "cpu")
        if self.compile_cache is not None and "JAX_COMPILATION_CACHE_DIR" not in env:
            # Eager runs compile every primitive once per shape: keeping those compilations
            # between runs makes a second verification several times faster.
            env["JAX_COMPILATION_CACHE_DIR"] = str(self.compile_cache)
            env.setdefault("JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS", "0")
            env.setdefault("JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES", "-1")
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONUNBUFFERED"] = "1"
        if self.stderr is not None:
            self.stderr.close()
        self.stderr = tempfile.TemporaryFile()  # a file, not a pipe: user output cannot block it
        self.process = subprocess.Popen(
            [self.python, "-m", "tracerfix.verify.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.stderr,
            env=env,
            start_new_session=True,  # its own process group: a kill reaches its children too
        )
        self.started_processes += 1
        self.ready = False
        self.events = queue.Queue()
        threading.Thread(target=_pump, args=(self.process.stdout, self.events), daemon=True).start()

    def wait_ready(self) -> None:
        self.start()
        if self.ready:
            return
        event = self._next(time.monotonic() + STARTUP_TIMEOUT)
        if event is None:
            self.kill()
            raise WorkerError(f"the verification worker did not start within {STARTUP_TIMEOUT:.0f} s")
        if event is _EOF:
            message = self._stderr_tail()
            self.kill()
            raise WorkerError(f"the verification worker exited while starting: {message}")
        if event.get("event") == "fatal":
            self.kill()
            raise WorkerError(event["message"])
        self.ready = True
        self.jax_version = event.get("jax", "")

    def kill(self) -> int | None:
        process, self.process = self.process, None
        self.ready = False
        if process is None:
            return None
        if process.poll() is None:
            try:
                if hasattr(os, "killpg"):
                    os.killpg(process.pid, signal.SIGKILL)
                else:
                    process.kill()
            except (ProcessLookupError, PermissionError):
                pass
        try:
            code = process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            code = None
        for stream in (process.stdin, process.stdout):
            try:
                stream.close()
            except OSError:
                pass
        return code

    def close(self) -> None:
        process = self.process
        if process is not None and process.poll() is None:
            try:
                process.stdin.close()  # ends the worker's job loop
                process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill()
        if self.stderr is not None:
            self.stderr.close()
            self.stderr = None

    def __enter__(self) -> "Worker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- one file ---------------------------------------------------------------------------------
    def verify(self, job: FileJob) -> dict[str, dict]:
        """The result of every unit of `job`, by unit name; never hangs past the file's limit."""
        results: dict[str, dict] = {}
        remaining = [unit["name"] for unit in job.units]
        file_deadline = time.monotonic() + job.file_timeout
        while remaining:
            if time.monotonic() >= file_deadline:
                for name in remaining:
                    results[name] = timed_out(name, f"the file's time limit ({job.file_timeout:g} s) was reached first")
                break
            self.wait_ready()
            units = [unit for unit in job.units if unit["name"] in remaining]
            self._send({**asdict(job), "units": units})
            self._serve(job, remaining, results, file_deadline)
        return results

    def _serve(self, job: FileJob, remaining: list[str], results: dict, file_deadline: float) -> None:
        current: str | None = None
        deadline = min(file_deadline, time.monotonic() + job.function_timeout)
        while True:
            event = self._next(deadline)
            if event is None:  # a deadline passed: stop the worker, report, let a new one go on
                self.kill()
                limit = job.function_timeout if deadline < file_deadline else job.file_timeout
                scope = "per-function" if deadline < file_deadline else "per-file"
                if current is None:
                    message = (f"importing the module did not finish within the {scope} time limit "
                               f"({limit:g} s); is there an endless loop or a blocking call at import time?")
                    for name in remaining:
                        results[name] = timed_out(name, message)
                    remaining.clear()
                else:
                    key = "timeout" if scope == "per-function" else "file-timeout"
                    results[current] = timed_out(current, (
                        f"did not finish within the {scope} time limit ({limit:g} s); a slow eager original or a "
                        f"long compile (a Python loop unrolled into thousands of operations) may need more: "
                        f"raise `{key}` under [tool.tracerfix.verify] in pyproject.toml"))
                    remaining.remove(current)
                return
            if event is _EOF:
                code = self.kill()
                message = describe_exit(code, Limits.from_json(job.limits)) or (
                    f"the worker process died (exit status {code}) {self._stderr_tail()}".strip())
                names = list(remaining) if current is None else [current]
                for name in names:
                    results[name] = unverifiable(name, message)
                    remaining.remove(name)
                return
            kind = event.get("event")
            if kind == "loaded":
                deadline = min(file_deadline, time.monotonic() + job.function_timeout)
            elif kind == "load-error":
                for name in remaining:
                    results[name] = unverifiable(name, event["message"])
                remaining.clear()
            elif kind == "start":
                current = event["unit"]
                deadline = min(file_deadline, time.monotonic() + job.function_timeout)
            elif kind == "result":
                results[event["unit"]] = event
                if event["unit"] in remaining:
                    remaining.remove(event["unit"])
                current = None
            elif kind == "done":
                return

    # --- plumbing ---------------------------------------------------------------------------------
    def _send(self, message: dict) -> None:
        assert self.process is not None and self.process.stdin is not None
        try:
            self.process.stdin.write((json.dumps(message) + "\n").encode("utf-8"))
            self.process.stdin.flush()
        except BrokenPipeError:
            pass  # the worker died; reading its events reports it

    def _next(self, deadline: float):
        """The next event, `_EOF` when the worker's output ends, None when `deadline` passes."""
        try:
            return self.events.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None

    def _stderr_tail(self, limit: int = 600) -> str:
        if self.stderr is None:
            return ""
        try:
            self.stderr.seek(0, os.SEEK_END)
            size = self.stderr.tell()
            self.stderr.seek(max(0, size - limit))
            text = self.stderr.read().decode("utf-8", "replace").strip()
        except OSError:
            return ""
        return f"; its last output: {text}" if text else ""


def _pump(stream, events: queue.Queue) -> None:
    """Turn the worker's output lines into events (a thread: portable reads with a timeout)."""
    for line in stream:
        try:
            events.put(json.loads(line))
        except ValueError:
            continue  # not ours: the protocol only writes JSON lines
    events.put(_EOF)
