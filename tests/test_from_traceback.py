"""`tracerfix from-traceback` end to end: real JAX raises, the real CLI reads the traceback and fixes.

Every rule case that leaks is run under `jax.jit` on one "machine" (a folder that is deleted
afterwards), and its traceback is handed to the CLI in a copy of the project at another path, so
every path is matched by its end, as for a log from a CI runner. The default suite runs every
tenth case; `-m slow` runs them all.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import traceback_generator as generator
from casekit import run_side_by_side
from tracerfix.engine import Settings, fix
from tracerfix.registry import all_rules
from tracerfix.tracebacks import parse

DATA = Path(__file__).parent / "data" / "tracebacks"
ALL_CASES = list(generator.leaky_cases())


def tracerfix(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tracerfix", *args], cwd=cwd, input=stdin, capture_output=True, text=True,
        timeout=600, env=dict(os.environ, NO_COLOR="1"),
    )


def produce(root: Path, cases) -> tuple[Path, dict[str, str]]:
    """Run `cases` under jit on a machine that then disappears; the project's copy elsewhere and
    the tracebacks (by case name)."""
    machine = root / "machine" / "project"
    generator.write_project(machine, cases)
    produced = generator.run_cases(machine, cases, root / "tracebacks")
    checkout = root / "checkout" / "project"
    shutil.copytree(machine, checkout)
    shutil.rmtree(root / "machine")
    return checkout, produced


def findings_at_tracebacks(checkout: Path, produced: dict[str, str]) -> tuple[list[str], list[dict]]:
    """The cases whose traceback's statement (or, for a leaked tracer, whose traced function) has
    a finding, from one run of the CLI over every traceback at once."""
    log = checkout.parent / "all.log"
    log.write_text("\n".join(produced.values()))
    result = tracerfix("from-traceback", "--output-format", "json", str(log), cwd=checkout)
    assert result.returncode == 1, result.stderr
    findings = json.loads(result.stdout)
    hit = []
    for name, text in produced.items():
        (error,) = parse(text)
        mine = [f for f in findings if Path(f["path"]).stem == name]
        if error.kind == "UnexpectedTracerError":
            if mine:
                hit.append(name)
        elif any(f["line"] <= error.leak_frame.line <= f["end_line"] for f in mine):
            hit.append(name)
    return hit, findings


def _cases(every: int):
    return ALL_CASES[::every]


@pytest.fixture(scope="module")
def rule_case_run(tmp_path_factory, request):
    pytest.importorskip("jax")
    every = getattr(request, "param", 10)
    cases = _cases(every)
    checkout, produced = produce(tmp_path_factory.mktemp("rule-cases"), cases)
    return cases, checkout, produced


def _check_reports_and_fixes(cases, checkout: Path, produced: dict[str, str]) -> None:
    assert len(produced) >= len(cases) - 2  # a case or two does not raise under jit at all
    # `jax.jit(multigammaln)` of a library function, called from a script: its traceback names no
    # file of the project (`test_from_traceback_parser` keeps it out of the corpus for that).
    errors = {name: parse(text)[0] for name, text in produced.items()}
    unplaced = [name for name, error in errors.items()
                if error.kind != "UnexpectedTracerError" and error.leak_frame is None]
    assert len(unplaced) <= 1, unplaced
    produced = {name: text for name, text in produced.items() if name not in unplaced}
    hit, _ = findings_at_tracebacks(checkout, produced)
    assert sorted(hit) == sorted(produced)

    fixed = checkout.parent / "fixed"
    shutil.copytree(checkout, fixed)
    log = checkout.parent / "all.log"
    result = tracerfix("from-traceback", "--fix", "--unsafe-fixes", str(log), cwd=fixed)
    assert "Fixed" in result.stderr, result.stderr
    settings = Settings(rules=all_rules(), unsafe_fixes=True)
    by_name = {name: case for name, _, case in cases}
    for name in produced:
        original = (checkout / "cases" / f"{name}.py").read_text()
        ours = (fixed / "cases" / f"{name}.py").read_text()
        assert ours == fix(original, settings).source, f"{name}: not the fix `rewrite --unsafe-fixes` makes"
        case = by_name[name]
        if case.expected is not None and case.verify:
            run_side_by_side(original, ours, case.function, case.inputs)


def test_every_tenth_rule_case_is_reported_and_fixed_from_its_traceback(rule_case_run):
    _check_reports_and_fixes(*rule_case_run)


@pytest.mark.slow
@pytest.mark.parametrize("rule_case_run", [1], indirect=True)
def test_every_rule_case_is_reported_and_fixed_from_its_traceback(rule_case_run):
    _check_reports_and_fixes(*rule_case_run)


# --- where `check` alone is silent --------------------------------------------------------------

_JIT_DECORATOR = re.compile(r"^@(?:jax\.)?jit\n", re.M)


def jitted_elsewhere(cases):
    """The cases whose function is decorated with a plain `@jax.jit`, without it: JAX still traces
    them (the runner applies jax.jit, as a training script in another module would), but nothing
    in the file says so."""
    for name, rule, case in cases:
        source = textwrap.dedent(case.code).lstrip("\n")
        stripped = _JIT_DECORATOR.sub("", source)
        if stripped != source:
            yield name, rule, case._replace(code=stripped)


def _silent_then_found(cases, root: Path) -> tuple[int, int, set[str]]:
    """How many leaks `check` misses, how many of those from-traceback reports at the traceback's
    line, and the cases that still raise under jit after `--fix` without a leak left reported
    (a fix that needs `checkify.checkify` around the call does not count: plain jit rejects it)."""
    checkout, produced = produce(root, list(cases))
    result = tracerfix("check", "--no-cache", "--output-format", "json", "cases", cwd=checkout)
    seen_by_check = {Path(f["path"]).stem for f in json.loads(result.stdout)}
    silent = [name for name in produced if name not in seen_by_check]
    hit, _ = findings_at_tracebacks(checkout, produced)
    fixed = checkout.parent / "fixed"
    shutil.copytree(checkout, fixed)
    result = tracerfix("from-traceback", "--fix", "--unsafe-fixes", str(checkout.parent / "all.log"), cwd=fixed)
    left = set(re.findall(r"^cases/(\w+)\.py:\d+:\d+: TFX", result.stderr, re.M))
    runnable = [c for c in cases if c[0] in produced and c[2].verify]
    still_raising = set(generator.run_cases(fixed, runnable, root / "after")) - left
    return len(silent), len(set(silent) & set(hit)), still_raising


def test_leaks_check_cannot_see_are_found_from_the_traceback(tmp_path):
    pytest.importorskip("jax")
    cases = list(jitted_elsewhere(ALL_CASES))[::5]
    silent, found, still_raising = _silent_then_found(cases, tmp_path)
    assert silent >= len(cases) - 2
    assert found == silent
    assert still_raising == set()


@pytest.mark.slow
def test_all_leaks_check_cannot_see_are_found_from_the_traceback(tmp_path):
    pytest.importorskip("jax")
    cases = list(jitted_elsewhere(ALL_CASES))
    silent, found, still_raising = _silent_then_found(cases, tmp_path)
    assert found >= 0.95 * silent and silent >= 0.9 * len(cases)
    assert len(still_raising) <= 0.05 * silent


# --- a small project, as a user has it ----------------------------------------------------------

MODEL = '''\
def shrink(x):
    if x.sum() > 10:
        x = x - 1
    return x


def scale(x, factor):
    return x * int(factor)
'''
TRAIN = '''\
import jax
import jax.numpy as jnp

from pkg.model import shrink


def main():
    return jax.jit(shrink)(jnp.arange(8.0))


if __name__ == "__main__":
    main()
'''


@pytest.fixture
def project(tmp_path):
    pytest.importorskip("jax")
    root = tmp_path / "project"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "model.py").write_text(MODEL)
    (root / "train.py").write_text(TRAIN)
    return root


def run_python(root: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, *args], cwd=root, capture_output=True, text=True, timeout=300,
        env=dict(os.environ, JAX_PLATFORMS="cpu", **env),
    )


def test_the_flow_run_copy_fix_run_again(project):
    """A helper module that never mentions JAX, jitted from a script: `check` finds the leak
    through the project index (issue 15), and the traceback leads to the same fix."""
    checked = tracerfix("check", "--no-cache", ".", cwd=project)
    assert checked.stdout.startswith("pkg/model.py:2:5: TFX101"), checked.stdout
    assert "`shrink` is jitted by `main` in train.py" in checked.stdout
    failed = run_python(project, "train.py")
    assert "TracerBoolConversionError" in failed.stderr
    report = tracerfix("from-traceback", "-", cwd=project, stdin=failed.stderr)
    assert report.returncode == 1
    assert re.match(r"pkg/model\.py:2:5: TFX101 .*`shrink` is traced for jit, as the traceback shows", report.stdout)
    fixed = tracerfix("from-traceback", "--fix", cwd=project, stdin=failed.stderr)
    assert fixed.returncode == 0, fixed.stderr
    assert "Fixed 1 tracer leak in 1 file." in fixed.stderr
    source = (project / "pkg" / "model.py").read_text()
    assert "import jax.numpy as jnp" in source and "x = jnp.where(x.sum() > 10, x - 1, x)" in source
    assert "int(factor)" in source  # not in the traceback: left alone
    assert run_python(project, "train.py").returncode == 0


@pytest.mark.parametrize("filtering", ["off", "auto"])
def test_jax_traceback_filtering_either_way(project, filtering):
    failed = run_python(project, "train.py", JAX_TRACEBACK_FILTERING=filtering)
    report = tracerfix("from-traceback", "--output-format", "json", cwd=project, stdin=failed.stderr)
    (finding,) = json.loads(report.stdout)
    assert (finding["path"], finding["line"], finding["code"]) == ("pkg/model.py", 2, "TFX101")


def test_a_log_from_another_machine_is_matched_by_the_end_of_its_paths(project, tmp_path):
    failed = run_python(project, "train.py")
    moved = str(project).replace("\\", "/")
    log = tmp_path / "ci.log"
    log.write_text(
        "\n".join(
            f"2024-06-13T12:00:00.0000000Z {line.replace(moved, '/home/runner/work/app/app')}"
            for line in failed.stderr.splitlines()
        )
    )
    assert "/home/runner/work/app/app/pkg/model.py" in log.read_text()
    report = tracerfix("from-traceback", "--diff", str(log), cwd=project)
    assert "+    x = jnp.where(x.sum() > 10, x - 1, x)" in report.stdout


def test_verify_runs_the_fix_before_writing_it(project):
    failed = run_python(project, "train.py")
    result = tracerfix("from-traceback", "--verify", "--seed", "0", cwd=project, stdin=failed.stderr)
    assert result.returncode == 0, result.stderr
    assert "jnp.where" in (project / "pkg" / "model.py").read_text()
    assert "Verified 1 of 1 rewritten function" in result.stderr


def test_what_no_rule_fixes_is_explained(project):
    (project / "train.py").write_text(
        TRAIN.replace("from pkg.model import shrink", "from pkg.model import scale").replace(
            "jax.jit(shrink)(jnp.arange(8.0))", "jax.jit(scale)(jnp.ones(3), jnp.int32(2))"
        )
    )
    failed = run_python(project, "train.py")
    assert "ConcretizationTypeError" in failed.stderr
    report = tracerfix("from-traceback", cwd=project, stdin=failed.stderr)
    assert report.returncode == 1
    lines = report.stdout + report.stderr
    # `int(factor)` is a rule's leak (TFX201); its fix needs the caller, so it is reported only.
    assert "pkg/model.py:8:" in lines and "TFX201" in lines


def test_a_none_test_of_a_traced_argument_stays_a_python_if_as_check_has_it(project):
    # `limit` is traced in the traceback (a call passed it), yet `limit is not None` is decided in
    # Python: the fix keeps it a Python `if` around the traced rest, as `rewrite` does where `limit`
    # is a static default, so the call without `limit` still runs.
    (project / "pkg" / "model.py").write_text(textwrap.dedent("""\
        import jax.numpy as jnp


        def cap(x, limit=None):
            peak = jnp.max(x)
            if limit is not None and peak > limit:
                x = x * (limit / peak)
            return x
        """))
    (project / "train.py").write_text(TRAIN.replace("shrink", "cap").replace(
        "jax.jit(cap)(jnp.arange(8.0))", "(jax.jit(cap)(jnp.arange(8.0), 4.0), jax.jit(cap)(jnp.arange(8.0)))"))
    failed = run_python(project, "train.py")
    assert "TracerBoolConversionError" in failed.stderr
    fixed = tracerfix("from-traceback", "--fix", "--unsafe-fixes", cwd=project, stdin=failed.stderr)
    assert fixed.returncode == 0, fixed.stderr
    source = (project / "pkg" / "model.py").read_text()
    assert "    if limit is not None:\n        x = jnp.where(peak > limit," in source, source
    assert run_python(project, "train.py").returncode == 0


def test_a_function_called_through_a_variable_takes_its_arguments_as_traced(project):
    # netket #908: an optimizer calls the user's schedule through `step_size_fn(state.count)`, a
    # closure variable the analysis cannot follow; the traceback shows the call ran under the trace.
    (project / "pkg" / "model.py").write_text(textwrap.dedent("""\
        import numpy as np


        def schedule(n):
            return (1 + np.cos(np.pi * (n % 100) / 100)) * 0.01


        def scale_by_schedule(step_size_fn):
            def update(g, count):
                return -step_size_fn(count) * g
            return update
        """))
    (project / "train.py").write_text(textwrap.dedent("""\
        import jax
        import jax.numpy as jnp

        from pkg.model import scale_by_schedule, schedule

        update = scale_by_schedule(schedule)

        if __name__ == "__main__":
            jax.jit(update)(jnp.ones(3), jnp.int32(5))
        """))
    failed = run_python(project, "train.py")
    assert "TracerArrayConversionError" in failed.stderr
    assert tracerfix("check", "pkg", cwd=project).returncode == 0  # silent without the traceback
    result = tracerfix("from-traceback", "--fix", cwd=project, stdin=failed.stderr)
    assert result.returncode == 0 and "Fixed 1 tracer leak" in result.stderr, result.stderr
    assert "jnp.cos" in (project / "pkg" / "model.py").read_text()
    assert run_python(project, "train.py").returncode == 0


def test_a_shape_from_an_object_of_another_module_is_proven_by_the_error_that_names_it(project):
    # dLuxToliman's jitter: a kernel size set from a traced amplitude reaches `np.arange(n)` in a
    # helper that `tree_map` runs; the object's class is defined where the jitted function is not,
    # so only the traceback ("It arose in the jnp.arange argument 'stop'") shows `n` traced.
    (project / "pkg" / "model.py").write_text(textwrap.dedent("""\
        import jax.numpy as np
        from jax.tree_util import tree_map


        def coords(npixels, scale):
            def pixel_fn(n, s):
                return (np.arange(n) - (n - 1) / 2.0) * s
            return tree_map(pixel_fn, (npixels,), (scale,))[0]


        class Jitter:
            def __init__(self, amplitude):
                self.amplitude = amplitude
                self.size = 5

            def kernel(self, scale):
                return coords(self.size, scale)
        """))
    (project / "train.py").write_text(textwrap.dedent("""\
        import jax
        import jax.numpy as jnp
        from jax.tree_util import register_pytree_node

        from pkg.model import Jitter


        def unflatten(_, children):
            jitter = Jitter(children[0])
            jitter.size = children[1]
            return jitter


        register_pytree_node(Jitter, lambda j: ((j.amplitude, j.size), None), unflatten)


        @jax.jit
        def step(jitter, scale):
            return jitter.kernel(scale)


        if __name__ == "__main__":
            step(Jitter(jnp.float32(2.0)), 0.5)
        """))
    failed = run_python(project, "train.py")
    assert "ConcretizationTypeError" in failed.stderr and "jnp.arange argument" in failed.stderr, failed.stderr
    assert tracerfix("check", "--no-cache", "pkg", cwd=project).returncode == 0  # silent without the traceback
    report = tracerfix("from-traceback", "-", cwd=project, stdin=failed.stderr)
    assert report.returncode == 1, report.stdout + report.stderr
    assert re.match(r"pkg/model\.py:7:\d+: TFX203 `n` is traced.*while JAX traced `step` \(train\.py:\d+\)",
                    report.stdout), report.stdout
    assert "Found 1 tracer leak." in report.stdout


def test_an_object_called_from_the_file_takes_what_the_call_passes(project):
    # `crop(x, top, left)` runs `PositionalCrop.__call__`: the frame above names the object, not
    # the method, and its `self` is the module's object with a static `output_size`; the fix is
    # the one `rewrite` makes (`lax.dynamic_slice`, with its import), not a request for statics.
    (project / "pkg" / "model.py").write_text(textwrap.dedent("""\
        class PositionalCrop:
            def __init__(self, output_size):
                self.output_size = output_size

            def __call__(self, image, top, left):
                new_h, new_w = self.output_size
                return image[top : top + new_h, left : left + new_w]


        crop = PositionalCrop((3, 2))


        def window(x, top, left):
            return crop(x, top, left)
        """))
    (project / "train.py").write_text(textwrap.dedent("""\
        import jax
        import jax.numpy as jnp

        from pkg.model import window

        if __name__ == "__main__":
            print(jax.jit(window)(jnp.arange(48.0).reshape(6, 8), 1, 4))
        """))
    failed = run_python(project, "train.py")
    assert "IndexError" in failed.stderr, failed.stderr
    fixed = tracerfix("from-traceback", "--fix", "--unsafe-fixes", cwd=project, stdin=failed.stderr)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    source = (project / "pkg" / "model.py").read_text()
    assert "from jax import lax" in source and "lax.dynamic_slice(image, (top, left)" in source, source
    assert run_python(project, "train.py").returncode == 0


def test_library_frames_and_missing_files_are_explained_not_guessed(tmp_path):
    text = "\n".join(
        (DATA / "pasted" / name).read_text()
        for name in ("004_flax_library_unfiltered.txt", "007_stdin_frames_library.txt", "009_jax01_no_traceback.txt")
    )
    result = tracerfix("from-traceback", cwd=tmp_path, stdin=text)
    assert result.returncode == 1 and result.stdout == ""
    notes = result.stderr.splitlines()
    assert len(notes) == 3 and all(": note: " in note for note in notes)
    assert "installed code" in notes[0] and "flax/linen/stochastic.py:56" in notes[0]
    assert "<stdin>" in notes[1] and "no file" in notes[1]
    assert "shows no file and line" in notes[2]


def test_input_without_a_tracer_error(tmp_path):
    result = tracerfix("from-traceback", cwd=tmp_path, stdin="all tests passed\n")
    assert result.returncode == 2 and "no JAX tracer error" in result.stderr


def test_a_paste_cut_before_its_error_line_is_called_cut(tmp_path):
    paste = (DATA / "pasted" / "039_mpax1_unfiltered_vmap_jit_internal_frames.txt").read_text()
    result = tracerfix("from-traceback", cwd=tmp_path, stdin=paste)
    assert result.returncode == 2 and "looks cut" in result.stderr and "TracerBoolConversionError: ..." in result.stderr


# --- examples from JAX's issue tracker ------------------------------------------------------------

REAL = DATA / "real"
RUN_EACH = r"""
import runpy, sys, traceback
for path in sys.argv[1:]:
    try:
        runpy.run_path(path, run_name="__main__")
    except Exception:
        traceback.print_exc()
"""


def test_examples_from_the_issue_tracker(tmp_path):
    """Snippets from JAX's issue threads, run by the real JAX: `check` alone now sees all four (it
    saw one before the detection work of issue 13: a bare parameter in `and`, `bool()` under grad
    inside jit and a scan body's `bool()` were missed); from-traceback reports each at the line
    JAX names."""
    pytest.importorskip("jax")
    project = tmp_path / "examples"
    shutil.copytree(REAL, project)
    scripts = sorted(path.name for path in project.glob("*.py"))
    ran = run_python(project, "-c", RUN_EACH, *scripts)
    errors = parse(ran.stderr)
    assert sorted(Path(e.leak_frame.path).name for e in errors) == scripts
    checked = tracerfix("check", "--no-cache", "--output-format", "json", ".", cwd=project)
    seen_by_check = {Path(f["path"]).name for f in json.loads(checked.stdout)}
    assert seen_by_check == set(scripts)
    report = tracerfix("from-traceback", "--output-format", "json", "-", cwd=project, stdin=ran.stderr)
    found = {(Path(f["path"]).name, f["line"], f["code"]) for f in json.loads(report.stdout)}
    assert found == {
        ("jax22098_bool_and_parameter.py", 7, "TFX101"),
        ("jax16949_bool_under_grad_in_jit.py", 6, "TFX106"),
        ("jax23637_scan_body_bool.py", 3, "TFX106"),
        ("jax5853_list_indexed_by_tracer.py", 4, "TFX402"),
    }


# Real leaks `check` does not see (tests/real_cases, KNOWN_MISSES in test_real_cases.py) that the
# traceback of running them proves: the finding is reported at the traceback's line.
REAL_CASES = Path(__file__).parent / "real_cases"
SEEN_FROM_THE_TRACEBACK = [
    "unseen_2026_11_26d/detection/003_desc_qsboozer_bool_mask_attr.py",  # a mask, by its error
    "unseen_2026_11_26d/detection/007_quocs_lambda_guess_np_sin.py",  # a lambda in a config dict
    "unseen_2026_11_26e/detection/004_optax_inject_hyperparams_int_min_dim.py",  # an `if`, by its error
    "unseen_2026_11_26e/detection/003_vmcnet_nelec_per_spin_jnp_diff.py",  # a shape, by its TypeError
]


@pytest.mark.parametrize("name", SEEN_FROM_THE_TRACEBACK)
def test_real_leaks_check_misses_are_reported_at_the_traceback_line(name, tmp_path):
    pytest.importorskip("jax")
    case = tmp_path / "case.py"
    shutil.copy(REAL_CASES / name, case)
    program = "import numpy as np, case; case.f(*case.make_inputs(np.random.default_rng(0)))"
    failed = run_python(tmp_path, "-c", program)
    assert "Error" in failed.stderr
    line = int(re.findall(r'File ".*case\.py", line (\d+)', failed.stderr)[-1])
    assert tracerfix("check", "case.py", cwd=tmp_path).returncode == 0  # silent without the traceback
    report = tracerfix("from-traceback", cwd=tmp_path, stdin=failed.stderr)
    assert re.search(rf"case\.py:{line}:\d+: TFX\d+", report.stdout + report.stderr), report.stdout + report.stderr
