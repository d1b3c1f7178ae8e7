"""How long verification takes per function, next to what it cannot avoid.

    python bench/verify_bench.py [PATH ...] [--seed N] [--trials N] [--warm] [--json FILE]

For every function the rewrite of PATH changes (default: examples/), the worker reports its
verification time and, measured in the same run, the irreducible cost: one jit compilation of the
rewrite (its first call) plus every eager run of the original (of its value, and of its gradient
for the gradient check; the second figure leaves the gradient runs out). The rest is what
verification adds: more signatures' compilations, the rewrite's gradient and vmap compilations,
shrinking. Runs cold by default (no
persistent XLA cache, a fresh worker), as a first `tracerfix verify` does; `--warm` uses the
persistent cache that `tracerfix verify` keeps (run it twice to see a warm run). The worker's start-up (importing JAX) is reported once.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tracerfix import api, engine  # noqa: E402
from tracerfix.registry import all_rules  # noqa: E402
from tracerfix.verify.runner import Worker, default_compile_cache  # noqa: E402
from tracerfix.verify.stage import Verifier  # noqa: E402


def measure(paths: list[Path], seed: int, trials: int | None, warm: bool) -> dict:
    worker = Worker(compile_cache=default_compile_cache() if warm else None)
    started = time.perf_counter()
    worker.start()
    worker.wait_ready()
    startup = time.perf_counter() - started
    rows, files = [], []
    settings = engine.Settings(rules=all_rules())
    try:
        for file in api.iter_python_files(paths):
            with Verifier(worker=worker, seed=seed, trials=trials) as verifier:
                began = time.perf_counter()
                api.process_path(file, settings, fix=True, write=False, rewrite=verifier.rewriter(file))
                elapsed = time.perf_counter() - began
            if not verifier.results:
                continue
            files.append({"path": str(file), "seconds": elapsed})
            for result in verifier.results:
                details = result.details
                compile_seconds = details.get("compile_seconds", 0.0)
                eager_seconds = details.get("eager_seconds", 0.0)
                gradient_seconds = details.get("eager_gradient_seconds", 0.0)
                rows.append({
                    "path": str(file),
                    "function": result.unit,
                    "status": result.status,
                    "seconds": details.get("seconds", 0.0),
                    "irreducible": compile_seconds + eager_seconds + gradient_seconds,
                    "irreducible_values": compile_seconds + eager_seconds,
                    "compile": compile_seconds,
                    "eager": eager_seconds,
                    "eager_gradient": gradient_seconds,
                    "phases": details.get("phase_seconds", {}),
                    "trials": details.get("trials", 0),
                })
    finally:
        worker.close()
    return {"seed": seed, "warm": warm, "startup_seconds": startup, "functions": rows, "files": files}


def print_table(report: dict) -> None:
    rows = report["functions"]
    print(f"worker start-up (import JAX): {report['startup_seconds']:.2f} s; "
          f"{'warm' if report['warm'] else 'cold'} XLA cache; seed {report['seed']}")
    header = (f"{'function':<44} {'status':<12} {'verify s':>9} {'irreducible s':>14} {'ratio':>6} "
              f"{'w/o grad':>9}  phases")
    print(header)
    print("-" * len(header))
    for row in rows:
        name = f"{Path(row['path']).name}::{row['function']}"
        ratio = row["seconds"] / row["irreducible"] if row["irreducible"] else float("nan")
        values_only = row["seconds"] / row["irreducible_values"] if row["irreducible_values"] else float("nan")
        phases = " ".join(f"{k}={v:.2f}" for k, v in row["phases"].items())
        print(f"{name:<44} {row['status']:<12} {row['seconds']:>9.2f} {row['irreducible']:>14.2f} {ratio:>6.1f} "
              f"{values_only:>9.1f}  {phases}")
    verify = sum(r["seconds"] for r in rows)
    irreducible = sum(r["irreducible"] for r in rows)
    within = sum(1 for r in rows if r["irreducible"] and r["seconds"] <= 1.5 * r["irreducible"])
    files = sum(f["seconds"] for f in report["files"])
    print("-" * len(header))
    print(f"{len(rows)} functions: verification {verify:.2f} s, irreducible {irreducible:.2f} s "
          f"({verify / irreducible if irreducible else float('nan'):.1f}x; {within} of {len(rows)} within 1.5x); "
          f"whole files (planning, importing, verifying) {files:.2f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", type=Path, default=[ROOT / "examples"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--trials", type=int, default=None)
    parser.add_argument("--warm", action="store_true", help="use the persistent XLA cache of tracerfix verify")
    parser.add_argument("--json", type=Path, help="also write the measurements here")
    arguments = parser.parse_args()
    report = measure(arguments.paths, arguments.seed, arguments.trials, arguments.warm)
    print_table(report)
    if arguments.json:
        arguments.json.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
