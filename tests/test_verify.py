"""Verification: rewrites are run against their originals, and only those that agree are kept.

The tests that run code share one worker process (JAX is imported once). Wrong rewrites are
planted here: a rewritten module written by the test, or a deliberately wrong rule.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import libcst as cst
import pytest
from click.testing import CliRunner

from tracerfix import api, engine
from tracerfix.cli import main
from tracerfix.registry import all_rules
from tracerfix.rule import Rule, Safety
from tracerfix.verify.options import VerifyOptions, parse_options
from tracerfix.verify.plan import Planner, annotation_specs, comparison_constants, locate_unit
from tracerfix.verify.report import result_lines, summary_line
from tracerfix.verify.runner import Worker, WorkerError
from tracerfix.verify.specs import ArraySpec, LiteralSpec, SpecError, TupleSpec, parse_signature
from tracerfix.verify.stage import Verifier

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SEED = 20240601


def write(folder: Path, name: str, code: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(code).lstrip("\n"))
    return path


@pytest.fixture(scope="module")
def worker():
    with Worker() as shared:
        yield shared


def verify_planted(worker, folder: Path, original: str, rewritten: str, units, **options):
    """Verify a hand-written `rewritten` version of the module `original`, unit by unit."""
    path = write(folder, "planted.py", original)
    settings = VerifyOptions(**{"trials": 8, **options})
    with Verifier(worker=worker, seed=SEED) as verifier:
        results = verifier.verify_units(
            path.read_text(), textwrap.dedent(rewritten).lstrip("\n"), path, str(path), list(units), settings, SEED
        )
    return {result.unit: result for result in results}


SHIFT = """

@jax.jit
def shift(x):
    if x.sum() > 0:
        x = x - 1.0
    return x
"""


def unit_name(module: cst.Module, function: str) -> str:
    located = locate_unit(module, function)
    return located[0] if located else function


CLIP = """
import jax
import jax.numpy as jnp


@jax.jit
def clip_first(x):
    result = x
    if x[0] < 0:
        result = result.at[0].set(0)
    return result
"""


# --- the examples, as CI runs them --------------------------------------------------------------


def test_every_example_rewrite_is_verified():
    """Safe fixes must verify (same values, dtypes, gradients); an unsafe fix may be refused, but
    only with a counterexample, never because verification could not run."""
    with Verifier(seed=SEED, trials=8, jobs=2) as verifier:
        reports = verifier.process_paths([EXAMPLES], write=False)
    errors = [(report.path, report.error) for report in reports if report.error is not None]
    assert reports and not errors, errors
    by_file: dict[str, list] = {}
    for result in verifier.results:
        by_file.setdefault(result.path, []).append(result)
    problems = []
    for report in reports:
        source = Path(report.path).read_text()
        module = cst.parse_module(source)
        full = engine.fix(source, engine.Settings(rules=all_rules(), unsafe_fixes=True))
        unsafe = {unit_name(module, f.function) for f in full.fixed if f.fix.safety is Safety.UNSAFE}
        results = {result.unit: result for result in by_file.get(report.path, [])}
        for unit in {unit_name(module, f.function) for f in full.fixed} - set(results):
            problems.append(f"{report.path}: {unit}: rewritten but not verified")
        for unit, result in results.items():
            refused_with_evidence = result.status == "failed" and result.details.get("inputs") is not None
            if result.verified or (unit in unsafe and refused_with_evidence):
                continue
            problems.extend(result_lines(result))
    assert not problems, "\n".join(problems)


# --- wrong rewrites are caught ------------------------------------------------------------------


def test_flipped_comparison_is_caught_with_a_small_counterexample(worker, tmp_path):
    wrong = CLIP.replace(
        "    if x[0] < 0:\n        result = result.at[0].set(0)\n",
        "    result = jnp.where(x[0] > 0, result.at[0].set(0), result)\n",
    )
    result = verify_planted(worker, tmp_path, CLIP, wrong, ["clip_first"])["clip_first"]
    assert result.status == "failed" and result.details["check"] == "values"
    assert result.details["seed"] == SEED
    (value,) = result.details["inputs"].values()
    assert value.startswith("f32[1] "), "shrunk to one element"
    assert result.details["original"] != result.details["rewrite"]
    text = "\n".join(result_lines(result))
    assert "FAILED" in text and "original:" in text and "rewrite:" in text and str(SEED) in text


def test_swapped_where_branches_are_caught(worker, tmp_path):
    original = """
    import jax

    print("user code may print; the worker's protocol does not mind")


    def pick(x, y):
        print("and print while it runs")
        if x.sum() > y.sum():
            out = x - y
        else:
            out = y - x
        return out


    pick_jit = jax.jit(pick)
    """
    swapped = """
    import jax
    import jax.numpy as jnp


    def pick(x, y):
        out = jnp.where(x.sum() > y.sum(), y - x, x - y)
        return out


    pick_jit = jax.jit(pick)
    """
    result = verify_planted(worker, tmp_path, original, swapped, ["pick"])["pick"]
    assert result.status == "failed"
    assert set(result.details["inputs"]) == {"x", "y"}


def test_where_nan_gradient_is_caught(worker, tmp_path):
    original = """
    import jax
    import jax.numpy as jnp


    @jax.jit
    def safe_sqrt(x):
        if x > 0:
            y = jnp.sqrt(x)
        else:
            y = 0.0
        return y
    """
    rewritten = """
    import jax
    import jax.numpy as jnp


    @jax.jit
    def safe_sqrt(x):
        y = jnp.where(x > 0, jnp.sqrt(x), 0.0)
        return y
    """
    result = verify_planted(worker, tmp_path, original, rewritten, ["safe_sqrt"])["safe_sqrt"]
    assert result.status == "failed" and result.details["check"] == "gradient"
    assert "nan" in result.details["rewrite"] and "nan" not in result.details["original"]


def test_a_rewrite_that_breaks_under_vmap_is_caught(worker, tmp_path):
    original = """
    import jax


    # tracerfix-verify: x=i32[4]
    @jax.jit
    def double(x):
        return x * 2
    """
    rewritten = """
    import jax


    @jax.custom_batching.custom_vmap
    def _twice(x):
        return x * 2


    @_twice.def_vmap
    def _twice_batched(axis_size, in_batched, x):
        return x * 3, in_batched[0]  # wrong on purpose: only visible under jax.vmap


    @jax.jit
    def double(x):
        return _twice(x)
    """
    result = verify_planted(worker, tmp_path, original, rewritten, ["double"])["double"]
    assert result.status == "failed" and result.details["check"] == "vmap"


BATCHED_ROUNDING = """
import jax
import jax.numpy as jnp


@jax.custom_batching.custom_vmap
def _steep(x):
    return jnp.tan(1e4 * x)


@_steep.def_vmap
def _steep_batched(axis_size, in_batched, x):
    # Batched code that rounds a little otherwise, as a vectorised `cos` or another fusion may.
    return jnp.tan(1e4 * x) * (1 + SLOP), in_batched[0]


# tracerfix-verify: x=f32[]
@jax.jit
def steep(x):
    return _steep(x)
"""


@pytest.mark.parametrize("original, verified", [("jnp.tan(1e4 * x)", True), ("x * 2.0", False)])
def test_vmap_rounding_is_excused_only_where_the_original_is_ill_conditioned(worker, tmp_path, original, verified):
    # A 1e-4 relative difference in batched code: where a relative 1e-6 nudge of the input moves the
    # original as far (tan of 1e4 x), no rewrite could do better; on a well-conditioned function
    # (the batched rule then computes 2x(1 + 1e-4)) it is a real disagreement.
    module = f"""
    import jax
    import jax.numpy as jnp


    # tracerfix-verify: x=f32[]
    @jax.jit
    def steep(x):
        return {original}
    """
    rewritten = BATCHED_ROUNDING.replace("SLOP", "1e-4").replace("jnp.tan(1e4 * x)", original)
    result = verify_planted(worker, tmp_path, module, rewritten, ["steep"])["steep"]
    if verified:
        assert result.verified, result_lines(result)
        assert any("ill-conditioned" in note for note in result.details.get("notes", [])), result.details
    else:
        assert result.status == "failed" and result.details["check"] == "vmap", result_lines(result)


def test_float32_rounding_is_judged_on_jax_arrays_as_the_trials_were(worker, tmp_path):
    # The original sums in Python's 64-bit floats, the rewrite in float32: they part by more than
    # float32's tolerance, and agree once both compute in float64. The widened inputs must stay
    # JAX arrays: `x[1]` of a 1-element array clamps in JAX and raises in NumPy.
    original = """
    import jax
    import jax.numpy as jnp


    # tracerfix-verify: x=f32[1]
    @jax.jit
    def total(x):
        acc = 0.0
        for _ in range(3000):
            acc = acc + 0.1
        return x[1] + acc
    """
    rewritten = original.replace("acc = 0.0", "acc = jnp.zeros((), x.dtype)")
    result = verify_planted(worker, tmp_path, original, rewritten, ["total"])["total"]
    assert result.verified, result_lines(result)
    assert any("float32 rounding" in note for note in result.details.get("notes", [])), result.details


def test_an_ill_conditioned_original_is_nudged_with_jax_arrays_both_ways(worker, tmp_path):
    # The rewrite differs by 1e-4 relative where a 1e-6 nudge of the input moves the original as
    # far (tan of 1e4 x): excused, as long as the nudged input is still a JAX array (`x[1]` of one
    # element clamps in JAX and raises in NumPy).
    original = """
    import jax
    import jax.numpy as jnp


    # tracerfix-verify: x=f32[1]
    @jax.jit
    def steep(x):
        return jnp.tan(1e4 * x[1])
    """
    rewritten = original.replace("return jnp.tan(1e4 * x[1])", "return jnp.tan(1e4 * x[1]) * (1 + 1e-4)")
    result = verify_planted(worker, tmp_path, original, rewritten, ["steep"])["steep"]
    assert result.status != "failed", result_lines(result)


def test_a_correct_rewrite_is_verified_on_several_signatures_with_gradients_and_vmap(worker, tmp_path):
    right = CLIP.replace(
        "    if x[0] < 0:\n        result = result.at[0].set(0)\n",
        "    result = jnp.where(x[0] < 0, result.at[0].set(0), result)\n",
    )
    result = verify_planted(worker, tmp_path, CLIP, right, ["clip_first"])["clip_first"]
    assert result.verified, result_lines(result)
    assert len(result.details["signatures"]) == 2
    assert result.details["gradient_trials"] > 0 and result.details["vmap_batches"] > 0
    assert result.details["trials"] >= 20


def test_static_arguments_methods_and_annotations(worker, tmp_path):
    original = """
    from __future__ import annotations

    from functools import partial
    from typing import TYPE_CHECKING

    import jax
    import jax.numpy as jnp

    if TYPE_CHECKING:
        from jaxtyping import Array, Float


    @partial(jax.jit, static_argnames=("n",))
    def repeat(x: Float[Array, "n"], n: int):
        for _ in range(n):
            if x.sum() > 1.0:
                x = x - 1.0
        return x


    class Stepper:
        def __init__(self):
            self.rate = 0.5

        def step(self, x: jax.Array):
            if x.max() > 0:
                x = x * self.rate
            return x
    """
    rewritten = """
    from __future__ import annotations

    from functools import partial
    from typing import TYPE_CHECKING

    import jax
    import jax.numpy as jnp

    if TYPE_CHECKING:
        from jaxtyping import Array, Float


    @partial(jax.jit, static_argnames=("n",))
    def repeat(x: Float[Array, "n"], n: int):
        for _ in range(n):
            x = jnp.where(x.sum() > 1.0, x - 1.0, x)
        return x


    class Stepper:
        def __init__(self):
            self.rate = 0.5

        def step(self, x: jax.Array):
            x = jnp.where(x.max() > 0, x * self.rate, x)
            return x
    """
    results = verify_planted(worker, tmp_path, original, rewritten, ["repeat", "Stepper.step"])
    assert results["repeat"].verified, result_lines(results["repeat"])
    assert all("(annotations)" in s for s in results["repeat"].details["signatures"])
    assert results["Stepper.step"].verified, result_lines(results["Stepper.step"])


def test_a_method_runs_on_the_modules_object_and_a_key_annotated_int_is_a_key(worker, tmp_path):
    # A DQN agent's loss is a method of a class that needs constructor arguments: the module's own
    # `_agent` is the object; a sampler annotates its PRNG key `key: int`, which `random.split`
    # contradicts (both were "unverifiable" for right rewrites).
    original = """
    import jax
    import jax.numpy as jnp


    class Agent:
        def __init__(self, delta):
            self.delta = delta

        def loss(self, x):
            if jnp.all(jnp.abs(x) <= self.delta):
                return 0.5 * jnp.sum(x ** 2)
            return jnp.sum(jnp.abs(x))

        def jitter(self, x, key: int):
            key, subkey = jax.random.split(key)
            if jax.random.uniform(subkey) < 0.5:
                x = x + 1.0
            return x, key


    _agent = Agent(1.0)
    """
    rewritten = """
    import jax
    import jax.numpy as jnp


    class Agent:
        def __init__(self, delta):
            self.delta = delta

        def loss(self, x):
            return jnp.where(jnp.all(jnp.abs(x) <= self.delta), 0.5 * jnp.sum(x ** 2), jnp.sum(jnp.abs(x)))

        def jitter(self, x, key: int):
            key, subkey = jax.random.split(key)
            x = jnp.where(jax.random.uniform(subkey) < 0.5, x + 1.0, x)
            return x, key


    _agent = Agent(1.0)
    """
    results = verify_planted(worker, tmp_path, original, rewritten, ["Agent.loss", "Agent.jitter"])
    assert results["Agent.loss"].verified, result_lines(results["Agent.loss"])
    assert results["Agent.jitter"].verified, result_lines(results["Agent.jitter"])


def test_a_private_static_method_is_found_under_its_mangled_name(worker, tmp_path):
    # A pedestrian model's `ObjectBase.__calc_dx_impl`: Python stores it as `_ObjectBase__calc_dx_impl`.
    original = """
    import jax.numpy as jnp


    class ObjectBase:
        def __init__(self, x, dt):
            self.x, self.dt = x, dt

        @staticmethod
        def __step(v, dt):
            if v > 0:
                return v * dt
            return 0.0 * v
    """
    rewritten = """
    import jax.numpy as jnp


    class ObjectBase:
        def __init__(self, x, dt):
            self.x, self.dt = x, dt

        @staticmethod
        def __step(v, dt):
            return jnp.where(v > 0, v * dt, 0.0 * v)
    """
    results = verify_planted(worker, tmp_path, original, rewritten, ["ObjectBase.__step"])
    assert results["ObjectBase.__step"].verified, result_lines(results["ObjectBase.__step"])


def test_a_vector_probe_broadcast_against_a_matrix_takes_its_shape(worker, tmp_path):
    # An ensemble sampler's walkers: `pos + jnp.ones((6, 3))` raises "Incompatible shapes for
    # broadcasting: shapes=[(5,), (6, 3)]" on the vector probe; `pos` is then tried as (6, 3).
    original = """
    import jax.numpy as jnp


    def step(pos):
        moved = pos + jnp.ones((6, 3))
        if jnp.max(moved) > 1.0:
            moved = moved / 2.0
        return moved
    """
    rewritten = """
    import jax.numpy as jnp


    def step(pos):
        moved = pos + jnp.ones((6, 3))
        moved = jnp.where(jnp.max(moved) > 1.0, moved / 2.0, moved)
        return moved
    """
    results = verify_planted(worker, tmp_path, original, rewritten, ["step"])
    assert results["step"].verified, result_lines(results["step"])
    assert any("pos=f32[6,3]" in s for s in results["step"].details["signatures"]), results["step"].details


def test_tuple_arguments_of_a_loop_body_are_probed(worker, tmp_path):
    original = """
    import jax
    from jax import lax


    def body(carry, x):
        total, count = carry
        if x > 0:
            total = total + x
            count = count + 1
        return (total, count), total


    @jax.jit
    def positive_sum(xs):
        return lax.scan(body, (0.0, 0), xs)[0]
    """
    rewritten = """
    import jax
    import jax.numpy as jnp
    from jax import lax


    def body(carry, x):
        total, count = carry
        total = jnp.where(x > 0, total + x, total)
        count = jnp.where(x > 0, count + 1, count)
        return (total, count), total


    @jax.jit
    def positive_sum(xs):
        return lax.scan(body, (0.0, 0), xs)[0]
    """
    result = verify_planted(worker, tmp_path, original, rewritten, ["body"])["body"]
    assert result.verified, result_lines(result)
    assert result.details["signatures"][0].startswith("carry=(f32[], f32[]), x=f32[]")
    assert result.details["gradient_trials"] > 0


# --- what cannot run is reported, never hung on -------------------------------------------------


def test_missing_dependency_is_reported(worker, tmp_path):
    original = "import not_a_module_anyone_installed\n" + textwrap.dedent(CLIP)
    results = verify_planted(worker, tmp_path, original, original, ["clip_first"])
    result = results["clip_first"]
    assert result.status == "unverifiable"
    assert "missing dependency `not_a_module_anyone_installed`" in result.reason


def test_endless_loop_at_import_is_stopped(worker, tmp_path):
    original = textwrap.dedent(CLIP) + "\nwhile True:\n    pass\n"
    started = time.monotonic()
    results = verify_planted(worker, tmp_path, original, original, ["clip_first"], function_timeout=4.0)
    assert time.monotonic() - started < 30
    result = results["clip_first"]
    assert result.status == "timeout" and "importing the module did not finish" in result.reason


def test_endless_loop_in_a_rewrite_is_stopped_and_the_next_function_still_verified(worker, tmp_path):
    original = CLIP + SHIFT
    rewritten = CLIP + """

@jax.jit
def shift(x):
    return jax.lax.while_loop(lambda x: True, lambda x: x - 1.0, x)
"""
    started = time.monotonic()
    results = verify_planted(worker, tmp_path, original, rewritten, ["shift", "clip_first"], function_timeout=5.0)
    assert time.monotonic() - started < 60
    assert results["shift"].status == "timeout"
    assert results["clip_first"].status in ("verified", "failed")  # reached, after a fresh worker


def test_a_worker_that_dies_is_reported(worker, tmp_path):
    original = CLIP + "\n\ndef crash(x):\n    return x\n"
    rewritten = CLIP + "\n\nimport os\n\n\ndef crash(x):\n    os._exit(3)\n"
    results = verify_planted(worker, tmp_path, original, rewritten, ["crash"])
    assert results["crash"].status == "unverifiable" and "exit status 3" in results["crash"].reason


def test_missing_jax_is_a_clear_error(tmp_path):
    fake = write(tmp_path, "fake/jax/__init__.py", "raise ImportError('No module named jax')\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(fake.parent.parent), os.environ.get("PYTHONPATH", "")])}
    with Worker(env=env) as broken, pytest.raises(WorkerError, match=r"add the `verify` extra: .* -m pip install -e '.*\[verify\]'"):
        broken.wait_ready()


# --- the pipeline: only verified fixes are written ----------------------------------------------


class FlippedComparison(Rule):
    """Planted for the tests: a 'fix' that flips the comparison, declared safe."""

    code = "TFX999"
    name = "planted-flipped-comparison"
    summary = "test only"

    def visit_If(self, node: cst.If) -> None:
        context = self.context
        if not context.is_traced(node.test) or not isinstance(node.test, cst.Comparison):
            return
        (assign,) = node.body.body[0].body
        target = assign.targets[0].target.value
        flipped = context.code(node.test).replace("<", ">")
        jnp = context.spell("jax.numpy")
        statement = context.parse_statement(
            f"{target} = {jnp}.where({flipped}, {context.code(assign.value)}, {target})\n"
        )
        self.report(node, "planted", context.fix("Flip it", [(node, statement)]))


def test_a_wrong_fix_is_not_written_and_a_right_one_is(worker, tmp_path):
    path = write(tmp_path, "module.py", CLIP)
    before = path.read_text()
    with Verifier(worker=worker, seed=SEED, trials=8) as verifier:
        report = api.process_path(path, engine.Settings(rules=(FlippedComparison,)), fix=True, write=True,
                                  rewrite=verifier.rewriter(path))
    assert path.read_text() == before and not report.written
    assert [r.status for r in verifier.results] == ["failed"]
    assert [f.code for f in report.findings] == ["TFX999"]  # the leak is still reported
    # Without verification the same (declared safe) fix would have been written.
    assert engine.fix(before, engine.Settings(rules=(FlippedComparison,))).source != before

    right = next(rule for rule in all_rules() if rule.code == "TFX101")
    with Verifier(worker=worker, seed=SEED, trials=8) as verifier:
        report = api.process_path(path, engine.Settings(rules=(right,)), fix=True, write=True,
                                  rewrite=verifier.rewriter(path))
    assert report.written and "jnp.where(x[0] < 0" in path.read_text()
    assert [r.status for r in verifier.results] == ["verified"]


def test_a_where_form_that_fails_the_gradient_check_is_written_as_lax_cond(worker, tmp_path):
    """Verification decides the form: the `jnp.where` selection computes `sin(r) / r` for every
    `x`, NaN in the gradient at 0 where the original took the constant branch; the plain
    `lax.cond` lowering runs one branch and agrees, so that is what is written."""
    source = """
    import jax
    import jax.numpy as jnp


    @jax.jit
    def sinc_of_root(x):
        if x > 0.0:
            r = jnp.sqrt(x)
            y = jnp.sin(r) / r
        else:
            y = 1.0
        return y
    """
    path = write(tmp_path, "module.py", source)
    settings = engine.Settings(rules=all_rules(), unsafe_fixes=True)
    assert "jnp.where" in engine.fix(path.read_text(), settings).source  # the simplified form comes first
    with Verifier(worker=worker, seed=SEED, trials=8) as verifier:
        report = api.process_path(path, settings, fix=True, write=True, rewrite=verifier.rewriter(path))
    written = path.read_text()
    assert report.written and "lax.cond(" in written and "jnp.where" not in written
    [result] = verifier.results
    assert result.verified
    assert any("the `jnp.where` form failed" in warning for warning in result.details["warnings"])


def test_refusing_a_helper_rewrite_keeps_its_callers_consistent(worker, tmp_path):
    """The caller first fails through its wrongly rewritten helper; once the helper's rewrite is
    refused, the caller is judged again against the helper as it will be written (still leaking,
    so the jitted caller now raises instead of computing wrong values)."""
    source = """
    import jax
    import jax.numpy as jnp


    def helper(x):
        result = x
        if x[0] < 0:
            result = result.at[0].set(0)
        return result


    @jax.jit
    def caller(x):
        y = helper(x)
        if y[1] != 0:
            y = y.at[1].set(0)
        return y
    """
    path = write(tmp_path, "module.py", source)
    with Verifier(worker=worker, seed=SEED, trials=8) as verifier:
        report = api.process_path(path, engine.Settings(rules=(FlippedComparison,)), fix=True, write=False,
                                  rewrite=verifier.rewriter(path))
    results = {r.unit: r for r in verifier.results}
    assert {unit: r.status for unit, r in results.items()} == {"helper": "failed", "caller": "failed"}
    assert results["helper"].details["rewrite"].startswith("f32[")  # wrong values
    assert "TracerBoolConversionError" in results["caller"].details["rewrite"]  # the original helper leaks
    assert not report.changed


def test_seed_replays_the_same_counterexample(worker, tmp_path):
    wrong = CLIP.replace("if x[0] < 0:", "if x[0] > 0:")
    first = verify_planted(worker, tmp_path, CLIP, wrong.replace(
        "    if x[0] > 0:\n        result = result.at[0].set(0)\n",
        "    result = jnp.where(x[0] > 0, result.at[0].set(0), result)\n"), ["clip_first"])["clip_first"]
    again = verify_planted(worker, tmp_path, CLIP, wrong.replace(
        "    if x[0] > 0:\n        result = result.at[0].set(0)\n",
        "    result = jnp.where(x[0] > 0, result.at[0].set(0), result)\n"), ["clip_first"])["clip_first"]
    keys = ("inputs", "original", "rewrite", "trial", "signature")
    assert {k: first.details[k] for k in keys} == {k: again.details[k] for k in keys}


def test_configured_inputs_and_comment_specs_are_used(worker, tmp_path):
    write(tmp_path, "pyproject.toml", """
    [tool.tracerfix.verify]
    trials = 4

    [tool.tracerfix.verify.inputs]
    clip_first = "x=f32[7]"
    """)
    source = CLIP + SHIFT.replace("@jax.jit", "# tracerfix-verify: x=f32[2,3]\n@jax.jit")
    path = write(tmp_path, "module.py", source)
    with Verifier(worker=worker, seed=SEED) as verifier:
        api.process_path(path, engine.Settings(rules=all_rules()), fix=True, write=False,
                         rewrite=verifier.rewriter(path))
    signatures = {r.unit: r.details.get("signatures") for r in verifier.results}
    assert signatures == {
        "clip_first": ["x=f32[7] (configuration)"],
        "shift": ["x=f32[2,3] (configuration)"],
    }, [line for r in verifier.results for line in result_lines(r)]


def test_examples_come_from_call_sites_test_files_and_doctests(tmp_path):
    module = write(tmp_path, "pkg/ops.py", '''
    import jax
    import jax.numpy as jnp

    SCALE = 2.0


    @jax.jit
    def scale(x, y):
        """Doubles the larger.

        >>> import jax.numpy as jnp
        >>> scale(jnp.ones(2), jnp.zeros(2))
        """
        if x.sum() > y.sum():
            x = x * SCALE
        return x


    if __name__ == "__main__":
        a = jnp.arange(4.0)
        print(scale(a, a * SCALE))
    ''')
    write(tmp_path, "pkg/__init__.py", "")
    write(tmp_path, "tests/test_ops.py", """
    import numpy as np
    from pkg.ops import scale

    def test_scale():
        v = np.ones(3, dtype=np.float32)
        assert scale(v, -v).sum() == 6
    """)
    write(tmp_path, "pyproject.toml", "[project]\nname = 'x'\n")
    from tracerfix.verify.plan import TestFiles

    source = module.read_text()
    planner = Planner(source, source, module, VerifyOptions(), {"pkg.ops", "ops"}, TestFiles(tmp_path))
    examples = planner.plan("scale").examples
    found = {(e.where.rsplit("/", 1)[-1], tuple(e.args), tuple(e.setup)) for e in examples}
    assert ("ops.py:21", ("a", "a * SCALE"), ("a = jnp.arange(4.0)",)) in found
    assert ("ops.py (doctest):2", ("jnp.ones(2)", "jnp.zeros(2)"), ()) in found
    assert ("test_ops.py:6", ("v", "-v"), ("v = np.ones(3, dtype=np.float32)",)) in found
    test_example = next(e for e in examples if "test_ops" in e.where)
    assert test_example.imports == {"np": "numpy"} and not test_example.module_globals


def test_examples_are_evaluated_and_used_as_trials(worker, tmp_path):
    source = CLIP + """

if __name__ == "__main__":
    print(clip_first(jnp.array([3.0, -7.0, 0.5])))
"""
    path = write(tmp_path, "module.py", source)
    with Verifier(worker=worker, seed=SEED, trials=4) as verifier:
        api.process_path(path, engine.Settings(rules=all_rules()), fix=True, write=False,
                         rewrite=verifier.rewriter(path))
    (result,) = verifier.results
    assert result.verified
    assert result.details["signatures"] == [f"x=f32[3] (the call at {path}:14)"]


# --- the command line ---------------------------------------------------------------------------


def test_cli_verify_writes_nothing_and_rewrite_verify_writes_what_verified(tmp_path):
    good = write(tmp_path, "good.py", CLIP)
    broken = write(tmp_path, "broken.py", "import not_a_module_anyone_installed\n" + textwrap.dedent(CLIP))
    before = {p: p.read_text() for p in (good, broken)}
    runner = CliRunner()

    result = runner.invoke(main, ["verify", str(tmp_path), "--seed", "7", "--trials", "4", "-j", "1"])
    assert result.exit_code == 1, result.output
    assert "clip_first: verified" in result.output
    assert "clip_first: unverifiable: importing" in result.output and "missing dependency" in result.output
    assert "seed 7; replay with --seed 7" in result.output
    assert {p: p.read_text() for p in before} == before

    result = runner.invoke(main, ["rewrite", "--verify", "--seed", "7", "-j", "1", str(tmp_path)])
    assert result.exit_code == 1, result.output
    assert "jnp.where(x[0] < 0" in good.read_text()
    assert broken.read_text() == before[broken]
    assert "missing dependency" in result.output and "kept its original text" in result.output


def test_seed_without_verify_is_a_usage_error(tmp_path):
    path = write(tmp_path, "good.py", CLIP)
    result = CliRunner().invoke(main, ["rewrite", "--seed", "3", str(path)])
    assert result.exit_code == 2 and "--seed" in result.output


def test_check_and_rewrite_never_import_jax_or_start_a_worker(tmp_path):
    path = write(tmp_path, "good.py", CLIP)
    program = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from tracerfix.cli import main\n"
        f"for args in (['check', {str(path)!r}], ['rewrite', '--diff', {str(path)!r}]):\n"
        "    CliRunner().invoke(main, args)\n"
        "import tracerfix.verify.stage\n"
        "print(json.dumps(sorted(m for m in sys.modules if m == 'jax' or m.startswith('jax.'))))\n"
    )
    completed = subprocess.run([sys.executable, "-c", "import json\n" + program], capture_output=True, text=True, check=True)
    assert json.loads(completed.stdout) == []


# --- the pieces ---------------------------------------------------------------------------------


def test_signature_specs():
    signature = parse_signature("x=f32[3, n], axis=0, mode='mean', key=key, carry=(f32[], i32[2]), shape=(2, 3)")
    assert signature["x"] == ArraySpec("float32", (3, "n"))
    assert signature["axis"] == LiteralSpec(0) and signature["mode"] == LiteralSpec("mean")
    assert signature["carry"] == TupleSpec((ArraySpec("float32", ()), ArraySpec("int32", (2,))))
    assert signature["shape"] == LiteralSpec((2, 3))
    with pytest.raises(SpecError):
        parse_signature("x=f32[3")
    with pytest.raises(SpecError):
        parse_signature("x=banana")


def test_verify_options_from_pyproject_tables(tmp_path):
    options = parse_options(
        {"seed": 5, "timeout": 2, "inputs": {"f": {"x": "f32[4]", "mode": "mean"}, "m.py::g": ["x=i32[]"]}},
        tmp_path,
    )
    assert options.seed == 5 and options.function_timeout == 2.0
    assert options.signatures_for(tmp_path / "m.py", "f") == ["x=f32[4], mode='mean'"]
    assert options.signatures_for(tmp_path / "m.py", "g") == ["x=i32[]"]
    from tracerfix.config import ConfigError

    with pytest.raises(ConfigError):
        parse_options({"timeout": "soon"}, tmp_path)
    with pytest.raises(ConfigError):
        parse_options({"inputs": {"f": "x=f32[3"}}, tmp_path)


@pytest.mark.parametrize(
    "annotation, expected",
    [
        ('Float[Array, "n m"]', ["f32[n,m]"]),
        ('Int[Array, ""]', ["i32[]"]),
        ('Bool[Array, "*batch 3"]', ["bool[3]"]),
        ("jax.Array", ["array"]),
        ("float", ["float"]),
        ("'Float[Array, \"n\"]'", ["f32[n]"]),
        ("Optional[int]", []),
    ],
)
def test_annotations_say_what_to_pass(annotation, expected):
    from tracerfix.analysis.imports import ImportTable

    table = ImportTable()
    table.add(cst.parse_statement("from jaxtyping import Array, Float, Int, Bool").body[0])
    assert annotation_specs(cst.parse_expression(annotation), table) == expected


def test_comparison_constants_are_found():
    function = cst.parse_statement(
        "def f(x):\n    if x[0] < -1.5 or x.max() >= 3:\n        x = jnp.clip(x, 0, 10)\n    return x\n"
    )
    assert comparison_constants(function) == [-1.5, 3.0, 0.0, 10.0]


def test_outputs_are_compared_with_dtypes_nan_and_weak_types():
    jnp = pytest.importorskip("jax.numpy")
    from tracerfix.verify.compare import compare

    nan = jnp.array([1.0, jnp.nan])
    assert compare(nan, nan + 0.0)[0] is None
    assert compare(jnp.float32(1.0), jnp.float32(1.0 + 1e-7))[0] is None
    assert compare(jnp.ones(2), jnp.ones(2, dtype=jnp.int32))[0].what == "dtype"
    assert compare(jnp.ones(2), jnp.ones(3))[0].what == "shape"
    assert compare((jnp.ones(2),), [jnp.ones(2)])[0].what == "structure"
    assert compare(jnp.array([jnp.inf]), jnp.array([-jnp.inf]))[0].what == "values"
    difference, warnings = compare(1.0, jnp.float32(1.0))
    # A Python number that became an array: its traced callers are verified as well.
    assert difference is None and warnings == ["output was a Python number and is now an array (float)",
                                               "output is now strongly typed (float32)"]


def test_shrinking_finds_a_small_input():
    jnp = pytest.importorskip("jax.numpy")
    from tracerfix.verify.inputs import shrink

    def fails(arguments):
        return bool((arguments["x"] < -2).any())  # a bug that needs one value below -2

    smallest = shrink({"x": jnp.array([0.5, 3.0, -7.25, 1.0, -0.5])}, fails)
    assert smallest["x"].shape == (1,) and float(smallest["x"][0]) < -2


def test_summary_line_names_the_seed():
    from tracerfix.verify.report import UnitResult

    results = [UnitResult("a.py", "f", 3, "verified"), UnitResult("a.py", "g", 9, "failed", "values differ")]
    assert summary_line(results, {42}) == (
        "Verified 1 of 2 rewritten functions; 1 kept its original text (seed 42; replay with --seed 42)."
    )


def test_a_helper_whose_inputs_cannot_be_built_is_verified_through_its_jitted_caller(tmp_path):
    path = tmp_path / "helper.py"
    path.write_text(textwrap.dedent("""
        import jax
        import jax.numpy as jnp


        def step(pair, x):
            a, b = pair
            if a.sum() > 0:
                x = x + b
            return x


        @jax.jit
        def f(a, b, x):
            return step((a, b), x)
    """).lstrip())
    result = subprocess.run([sys.executable, "-m", "tracerfix", "rewrite", "--verify", "--seed", "3", str(path)],
                            capture_output=True, text=True, timeout=600)
    assert "Verified 1 of 1 rewritten function" in result.stderr + result.stdout, result.stderr
    assert "x = jnp.where(a.sum() > 0, x + b, x)" in path.read_text()


def test_unpacked_shapes_give_the_rank():
    from tracerfix.verify.infer import infer_inputs
    from tracerfix.verify.plan import _module_imports

    module = cst.parse_module("def f(y, z):\n    n, t = y.shape\n    return y.sum() + z.shape[2]\n")
    function = module.body[0]
    specs = infer_inputs(function, ["y", "z"], _module_imports(module), module)
    assert specs["y"][0].count(",") == 1, specs  # two dimensions
    assert specs["z"][0].count(",") >= 2, specs  # at least three


ITERATE = """
import jax
import jax.numpy as jnp


def iterate(cond_fun, body_fun, init_val, maxiter):
    val = init_val
    for _ in range(maxiter):
        if not cond_fun(val):
            break
        val = body_fun(val)
    return val


def run(cond_fun, body_fun, init_val, maxiter):
    fun = iterate
    return fun(cond_fun, body_fun, init_val, maxiter)


@jax.jit
def solve(x0, stepsize):
    def cond_fun(state):
        x, error = state
        return error > 1e-3

    def body_fun(state):
        x, error = state
        x = x - stepsize * x
        return x, jnp.linalg.norm(x)

    return run(cond_fun, body_fun, (x0, jnp.linalg.norm(x0)), 50)
"""


def test_a_helper_that_takes_functions_is_verified_through_the_jitted_function_that_reaches_it(worker, tmp_path):
    # No input can be made up for `cond_fun`: `iterate` is run the way `solve` runs it, through
    # `run`, which picks it by name. A rewrite that stops an iteration early is caught there.
    path = write(tmp_path, "solver.py", ITERATE)
    result = subprocess.run(
        [sys.executable, "-m", "tracerfix", "rewrite", "--verify", "--seed", str(SEED), str(path)],
        capture_output=True, text=True, timeout=300,
    )
    assert "Verified 1 of 1 rewritten function" in result.stderr, result.stderr
    fixed = path.read_text()
    assert "lax.while_loop" in fixed
    early = fixed.replace("(i < maxiter)", "(i < maxiter - 1)")
    assert early != fixed
    wrong = verify_planted(worker, tmp_path / "planted", ITERATE, early, ["solve"])["solve"]
    assert wrong.status == "failed", wrong.reason


def test_a_signature_the_original_accepts_only_on_edge_values_is_set_aside(tmp_path):
    """A golden-section search (tycho-simulation's `gss`) probed with an array `center` runs only
    where its loop never starts (a == b): every random draw raises. Such a signature is not an
    input the function is meant for, and the right rewrite must not be failed on it."""
    path = tmp_path / "search.py"
    path.write_text(textwrap.dedent("""
        import math

        import jax

        gr = (math.sqrt(5) + 1) / 2


        def gss(f, a, b, tol=1e-5):
            c = b - (b - a) / gr
            d = a + (b - a) / gr
            while abs(b - a) > tol:
                if f(c) < f(d):
                    b = d
                else:
                    a = c
                c = b - (b - a) / gr
                d = a + (b - a) / gr
            return (b + a) / 2


        @jax.jit
        def f(a, b, center):
            return gss(lambda x: (x - center) ** 2, a, b, tol=1e-4)
    """).lstrip())
    result = subprocess.run([sys.executable, "-m", "tracerfix", "rewrite", "--verify", "--seed", "1750254381",
                             "--unsafe-fixes", str(path)], capture_output=True, text=True, timeout=600)
    assert "Verified 1 of 1 rewritten function" in result.stderr + result.stdout, result.stderr
    assert "lax.while_loop" in path.read_text()


def test_a_helper_given_an_object_of_a_plain_dataclass_is_called_as_its_callers_call_it(tmp_path):
    """pgx's `get_board(state)`: `state` is a plain `@dataclass` (no pytree) that the jitted caller
    builds under the trace; verifying the helper on its own must not fail because `jax.jit`
    cannot take such an object as an argument."""
    path = tmp_path / "board.py"
    path.write_text(textwrap.dedent("""
        from dataclasses import dataclass

        import jax
        import numpy as np


        @dataclass
        class State:
            ids: np.ndarray


        def get_board(state: State) -> np.ndarray:
            board = np.full(5, 2)
            board[state.ids != -1] = 0
            return board


        @jax.jit
        def f(ids):
            return get_board(State(ids=ids))
    """).lstrip())
    result = subprocess.run([sys.executable, "-m", "tracerfix", "rewrite", "--verify", "--seed", "5", str(path)],
                            capture_output=True, text=True, timeout=600)
    output = result.stderr + result.stdout
    assert "Verified 1 of 1 rewritten function" in output, output
    assert "board = jnp.where(state.ids != -1, 0, board)" in path.read_text()


def test_a_probe_whose_branches_give_different_shapes_is_set_aside(worker, tmp_path):
    # A LIF neuron (bgalbraith/pycone): with `tau_ref` a vector, the original ran only because no
    # spike came; the rewrite's `lax.cond` cannot return a vector on one branch and a scalar on the
    # other. Such a probe says nothing about the rewrite, which the scalar probe verifies.
    original = """
    import jax
    import jax.numpy as jnp


    @jax.jit
    def lif(current, tau_ref):
        t_rest = 0.0
        v = jnp.zeros(8)
        for i in range(8):
            t = i * 0.5
            if t > t_rest:
                v = v.at[i].set(current)
                if v[i] >= 1:
                    t_rest = t + tau_ref
        return v
    """
    rewritten = """
    import jax
    import jax.numpy as jnp
    from jax import lax


    @jax.jit
    def lif(current, tau_ref):
        t_rest = 0.0
        v = jnp.zeros(8)
        for i in range(8):
            t = i * 0.5

            def _when_t_gt_t_rest(v, t_rest):
                v = v.at[i].set(current)
                t_rest = jnp.where(v[i] >= 1, t + tau_ref, t_rest)
                return v, t_rest

            v, t_rest = lax.cond(t > t_rest, _when_t_gt_t_rest, lambda *state: state, v, t_rest)
        return v
    """
    result = verify_planted(worker, tmp_path, original, rewritten, ["lif"])["lif"]
    assert result.verified, result_lines(result)
