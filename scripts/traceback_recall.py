"""How many leaks `tracerfix from-traceback` finds where `tracerfix check` alone is silent.

For every case of a folder in the judge's format (../shared/judge/README.md) that leaks (EXPECT
"fix" or "report"), the user code is written to a module of its own, `tracerfix check` runs on
it, and where check is silent the code is run the way its user ran it: `f` under its own
transformation on the case's first input, with a real JAX. The traceback that prints is handed to
`tracerfix from-traceback`, which passes when it reports a finding in the module.

    python scripts/traceback_recall.py CASES_DIR [CASES_DIR ...]

Prints one line per case and a summary: the leaks check finds, and of the rest how many the
traceback leads to. Needs JAX (the `verify` extra): the cases' code is executed.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

USER_CODE = re.compile(r"# --- user code \(given to the tool\) ---\n(.*?)# --- end user code ---", re.S)

RUN = r"""
import importlib, importlib.util, sys, traceback
import numpy as np
sys.path.insert(0, sys.argv[1])
case = importlib.import_module("case_module")
spec = importlib.util.spec_from_file_location("case_file", sys.argv[2])
whole = importlib.util.module_from_spec(spec)
spec.loader.exec_module(whole)
arguments = whole.INPUTS(np.random.default_rng(0))
try:
    case.f(*arguments)
except Exception:
    traceback.print_exc()
"""


def tracerfix(*args: str, cwd: Path, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tracerfix", *args], cwd=cwd, input=input,
                          capture_output=True, text=True, timeout=600)


def expectation(text: str) -> str | None:
    for node in ast.parse(text).body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "EXPECT" for t in node.targets):
            return ast.literal_eval(node.value)
    return None


def recall(case: Path) -> tuple[str, str]:
    """(outcome, detail): "check", "traceback", "missed", "no-error" or "skipped"."""
    text = case.read_text()
    if expectation(text) not in ("fix", "report"):
        return "skipped", ""
    match = USER_CODE.search(text)
    if match is None:
        return "skipped", "no user code"
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        module = root / "case_module.py"
        module.write_text(match.group(1))
        checked = tracerfix("check", "--quiet", "--no-cache", module.name, cwd=root)
        if checked.returncode == 1:
            return "check", ""
        ran = subprocess.run([sys.executable, "-c", RUN, str(root), str(case.resolve())], cwd=root,
                             capture_output=True, text=True, timeout=600)
        log = ran.stderr
        if "Traceback" not in log:
            return "no-error", "the code ran without an error"
        found = tracerfix("from-traceback", "--output-format", "json", "-", cwd=root, input=log)
        try:
            findings = json.loads(found.stdout or "[]")
        except json.JSONDecodeError:
            findings = []
        if findings:
            return "traceback", ", ".join(f"{f['code']}@{f['line']}" for f in findings)
        last = [line for line in (found.stdout + found.stderr).splitlines() if line.strip()]
        return "missed", last[-1] if last else f"exit {found.returncode}"


def main(folders: list[str]) -> None:
    counts: dict[str, int] = {}
    for folder in folders:
        for case in sorted(Path(folder).glob("[0-9]*.py")):
            outcome, detail = recall(case)
            counts[outcome] = counts.get(outcome, 0) + 1
            if outcome != "skipped":
                print(f"{case.name:60} {outcome:10} {detail}")
    leaky = sum(counts.get(k, 0) for k in ("check", "traceback", "missed", "no-error"))
    silent = sum(counts.get(k, 0) for k in ("traceback", "missed"))
    print(f"\n{leaky} leaky cases: check finds {counts.get('check', 0)}; of the {silent} where it is silent "
          f"and the code raises, from-traceback finds {counts.get('traceback', 0)}"
          + (f" ({counts.get('no-error', 0)} raised nothing when run)" if counts.get("no-error") else ""))


if __name__ == "__main__":
    main(sys.argv[1:])
