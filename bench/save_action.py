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

    python bench/save_action.py                      # the 8 real modules: median and worst ratio
    python bench/save_action.py --runs 40 path.py    # other files, more runs
    python bench/save_action.py --max-ratio 1.2 --max-worst-ratio 1.4   # exit 1 above the targets
    python bench/save_action.py --rewritten          # also each file after its rewrite
    python bench/save_action.py --in-project         # saved where it lives in its release

`--in-project` names each module by its path inside its corpus release (`--stdin-filename`), so
the save indexes the whole project around it (63 to 144 modules per release) to learn which of its
functions other modules trace; after the warm-up run, what each file's text says comes from the
result cache, as on an editor's second save.

The modules (bench/editor_modules.py) are jit-heavy library files of the corpus releases (brax,
flax, optax, equinox, diffrax; `python bench/corpus.py` builds the corpus), each with the seed's
clip loop appended under `@jax.jit`: every save fixes one leak. `--rewritten` also times the
files as the save leaves them (nothing left to fix: the common save).

    python bench/save_action.py --instructions       # also count instructions (needs valgrind)

Times on a shared machine move with the neighbours' load. `--instructions` also runs each
command once under valgrind's cachegrind and compares the instructions executed: the same count
on every run of the same code, so a change's effect shows without noise (about a minute).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import editor_modules  # noqa: E402  (bench/editor_modules.py)

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


def instructions(command: list[str], stdin_path: Path | None, env: dict[str, str]) -> int:
    """Instructions executed by `command` (all of its process), counted by cachegrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise SystemExit("--instructions needs valgrind (apt-get install valgrind)")
    with open(stdin_path or os.devnull, "rb") as stdin:
        completed = subprocess.run(
            [valgrind, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null", *command],
            stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
        )
    counted = re.search(r"I\s+refs:\s+([\d,]+)", completed.stderr.decode())
    if counted is None:
        raise SystemExit(f"valgrind did not count {' '.join(command)}:\n{completed.stderr.decode()[-2000:]}")
    return int(counted.group(1).replace(",", ""))


def commands(module: Path, saved_as: Path | None = None) -> tuple[list[str], list[str]]:
    """The floor and the save action, both run by this interpreter itself (not a shell shim);
    the save names the file `saved_as` (default: where it is)."""
    floor = [sys.executable, "-c", FLOOR_PROGRAM, str(module)]
    script = tracerfix_command()
    if len(script) == 1 and script[0] != sys.executable:
        script = [sys.executable, script[0]]
    return floor, [*script, "rewrite", "-", "--stdin-filename", str(saved_as or module)]


def measure(
    module: Path, runs: int, warmup: int, env: dict[str, str], saved_as: Path | None = None,
) -> tuple[tuple[float, float], tuple[float, float]]:
    """Median (wall, cpu) of the floor and of the save action on `module`, runs alternating."""
    floor, save_action = commands(module, saved_as)
    for _ in range(warmup):
        timed(floor, None, env)
        timed(save_action, module, env)
    floor_runs, action_runs = [], []
    for _ in range(runs):
        floor_runs.append(timed(floor, None, env))
        action_runs.append(timed(save_action, module, env))
    return tuple(  # type: ignore[return-value]
        (statistics.median(r[0] for r in runs_), statistics.median(r[1] for r in runs_))
        for runs_ in (floor_runs, action_runs)
    )


def rewritten_copy(module: Path, directory: Path, env: dict[str, str]) -> Path:
    """The module as the save action leaves it: what the next save of the same file sees."""
    with open(module, "rb") as stdin:
        completed = subprocess.run(
            [*tracerfix_command(), "rewrite", "-", "--stdin-filename", str(module)],
            stdin=stdin, capture_output=True, env=env,
        )
    if completed.returncode not in (0, 1):
        raise SystemExit(f"rewriting {module} failed ({completed.returncode}):\n{completed.stderr.decode()}")
    copy = directory / module.name
    copy.write_bytes(completed.stdout)
    return copy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("modules", nargs="*", type=Path, help="default: the 8 real modules of bench/editor_modules.py")
    parser.add_argument("--runs", type=int, default=10, help="timed runs of each command per file (default 10)")
    parser.add_argument("--warmup", type=int, default=1, help="untimed runs of each command first (default 1)")
    parser.add_argument("--max-ratio", type=float, default=None, help="exit 1 when the median CPU ratio exceeds this")
    parser.add_argument("--max-worst-ratio", type=float, default=None, help="exit 1 when the worst CPU ratio exceeds this")
    parser.add_argument("--instructions", action="store_true", help="also count instructions under valgrind")
    parser.add_argument(
        "--rewritten", action="store_true", help="also time each file as the save leaves it (nothing to fix)"
    )
    parser.add_argument(
        "--in-project", action="store_true", help="name each file by its path inside its release (project index)"
    )
    args = parser.parse_args(argv)
    if args.in_project and (args.modules or args.rewritten):
        parser.error("--in-project runs the 8 real modules as they are: give no files and no --rewritten")

    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    saved_as = dict(editor_modules.in_project_modules()) if args.in_project else {}
    modules = args.modules or editor_modules.write_modules()
    print(f"{len(modules)} modules, {args.runs} alternating runs of each command per module, medians")
    print(f"{'':52}{'lines':>6}{'floor cpu':>10}{'save cpu':>10}{'ratio':>8}" + (f"{'instr.':>8}" if args.instructions else ""))
    cpu_ratios: list[float] = []
    instruction_ratios: list[float] = []
    with tempfile.TemporaryDirectory() as directory:
        cases = [(module, module.name) for module in modules]
        if args.rewritten:
            cases += [(rewritten_copy(m, Path(directory), env), f"{m.name} (rewritten)") for m in modules]
        for module, label in cases:
            floor, action = measure(module, args.runs, args.warmup, env, saved_as.get(module))
            ratio = action[1] / floor[1]
            cpu_ratios.append(ratio)
            lines = sum(1 for _ in module.open(encoding="utf-8"))
            row = f"{label[-52:]:52}{lines:6}{floor[1] * 1000:8.0f}ms{action[1] * 1000:8.0f}ms{ratio:7.2f}x"
            if args.instructions:
                floor_command, action_command = commands(module, saved_as.get(module))
                counted = instructions(action_command, module, env) / instructions(floor_command, None, env)
                instruction_ratios.append(counted)
                row += f"{counted:7.3f}x"
            print(row, flush=True)
    median, worst = statistics.median(cpu_ratios), max(cpu_ratios)
    print(f"CPU vs floor: median {median:.2f}x, worst {worst:.2f}x")
    if instruction_ratios:
        print(
            f"instructions vs floor: median {statistics.median(instruction_ratios):.3f}x, "
            f"worst {max(instruction_ratios):.3f}x"
        )
    failed = (args.max_ratio is not None and median > args.max_ratio) or (
        args.max_worst_ratio is not None and worst > args.max_worst_ratio
    )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
