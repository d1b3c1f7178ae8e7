"""Produce real tracebacks: every rule case that leaks, run under `jax.jit` by the real JAX.

    python tests/traceback_generator.py [--filtering off] [OUT]

Each INVALID case that names a function and inputs is written to its own module of a throwaway
project (`cases/<code>_<n>.py`), imported, and called under `jax.jit` (its own decorators kept);
a tracer error's traceback is printed exactly as Python prints an uncaught one, to
`OUT/<code>_<n>.txt`. The tests use the same functions to make fresh tracebacks for the end-to-end
checks; the committed `tests/data/tracebacks/generated/` keeps a snapshot for the parser's tests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

RUNNER = r"""
import importlib, json, sys, traceback
import jax, jax.numpy as jnp, numpy as np

for name, function, expression, out in json.loads(sys.argv[1]):
    try:
        module = importlib.import_module("cases." + name)
        fn = getattr(module, function)
        if not hasattr(fn, "lower"):
            fn = jax.jit(fn)
        args = eval(expression, {"jax": jax, "jnp": jnp, "np": np})
        fn(*(args if isinstance(args, tuple) else (args,)))
    except Exception:
        with open(out, "w") as handle:
            traceback.print_exc(file=handle)
"""


def leaky_cases():
    """(name, rule, case) for every INVALID case that can be run: it names a function and inputs."""
    from tracerfix.registry import all_rules

    for rule in all_rules():
        for number, case in enumerate(rule.INVALID):
            if case.function and case.inputs:
                yield f"{rule.code.lower()}_{number}", rule, case


def write_project(root: Path, cases) -> None:
    (root / "cases").mkdir(parents=True, exist_ok=True)
    (root / "cases" / "__init__.py").write_text("")
    for name, _, case in cases:
        (root / "cases" / f"{name}.py").write_text(textwrap.dedent(case.code).lstrip("\n"))


def run_cases(root: Path, cases, out: Path, filtering: str | None = None, timeout: float = 600) -> dict[str, str]:
    """Run every case of the project at `root` under jit; {name: traceback text} of those that raised."""
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    jobs = [(name, case.function, case.inputs[0], str(out / f"{name}.txt")) for name, _, case in cases]
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONDONTWRITEBYTECODE="1")
    if filtering is not None:
        env["JAX_TRACEBACK_FILTERING"] = filtering
    subprocess.run(
        [sys.executable, "-c", RUNNER, json.dumps(jobs)], cwd=root, env=env, timeout=timeout, check=True,
        stdout=subprocess.DEVNULL,
    )
    return {name: (out / f"{name}.txt").read_text() for name, *_ in jobs if (out / f"{name}.txt").exists()}


def main(argv: list[str]) -> None:
    filtering = None
    if argv[:1] == ["--filtering"]:
        filtering, argv = argv[1], argv[2:]
    out = Path(argv[0]) if argv else Path(__file__).parent / "data" / "tracebacks" / "generated"
    cases = list(leaky_cases())
    with tempfile.TemporaryDirectory(prefix="tracerfix-traceback-") as folder:
        root = Path(folder) / "project"
        write_project(root, cases)
        produced = run_cases(root, cases, out, filtering)
    print(f"{len(produced)} of {len(cases)} runnable cases raised under jax.jit; tracebacks in {out}")


if __name__ == "__main__":
    main(sys.argv[1:])
