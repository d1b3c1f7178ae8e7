"""How long the editor save action takes, as a ratio to the cost of merely parsing the file.

The save action is the whole process `tracerfix rewrite - < module.py`: interpreter start-up,
imports, analysis, fixes, re-parse, output. The floor is the least any LibCST-based tool can do on
the same file, measured in the same run:

    python -c "import libcst; libcst.parse_module(open(f).read())"

Runs alternate between the two commands so that load on the machine affects both alike; the
medians are compared. Both wall-clock time and CPU time (user + system, of the whole process) are
reported: on a machine shared with other work the wall clock mostly measures the neighbours, so the
target is checked on CPU time, which is what the process itself costs. Bytecode caching is enabled
for both (as in any normal install), after warm-up runs that are not counted.

    python bench/save_action.py                      # the shipped 500-line module
    python bench/save_action.py --runs 40 path.py    # another file, more runs
    python bench/save_action.py --max-ratio 1.2      # exit 1 when slower than 1.2x the floor
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

DEFAULT_MODULE = Path(__file__).resolve().parent / "data" / "training_module.py"
FLOOR_PROGRAM = "import libcst, sys; libcst.parse_module(open(sys.argv[1]).read())"


def tracerfix_command() -> list[str]:
    """The installed console script, run by this interpreter's own bin folder (not a shell shim)."""
    script = Path(sysconfig.get_path("scripts")) / "tracerfix"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-m", "tracerfix"]


def timed(command: list[str], stdin_path: Path | None, env: dict[str, str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one run of `command`."""
    with open(stdin_path or os.devnull, "rb") as stdin:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        completed = subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # `rewrite` exits 1 when leaks remain that it cannot fix; anything else is a broken run.
    if completed.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed ({completed.returncode}):\n{completed.stderr.decode()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("module", nargs="?", type=Path, default=DEFAULT_MODULE)
    parser.add_argument("--runs", type=int, default=20, help="timed runs of each command (default 20)")
    parser.add_argument("--warmup", type=int, default=2, help="untimed runs of each command first (default 2)")
    parser.add_argument("--max-ratio", type=float, default=None, help="exit 1 when the median ratio exceeds this")
    args = parser.parse_args(argv)

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    floor = [sys.executable, "-c", FLOOR_PROGRAM, str(args.module)]
    save_action = [*tracerfix_command(), "rewrite", "-", "--stdin-filename", str(args.module)]

    for _ in range(args.warmup):
        timed(floor, None, env)
        timed(save_action, args.module, env)
    floor_runs, action_runs = [], []
    for _ in range(args.runs):
        floor_runs.append(timed(floor, None, env))
        action_runs.append(timed(save_action, args.module, env))

    lines = sum(1 for _ in args.module.open(encoding="utf-8"))
    print(f"module: {args.module} ({lines} lines), {args.runs} runs each, medians")
    print(f"{'':32}{'wall':>9}{'cpu':>9}")
    ratios = []
    for label, runs in (("floor (import libcst + parse)", floor_runs), ("tracerfix rewrite - < module", action_runs)):
        wall, cpu = (statistics.median(run[kind] for run in runs) for kind in (0, 1))
        ratios.append((wall, cpu))
        print(f"{label:32}{wall * 1000:7.0f}ms{cpu * 1000:7.0f}ms")
    wall_ratio = ratios[1][0] / ratios[0][0]
    cpu_ratio = ratios[1][1] / ratios[0][1]
    print(f"{'ratio to the floor':32}{wall_ratio:8.2f}x{cpu_ratio:8.2f}x")
    if args.max_ratio is not None and cpu_ratio > args.max_ratio:
        print(f"CPU time is {cpu_ratio:.2f}x the floor: above the target of {args.max_ratio:.2f}x")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
