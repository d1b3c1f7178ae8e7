"""Resource limits of the verification worker: memory, CPU time, processes started, output size.

Verification runs the user's code (the eager original and the jitted rewrite) on probed inputs.
A probe can make that code allocate without bound (a large magnitude reaching a shape, `range`,
`jnp.zeros(n)`), spin, fork or print forever; on a laptop or a CI runner that would take other
work down with it. So the worker lowers its own soft limits:

- memory: the address space (`RLIMIT_AS`); JAX runs under it and reports an allocation past it
  as `RESOURCE_EXHAUSTED`, NumPy as `MemoryError`;
- CPU time per function (`RLIMIT_CPU`, renewed before each function): past it the kernel ends
  the worker with SIGXCPU, and the parent reports the function and starts a fresh worker;
- output (`RLIMIT_FSIZE`): no file the worker writes, its captured output included, grows past it
  (Python ignores SIGXFSZ, so such a write fails with "File too large");
- processes: Python-level process creation (`os.fork`, `subprocess`, `os.system`, `os.spawn*`,
  `os.posix_spawn`, `os.exec*`) is counted by an audit hook and refused past the limit, and a
  forked child may start none; for users other than root `RLIMIT_NPROC` is lowered as well.

This protects the machine from accidents, not from hostile code: the worker keeps the user's
network and file access, C code can bypass the audit hook, and user code may raise its own soft
limits. Limits are POSIX-only; elsewhere only the time limits of the parent apply.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from dataclasses import asdict, dataclass

try:
    import resource
except ImportError:  # Windows
    resource = None  # type: ignore[assignment]

_UNITS = {"": 1, "b": 1, "k": 2**10, "kb": 2**10, "kib": 2**10, "m": 2**20, "mb": 2**20, "mib": 2**20,
          "g": 2**30, "gb": 2**30, "gib": 2**30, "t": 2**40, "tb": 2**40, "tib": 2**40}


@dataclass(frozen=True)
class Limits:
    memory: int = 4 * 2**30  # bytes of address space
    cpu_seconds: int = 300  # per function
    processes: int = 16  # processes the code under test may start, per function
    output: int = 256 * 2**20  # bytes, per file the worker writes

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, record: dict | None) -> "Limits":
        return cls(**record) if record else cls()


def parse_size(value: object) -> int:
    """`4GiB`, `512 MB`, `1g` or a number of bytes; binary units (GB means GiB, as `ulimit` does)."""
    if isinstance(value, bool):
        raise ValueError(f"expected a size such as \"4GiB\", got {value!r}")
    if isinstance(value, int) and value > 0:
        return value
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*", str(value))
    if match is None or match.group(2).lower() not in _UNITS or float(match.group(1)) <= 0:
        raise ValueError(f"expected a size such as \"4GiB\" or \"512MiB\", got {value!r}")
    return int(float(match.group(1)) * _UNITS[match.group(2).lower()])


def format_size(size: int) -> str:
    for unit, factor in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if size >= factor:
            return f"{size / factor:g} {unit}"
    return f"{size} bytes"


# --- the worker's side ------------------------------------------------------------------------------


class ProcessGuard:
    """Counts the processes the code under test starts and refuses those past the limit."""

    EVENTS = ("os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.system", "os.exec",
              "subprocess.Popen", "pty.spawn")

    def __init__(self) -> None:
        self.allowed = 0
        self.started = 0
        self.refused = 0
        self.installed = False

    def install(self) -> None:
        if self.installed:
            return
        sys.addaudithook(self._audit)
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._in_child)
        self.installed = True

    def reset(self, allowed: int) -> None:
        self.allowed, self.started, self.refused = allowed, 0, 0

    def _in_child(self) -> None:
        self.allowed = 0  # a forked child starts nothing: a fork bomb stops at the first level

    def _audit(self, event: str, args: tuple) -> None:
        if event not in self.EVENTS:
            return
        if event == "os.exec" or self.started >= self.allowed:
            self.refused += 1
            raise PermissionError(
                f"tracerfix verification: starting a process ({event}) is refused: the code under "
                f"test may start at most {self.allowed} (verify limit `max-processes`)")
        self.started += 1


GUARD = ProcessGuard()


def apply(limits: Limits) -> None:
    """Lower this process's soft limits for one file's functions (soft only: raised again later)."""
    GUARD.install()
    if resource is None:
        return
    _lower(resource.RLIMIT_AS, limits.memory)
    _lower(resource.RLIMIT_FSIZE, limits.output)
    if hasattr(os, "getuid") and os.getuid() != 0 and hasattr(resource, "RLIMIT_NPROC"):
        # Counts every task of this user, threads included: leave room for what already runs.
        _lower(resource.RLIMIT_NPROC, _user_tasks() + limits.processes + 64)


def start_function(limits: Limits) -> None:
    """Give the next function its own CPU and process budgets."""
    GUARD.reset(limits.processes)
    if resource is None:
        return
    usage = resource.getrusage(resource.RUSAGE_SELF)
    _lower(resource.RLIMIT_CPU, int(usage.ru_utime + usage.ru_stime) + 1 + limits.cpu_seconds)


_EXHAUSTED = re.compile(r"RESOURCE_EXHAUSTED|MemoryError|Out of memory|Unable to allocate|std::bad_alloc")
_OUTPUT_FULL = re.compile(r"File too large|EFBIG")


def verdict(result: dict, limits: Limits) -> dict:
    """The worker's result, restated when a limit decided it (an allocation refused, a process
    refused): the user must learn that the limit, not the rewrite, is why."""
    reason = str(result.get("reason", ""))
    if GUARD.refused:
        return {**result, "status": "unverifiable", "reason": (
            f"the function tried to start more than {limits.processes} processes "
            f"(verify limit `max-processes`); {reason}".rstrip("; "))}
    if result.get("status") != "verified" and _EXHAUSTED.search(reason):
        return {**result, "status": "unverifiable", "reason": (
            f"used more than {format_size(limits.memory)} of memory (verify limit `memory-limit`); "
            f"raise the limit or give smaller inputs in [tool.tracerfix.verify.inputs]: {reason}")}
    if result.get("status") != "verified" and _OUTPUT_FULL.search(reason):
        return {**result, "status": "unverifiable", "reason": (
            f"wrote more than {format_size(limits.output)} to one file (verify limit `output-limit`): {reason}")}
    return result


def _lower(kind: int, value: int) -> None:
    soft, hard = resource.getrlimit(kind)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    try:
        resource.setrlimit(kind, (value, hard))
    except (ValueError, OSError):
        pass  # a platform that refuses this limit: the parent's time limits still apply


def _user_tasks() -> int:
    """How many tasks (threads) this user runs now, which RLIMIT_NPROC counts (Linux)."""
    uid = os.getuid()
    total = 0
    try:
        entries = os.listdir("/proc")
    except OSError:
        return 4096
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            if os.stat(f"/proc/{entry}").st_uid == uid:
                total += len(os.listdir(f"/proc/{entry}/task"))
        except OSError:
            continue
    return total


# --- the parent's side ------------------------------------------------------------------------------


def describe_exit(code: int | None, limits: Limits) -> str | None:
    """What a worker's death by a limit's signal means for the function it was checking."""
    if code is None or code >= 0:
        return None
    if code == -getattr(signal, "SIGXCPU", -1000):
        return (f"used more than {limits.cpu_seconds} s of CPU time (verify limit `cpu-limit`); "
                "is there an endless loop for some input?")
    if code == -getattr(signal, "SIGXFSZ", -1000):
        return (f"wrote more than {format_size(limits.output)} of output or files "
                "(verify limit `output-limit`)")
    return None
