"""Checking one rewritten function against its original (worker side; imports JAX).

The original runs eagerly (`jax.disable_jit()`); the rewrite runs under `jax.jit` (as decorated,
or wrapped with the arguments that are Python values marked static). For each input signature the
original accepts, every trial compares values, then gradients of a scalar reduction (float
functions), then `jax.vmap` over a batch against a loop of the rewrite. Each jitted callable is
built once per signature, so XLA compiles it once and every trial reuses it. The first failure is
shrunk to a small input and reported with both outputs.
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import importlib
import inspect
import itertools
import math
import re
import signal
import time
import zlib
from dataclasses import dataclass, field
from typing import Callable, Iterator

import jax
import jax.numpy as jnp
import numpy as np

from tracerfix.verify.compare import (
    GRADIENT_SLACK,
    as_array,
    broadcast_to,
    common_shapes,
    compare,
    describe_tree,
    nonfinite_only,
    overflowed,
    overflowed_alike,
    output_shape,
)
from tracerfix.verify.inputs import (
    Arguments,
    Signature,
    Values,
    annotated_signature,
    fixed_axes,
    probe_candidates,
    shrink,
    sizes_for,
)
from tracerfix.verify.specs import ArraySpec, ClassSpec, DictSpec, LiteralSpec, ScalarSpec, TupleSpec, map_arrays, parse_signature

MAX_SIGNATURES = 3  # from configuration, annotations and examples
MAX_PROBED_SIGNATURES = 2  # found by probing: each costs three compilations
VMAP_BATCH = 3
GRADIENT_EDGE_TRIALS = 6
GRADIENT_RANDOM_TRIALS = 2
CONVERSION_RULE = "TFX201"
# Rules whose fixes are documented to differ where an input is NaN: `max(a, b)` gave `a` when a
# comparison with NaN was false, `jnp.maximum` gives NaN.
NAN_DIFFERING_RULES = frozenset({"TFX107"})
MIN_TRIALS = 6  # trials of a signature run however slow the original is
EAGER_SHARE = 1.5  # of the trial limit (a sixth of the function's): the original's eager time for its trials
MAX_RESIZED = 64  # the largest dimension an error may ask a probe to take
MOSTLY_RAISES = 16  # trials after which a signature the original mostly rejects is set aside

# How far compiled arithmetic may drift from eager arithmetic, as a multiple of the usual
# tolerance, once the eager run of the rewrite agrees with the original (a 200-step iteration).
# Compiled code may drift from eager code without bound: XLA fuses and reorders float
# operations, a loop to a tolerance stops a step earlier or later, and a diverging or chaotic
# iteration (Newton on an ill-posed system) amplifies the first rounding difference. A difference
# is the compiler's when the rewrite run eagerly agrees with the original within the usual
# tolerance, shapes and dtypes alike.
ROUNDING_GROWTH = math.inf


class Unverifiable(Exception):
    """No evidence could be gathered; the message says why."""


class TrialTimeout(BaseException):
    """One run of the original took too long (BaseException: user code's `except Exception` must
    not swallow it)."""


class Mismatch(Exception):
    """The rewrite disagrees with the original; `report` has the counterexample."""

    def __init__(self, report: dict) -> None:
        super().__init__(report["reason"])
        self.report = report


@contextlib.contextmanager
def time_limit(seconds: float | None):
    """Interrupt Python code (an eager loop that never ends) after `seconds`; main thread only."""
    if not seconds or not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum, frame):
        raise TrialTimeout()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def positive(arguments: Arguments) -> Arguments:
    """`arguments` with every number and numeric array replaced by its magnitude."""
    made = {}
    for name, value in arguments.items():
        if is_array(value) and value.dtype.kind in "iuf":
            value = abs(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            value = abs(value)
        made[name] = value
    return made


def describe_exception(error: BaseException) -> str:
    if isinstance(error, TrialTimeout):
        return "did not finish in time"
    lines = [line for line in str(error).strip().splitlines() if line.strip()]
    text = f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__
    return text if len(text) <= 300 else text[:297] + "..."


TRACER_ERRORS = (
    jax.errors.ConcretizationTypeError, jax.errors.TracerArrayConversionError,
    jax.errors.TracerIntegerConversionError, jax.errors.NonConcreteBooleanIndexError,
    jax.errors.UnexpectedTracerError,
)


def _unjitted(function: Callable) -> Callable:
    """`function` without its jax.jit wrappers (and nothing else: a custom_jvp stays)."""
    while hasattr(function, "lower") and hasattr(function, "__wrapped__"):
        function = function.__wrapped__
    return function


def is_array(value) -> bool:
    return isinstance(value, (jax.Array, np.ndarray, np.generic))


def _inexact(value) -> bool:
    """A float, a float array, or a tuple of them: something jax.grad differentiates."""
    leaves = jax.tree_util.tree_leaves(value)
    return bool(leaves) and all(
        isinstance(leaf, float) or (is_array(leaf) and jnp.issubdtype(leaf.dtype, jnp.inexact)) for leaf in leaves
    )


def _batchable(value) -> bool:
    """An array, or a tuple of arrays: something jax.vmap maps over."""
    leaves = jax.tree_util.tree_leaves(value)
    return bool(leaves) and all(is_array(leaf) and np.ndim(leaf) >= 0 for leaf in leaves)


@dataclass
class Failure:
    reason: str
    expected: object
    actual: object = None
    error: str = ""
    # The rewrite's loop state changed shape from one iteration to the next on this input: no
    # jitted program runs the original's loop there (its state must keep one shape).
    reshaped_loop_state: bool = False
    retyped_loop_state: bool = False  # ... or changed dtype (an integer start, float updates)


@dataclass
class Prepared:
    """One signature, ready to run: static values and the callables compiled for it."""

    signature: Signature
    static: dict[str, object]
    rewrite: Callable
    examples: list[tuple[str, Arguments]] = field(default_factory=list)
    compiled: bool = False
    # The leaf shapes the original's outputs broadcast to, when its output shape varies by branch
    # (a scalar on one path, an array on the other): its outputs are compared broadcast to them.
    broadcast: list | None = None
    # The original ends only on magnitudes (a search to a positive tolerance or bound): every
    # trial's numbers are made non-negative.
    magnitudes: bool = False
    ill_conditioned: int = 0  # trials excused: the original moved under a 1e-6 nudge of its inputs
    # The original ran on zeros only, not on a random draw: a probe the function was not written
    # for (a vector where a scalar goes, whose branch never ran at zero), tried last.
    zeros_only: bool = False


class UnitCheck:
    def __init__(self, plan: dict, original_module, rewritten_module, reload_original: Callable, seed: int,
                 trials: int, trial_limit: float) -> None:
        self.plan = plan
        self.name = plan["name"]
        self.params = {p["name"]: p for p in plan["params"]}
        self.order = [p["name"] for p in plan["params"]]
        self.seed = seed
        self.rng = np.random.default_rng([seed, zlib.crc32(self.name.encode())])
        self.values = Values(self.rng, plan["constants"], self.module_class)
        self.trials = trials
        self.trial_limit_cap = trial_limit
        self.run_seconds: list[float] = []  # runs of the original that finished
        self.original_module = original_module
        self.original = resolve(original_module, self.name)
        # The original's body without its jax.jit wrapper runs far faster than under
        # jax.disable_jit() (the jnp functions it calls stay compiled); when it needs everything
        # eager (it calls other leaking jitted code), the first tracer error switches over.
        self.original_body = _unjitted(self.original)
        self.body_mode = True
        self.reload_original = reload_original
        self.target = resolve(rewritten_module, self.name)
        # A rewrite that still leaks cannot run under jit: judge its edits eagerly, like the original.
        self.eager = bool(plan["leaks"])
        self.strict_dtypes = bool(plan.get("strict_dtypes"))
        self._jitted: dict[tuple[str, ...], Callable] = {}
        self.warnings: set[str] = set()
        self.notes: list[str] = []
        self.signatures: list[str] = []
        self.ran = 0
        self.skipped = 0
        self.gradient_trials = 0
        self.vmap_batches = 0
        self.eager_seconds = 0.0
        self.eager_gradient_seconds = 0.0  # eager runs of the original's gradient
        self.first_compile_seconds: float | None = None
        self.phases: dict[str, float] = {}
        self.checked = 0  # signatures compared
        self.on_zeros_only: list[Prepared] = []  # accepted on zeros only, tried last
        self.tried: set[str] = set()
        self.accepted: set[str] = set()  # the signatures the original took
        self.refused: list[str] = []
        # Signatures of the right shapes whose random values the original rejected.
        self.rejected_values: list[str] = []  # signatures the original does not accept, and why
        self.set_aside: list[str] = []  # signatures no rewrite could match, and why
        self.deferred: list[Signature] = []  # resized after an unpacking error: tried after the probes
        self.last_resort: list[Signature] = []  # tried only where no probe was accepted

    # --- the whole check ----------------------------------------------------------------------
    def module_class(self, name: str):
        """The class a class spec names, looked up in the original module (`State`, `cfg.Config`)."""
        target = self.original_module
        for part in name.split("."):
            try:
                target = getattr(target, part)
            except AttributeError:
                raise Unverifiable(f"the input spec names `{name}`, which the module does not define or import") from None
        return target

    def run(self) -> dict:
        self.prove_static()
        started = time.perf_counter()
        for prepared in self.candidates():
            if self.checked and time.perf_counter() - started > 2 * self.trial_limit_cap:
                # A slow function: one signature checked in full says more than two rushed.
                self.notes.append("further input signatures not tried: the first took "
                                  f"{time.perf_counter() - started:.0f} s")
                break
            with self.phase("values"):
                kept = self.check_values(prepared)
            if kept is None:
                continue  # set aside, with a note saying why
            self.checked += 1
            self.signatures.append(f"{prepared.signature.describe()} ({prepared.signature.origin})")
            # Gradients and vmap each compile the rewrite again: once, on the first signature
            # where they apply, is where the traps they catch show (NaN gradients of `jnp.where`,
            # rewrites that break under batching); further signatures check values.
            if not self.gradient_trials:
                with self.phase("gradients"):
                    self.check_gradients(prepared, kept)
            if not self.vmap_batches:
                with self.phase("vmap"):
                    self.check_vmap(prepared, kept)
        if not self.checked:
            raise Unverifiable(self.unverifiable_reason())
        return {"status": "verified", "reason": ""}

    def prove_static(self) -> None:
        """A parameter the rewrite makes static must be hashable at every call: a call that
        passes an array fails the rewrite (JAX would refuse every such call), and without a call
        or a configured value showing what callers pass, nothing proves the fix."""
        for name in self.plan.get("new_static", []):
            calls = self.plan["static_calls"].get(name, [])
            for where, text, kind in calls:
                if kind == "array":
                    raise Mismatch({
                        "status": "failed", "check": "static arguments",
                        "reason": f"the rewrite makes `{name}` static, but the call at {where} passes it an array; "
                                  "jax.jit refuses unhashable static arguments, so that call would fail",
                        "trial": f"the call at {where}", "signature": "", "inputs": {name: text},
                        "original": "runs (the value is traced)",
                        "rewrite": "ValueError: Non-hashable static arguments are not supported",
                    })
            configured = any(name in parse_signature(text) for text in self.plan["signatures"])
            if not configured and not any(kind == "hashable" for _, _, kind in calls):
                shown = "; ".join(f"{where} passes `{text}`" for where, text, _ in calls[:3])
                self.notes.append(
                    f"the rewrite makes `{name}` static; " + (f"no call shows a Python value for it ({shown})" if calls
                    else "no call in the module or its tests shows what callers pass for it")
                    + ", so it was verified with Python values: every caller must pass a hashable one")

    def unverifiable_reason(self) -> str:
        """Which argument could not be built, what was tried, whether the original or the rewrite
        raised, and the spec line that would settle it."""
        passed = [p for p in self.plan["params"] if not p["has_default"]]
        if not passed:
            return "no input signature could be checked (no parameters to vary)"
        tried = "; ".join([*self.refused[:3], *self.set_aside[:2]])
        blamed = _blamed_parameter(self.refused, passed)
        suggestion = ", ".join(f"{p['name']}={(p['annotation'] or p.get('inferred') or ['f32[n]'])[0]}" for p in passed)
        who = "the original raised on every input tried" if self.refused else "the rewrite could not be compared"
        head = f"could not build an input for `{blamed}`" if blamed else "no input signature could be checked"
        if self.rejected_values:
            # The shapes were right; the values were not ones the code accepts (physics, a domain).
            return (f"{head}: {who} ({tried}); with `{self.rejected_values[0]}` the shapes fit but the random values "
                    "made the original raise: add a call with real values to the module, its tests or a doctest "
                    "(verification runs the function on the arguments it finds there)")
        return (f"{head}: {who} ({tried}); describe the inputs with the spec line "
                f"`# tracerfix-verify: {suggestion}` above the function, or in [tool.tracerfix.verify.inputs]")

    @contextlib.contextmanager
    def phase(self, name: str):
        started = time.perf_counter()
        try:
            yield
        finally:
            self.phases[name] = self.phases.get(name, 0.0) + time.perf_counter() - started

    def summary(self) -> dict:
        return {
            "signatures": self.signatures,
            "trials": self.ran,
            "skipped": self.skipped,
            "gradient_trials": self.gradient_trials,
            "vmap_batches": self.vmap_batches,
            "warnings": sorted(self.warnings),
            "notes": [*self.notes, *(f"set aside {reason}" for reason in self.set_aside)],
            "eager": self.eager,
            "leaks": self.plan["leaks"],
            "seed": self.seed,
            "eager_seconds": round(self.eager_seconds, 4),
            "eager_gradient_seconds": round(self.eager_gradient_seconds, 4),
            "compile_seconds": round(self.first_compile_seconds or 0.0, 4),
            "phase_seconds": {name: round(seconds, 4) for name, seconds in self.phases.items()},
        }

    # --- signatures -----------------------------------------------------------------------------
    def candidates(self) -> Iterator[Prepared]:
        """Signatures the original accepts: the configured ones; else those of the calls and the
        annotations; else what the code says (einsum subscripts, indexing, pytrees); else (or
        when none of those could be checked) probing, until enough were checked."""
        explicit = [Signature(specs, "configuration", sizes_for(specs))
                    for specs in (parse_signature(text) for text in self.plan["signatures"])]
        if explicit:
            for signature in _unique_signatures(explicit):
                prepared = self._accept(signature)
                if prepared is None:
                    raise Unverifiable(f"the original rejects the configured input {self.refused[-1]}")
                yield prepared
            return
        examples = self.examples()
        # How the function is called first, then its annotations, then what its code says.
        declared = annotated_signature(self.plan["params"])
        known = [*(signature_of_example(arguments, where, self.params) for where, arguments in examples),
                 *(s for s in declared if s.origin == "annotations")]
        yield from self._known(known, examples)
        if self.checked:
            return
        yield from self._known([s for s in declared if s.origin != "annotations"], examples)
        if self.checked:
            return  # the annotations, the examples or the code said enough
        for signature in itertools.chain(probe_candidates(self.plan["params"]), self._deferred()):
            if self.checked >= MAX_PROBED_SIGNATURES:
                break
            prepared = self._accept(signature)
            if prepared is not None and prepared.zeros_only:
                self.on_zeros_only.append(prepared)
            elif prepared is not None:
                yield prepared
        for signature in self.last_resort if not self.checked else ():
            prepared = self._accept(signature)
            if prepared is not None and not prepared.zeros_only:
                yield prepared
        if not self.checked:
            yield from self.on_zeros_only  # nothing the original runs on at random: what it runs on at all

    def _deferred(self) -> Iterator[Signature]:
        """The resized signatures, including those deferred while these are tried."""
        position = 0
        while position < len(self.deferred):
            yield self.deferred[position]
            position += 1

    def _known(self, known: list[Signature], examples) -> Iterator[Prepared]:
        for signature in _unique_signatures(known):
            if self.checked >= MAX_SIGNATURES:
                return
            if signature.variant_of is not None and signature.variant_of not in self.accepted:
                continue
            prepared = self._accept(signature)
            if prepared is not None and prepared.zeros_only and not signature.origin.startswith("the call"):
                self.on_zeros_only.append(prepared)  # tried last (`Prepared.zeros_only`)
                continue
            if prepared is not None:
                key = signature.describe()
                prepared.examples = [(f"call at {where}", arguments) for where, arguments in examples
                                     if signature_of_example(arguments, where, self.params).describe() == key]
                yield prepared

    def _accept(self, signature: Signature) -> Prepared | None:
        """The signature made ready to run, if the original accepts a draw of it (or zeros)."""
        with self.phase("signatures"):
            key = signature.describe()
            if key in self.tried:
                return None
            self.tried.add(key)
            arguments = drawn = self.draw(signature, "normal")
            error = None
            try:
                self.run_original(arguments)
            except (Exception, TrialTimeout) as raised:
                error = raised
            # An error of the values, not of the shapes (a search that raises when it does not
            # converge, a name bound on some paths only): other draws may be ones it runs on.
            for style in ("uniform", "normal", "positive") if error is not None and not isinstance(error, TrialTimeout) \
                    and not _about_shapes(error) else ():
                candidate = self.draw(signature, "normal" if style == "positive" else style)
                candidate = positive(candidate) if style == "positive" else candidate
                try:
                    self.run_original(candidate)
                except (Exception, TrialTimeout):
                    continue
                arguments = drawn = candidate
                error = None
                break
            if error is not None:
                # One more chance: with zeros, as a random integer may be out of range for an
                # index; with magnitudes and the whole trial limit, where the original never
                # finished (a search that only ends for a positive bound or step, or a first run
                # of thousands of eager steps that the shorter first limit cut short).
                timed_out = isinstance(error, TrialTimeout)
                arguments = positive(arguments) if timed_out else self.zeros(signature, arguments)
                try:
                    self.run_original(arguments, self.trial_limit_cap if timed_out else None)
                except (Exception, TrialTimeout):
                    self.refused.append(f"{key}: {describe_exception(error)}")
                    if not timed_out and not _about_shapes(error):
                        self.rejected_values.append(key)
                    resized = _resized(signature, error)
                    if resized is not None and _unpacking(error):
                        # `a, b = x` may want a tuple, which the probes offer later: this size last.
                        self.deferred.append(resized)
                        return None
                    if resized is not None and _AMBIGUOUS_TRUTH in str(error):
                        # An `if` on a vector probe: a scalar probe is likelier what is meant; arrays
                        # of one element only where no probe runs at all.
                        self.last_resort.append(resized)
                        return None
                    return None if resized is None else self._accept(resized)
            self.accepted.add(key)
            static = {n: v for n, v in arguments.items() if self._is_static(n, v)}
            # Every trial of the signature reuses these values, so it compiles once.
            frozen = {**signature.specs, **{n: LiteralSpec(v) for n, v in static.items()}}
            signature = Signature(frozen, signature.origin, signature.sizes)
            return Prepared(signature, static, self.rewrite_callable(tuple(sorted(static))),
                            magnitudes=arguments is not drawn and isinstance(error, TrialTimeout),
                            zeros_only=arguments is not drawn and not isinstance(error, TrialTimeout))

    def examples(self) -> list[tuple[str, Arguments]]:
        found = []
        for example in self.plan["examples"]:
            try:
                arguments = evaluate_example(example, self.original_module, self.order)
            except Exception as error:
                self.notes.append(f"example at {example['where']} skipped: {describe_exception(error)}")
                continue
            if arguments is not None:
                found.append((example["where"], arguments))
        return found

    def draw(self, signature: Signature, style: str) -> Arguments:
        return {name: self.values.random(spec, signature.sizes, style) for name, spec in signature.specs.items()}

    def zeros(self, signature: Signature, drawn: Arguments) -> Arguments:
        """`drawn` with every array and number set to zero (literals and keys kept)."""
        zeros = dict(drawn)
        for name, spec in signature.specs.items():
            edges = self.values.edges(spec, signature.sizes)
            if edges:
                zeros[name] = edges[0][1]  # the first edge case is always zeros
        return zeros

    def _is_static(self, name: str, value) -> bool:
        if is_array(value):
            return False
        if self.params[name]["role"] == "array" and isinstance(value, (bool, int, float, complex)):
            return False  # a Python number where the function expects a traced value
        if any(is_array(leaf) for leaf in jax.tree_util.tree_leaves(value)):
            return False  # a pytree of arrays (a registered class hashes by identity, as any object)
        try:
            hash(value)
        except TypeError:
            return False
        return True

    def rewrite_callable(self, static: tuple[str, ...]) -> Callable:
        if hasattr(self.target, "lower") or not self.plan["traced"]:
            return self.target  # jitted as the module does it; or not traced code at all
        if static not in self._jitted:
            self._jitted[static] = jax.jit(self.target, static_argnames=static)
        return self._jitted[static]

    # --- running ----------------------------------------------------------------------------------
    def call(self, function: Callable, arguments: Arguments):
        positional, keywords, open_positional = [], {}, True
        for name in self.order:
            if name not in arguments:
                open_positional = False
                continue
            if open_positional and self.params[name]["kind"] == "positional":
                positional.append(arguments[name])
            else:
                keywords[name] = arguments[name]
        return function(*positional, **keywords)

    @property
    def trial_limit(self) -> float:
        """How long one run of the original may take. A run far longer than the typical one is
        taken for a loop that never ends on these values (a bisection to a tolerance float32
        cannot reach, from 1e30), and skipped. The median leaves out first-call compilations."""
        if not self.run_seconds:
            # Nothing ran yet: a third of the allowance (its whole would be the function's budget
            # spent on one draw, a search given a negative tolerance).
            return self.trial_limit_cap / 3
        if len(self.run_seconds) < 3:
            return min(self.trial_limit_cap, max(self.trial_limit_cap / 3, 50 * max(self.run_seconds)))
        typical = sorted(self.run_seconds)[len(self.run_seconds) // 2]
        return min(self.trial_limit_cap, max(0.5, 50 * typical))

    def run_original(self, arguments: Arguments, limit: float | None = None):
        started = time.perf_counter()
        try:
            result = self.eagerly(lambda function: jax.block_until_ready(self.call(function, arguments)), limit)
        finally:
            self.eager_seconds += time.perf_counter() - started
        self.run_seconds.append(time.perf_counter() - started)
        return result

    def eagerly(self, run: Callable[[Callable], object], limit: float | None = None):
        """`run(original)` with the original's semantics: its unjitted body, or under
        jax.disable_jit() once the body has needed it."""
        limit = limit or self.trial_limit
        if self.body_mode:
            try:
                with time_limit(limit):
                    return run(self.original_body)
            except TRACER_ERRORS:
                # A fresh copy of the module: the failed run may have left tracers in its globals.
                self.body_mode = False
                self.original_module = self.reload_original()
                self.original = resolve(self.original_module, self.name)
                self.notes.append("the original calls code that only works eagerly: ran it under jax.disable_jit()")
        with jax.disable_jit(), time_limit(limit):
            return run(self.original)

    def run_rewrite(self, prepared: Prepared, arguments: Arguments):
        for value in arguments.values():
            _pass_objects_as_callers_do(value)
        started = time.perf_counter()
        with jax.disable_jit() if self.eager else contextlib.nullcontext():
            result = jax.block_until_ready(self.call(prepared.rewrite, arguments))
        if not prepared.compiled:
            prepared.compiled = True
            if self.first_compile_seconds is None:
                self.first_compile_seconds = time.perf_counter() - started
        return result

    def value_failure(self, prepared: Prepared, arguments: Arguments, expected=None) -> Failure | None:
        if expected is None:
            try:
                expected = self.run_original(arguments)
            except (Exception, TrialTimeout):
                return None  # outside the original's domain: not a counterexample
        try:
            actual = self.run_rewrite(prepared, arguments)
        except Exception as error:
            return Failure("the rewrite raised", expected, error=describe_exception(error),
                           reshaped_loop_state=_loop_state_changes(error, "shapes"),
                           retyped_loop_state=_loop_state_changes(error, "dtypes"))
        if prepared.broadcast is not None:
            expected = broadcast_to(expected, prepared.broadcast)
        difference, warnings = compare(expected, actual, strict_dtypes=self.strict_dtypes)
        self.warnings.update(warnings)
        if difference is None:
            return None
        if self._compiler_artifact(expected, actual, lambda: self.call(prepared.rewrite, arguments)):
            return None
        if difference.what == "values" and self._ill_conditioned(arguments, expected, actual):
            prepared.ill_conditioned += 1
            return None
        if difference.what == "values" and self._documented_nan_difference(arguments):
            return None
        if difference.what == "values" and self._float32_rounding(prepared, arguments):
            return None
        return Failure(difference.describe(), expected, actual)

    def _note(self, text: str) -> None:
        """Say `text` once in the function's report, however many trials it applied to."""
        if text not in self.notes:
            self.notes.append(text)

    def _float32_rounding(self, prepared: Prepared, arguments: Arguments) -> bool:
        """Whether both functions agree once they compute in float64 (its float inputs widened,
        JAX's 64-bit mode on): the original's Python floats carried 53 bits where the rewrite's
        arrays carry 24, and past that (`cos(2 * pi * step / n)` at a step of 2**30) no float32
        code can agree with it. A rewrite that computes something else differs in float64 too."""
        widen = getattr(jax, "enable_x64", None)
        if widen is None:
            return False

        def wide(value):
            if is_array(value) and jnp.issubdtype(value.dtype, jnp.floating):
                return _same_kind(value, np.asarray(value, dtype=np.float64))
            return value

        try:
            with widen(True):
                widened = {name: jax.tree_util.tree_map(wide, value) for name, value in arguments.items()}
                expected = self.run_original(widened)
                actual = self.run_rewrite(prepared, widened)
        except (Exception, TrialTimeout):
            return False
        if not _close_as_float32(expected, actual):
            return False
        note = ("ignored float32 rounding: where the original computed with Python's 64-bit floats, the rewrite "
                "agrees with it once both compute in float64")
        self._note(note)
        return True

    def _documented_nan_difference(self, arguments: Arguments) -> bool:
        """An input holds NaN and a fix in play is documented to treat NaN otherwise (`max()`
        became `jnp.maximum`, which propagates it): the difference is the one its note states."""
        rules = sorted(NAN_DIFFERING_RULES & set(self.plan.get("fixed", ())))
        if not rules or not any(np.isnan(np.asarray(leaf, dtype=np.float64)).any()
                                for leaf in jax.tree_util.tree_leaves(arguments)
                                if isinstance(leaf, (float, np.floating)) or is_array(leaf)
                                and jnp.issubdtype(np.asarray(leaf).dtype, jnp.floating)):
            return False
        note = (f"ignored differences on inputs holding NaN: the {', '.join(rules)} fix is documented to propagate "
                "NaN where Python's `min()`/`max()` returned an argument")
        self._note(note)
        return True

    def _ill_conditioned(self, arguments: Arguments, expected, actual) -> bool:
        """Whether the original's output here moves, when its float inputs move by a relative
        1e-6 (one way or the other), by a tenth or more of the rewrite's difference (Newton on a system with no
        solution, a chaotic map): on such an input, compiled and eager code part ways from the
        first rounding, and no rewrite can agree more closely than the original agrees with a
        nudged copy of its input."""
        # Each element moves by half to one and a half millionths, so that a float32 always moves.
        # Pytrees (a NamedTuple state, a params dict) stay as they are: only arrays and numbers move.
        directions = {name: self.rng.choice([-1.0, 1.0], np.shape(value)) * self.rng.uniform(0.5, 1.5, np.shape(value))
                      if is_array(value) or isinstance(value, (float, int)) else None
                      for name, value in arguments.items()}
        gap = _largest_gap(expected, actual)
        # One direction and its opposite: a decision at a rounding boundary (a line search halving
        # until `phi <= bound`) may move one way only.
        for sign in (1.0, -1.0):
            nudged = {}
            for name, value in arguments.items():
                if directions[name] is None:
                    nudged[name] = value
                    continue
                step = 1 + sign * 1e-6 * directions[name]
                if is_array(value) and jnp.issubdtype(value.dtype, jnp.floating):
                    value = _same_kind(value, np.asarray(value) * step.astype(value.dtype))
                elif isinstance(value, float):
                    value = value * float(step)
                elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**24:
                    # Past 2**24 a float32 no longer holds every integer: the traced code computes
                    # with a nearby one (a step count of 1073741823 in `cos(pi * step / n)`).
                    value = int(round(value * float(step)))
                nudged[name] = value
            try:
                moved = self.run_original(nudged)
            except (Exception, TrialTimeout):
                return False
            if _largest_gap(expected, moved) >= 0.1 * gap > 0:
                return True
        return False

    def _compiler_artifact(self, expected, actual, run_rewrite: Callable) -> bool:
        """True when outputs differ only where NaN or inf is involved and the rewrite, run
        eagerly, agrees with the original: XLA's compiled code treats NaN differently from
        JAX's eager mode (the gradient of `min` at NaN, for one), and that is not the rewrite's
        doing. Other differences are excused only where the original itself overflowed to inf or
        NaN (from there on, a loop on a diverging value stops an iteration apart), or where they
        are rounding grown over many iterations (see ROUNDING_GROWTH); the eager run of the
        rewrite must agree with the original within the usual tolerance, shapes and dtypes alike."""
        if overflowed_alike(expected, actual):
            note = ("ignored where the original overflowed to inf or NaN and the rewrite did too (which of the "
                    "two comes out past an overflow depends on the order of operations)")
            self._note(note)
            return True
        if not (nonfinite_only(expected, actual) or overflowed(expected)
                or compare(expected, actual, slack=ROUNDING_GROWTH, strict_dtypes=self.strict_dtypes)[0] is None):
            return False
        try:
            # Only reached on a difference: the eager rewrite (each lax body op by op) may take
            # far longer than the original's typical run, and deserves the full allowance.
            with jax.disable_jit(), time_limit(self.trial_limit_cap):
                eager = jax.block_until_ready(run_rewrite())
        except (Exception, TrialTimeout):
            return False
        if compare(expected, eager, strict_dtypes=self.strict_dtypes)[0] is not None:
            return False
        note = ("ignored a difference between compiled and eager JAX (NaN/inf, or rounding grown over "
                "many steps): the rewrite run eagerly agrees with the original")
        self._note(note)
        return True

    # --- values -----------------------------------------------------------------------------------
    def trials_for(self, prepared: Prepared) -> list[tuple[str, Arguments]]:
        signature = prepared.signature
        trials = list(prepared.examples)
        trials.extend(self.edge_trials(signature))
        styles = ["normal", "uniform"] + (["constants"] if self.plan["constants"] else [])
        for index in range(self.trials):
            style = styles[index % len(styles)]
            trials.append((f"random {style}", self.draw(signature, style)))
        if prepared.magnitudes:
            trials = [(label, arguments if label.startswith("call at") else positive(arguments)) for label, arguments in trials]
        return trials

    def edge_trials(self, signature: Signature) -> list[tuple[str, Arguments]]:
        base = self.draw(signature, "normal")
        edges = {name: dict(self.values.edges(spec, signature.sizes)) for name, spec in signature.specs.items()}
        varying = [name for name in signature.specs if edges[name]]
        labels: list[str] = []
        for name in varying:
            labels.extend(label for label in edges[name] if label not in labels)
        trials = [(label, {**base, **{n: edges[n][label] for n in varying if label in edges[n]}}) for label in labels]
        if len(varying) > 1:
            for name in varying:
                trials.extend((f"{name} {label}", {**base, name: value}) for label, value in edges[name].items())
            equal = _equal_arguments(base, varying)
            if equal is not None:
                trials.append(("equal arguments", equal))
        return trials

    def check_values(self, prepared: Prepared) -> list[tuple[str, Arguments, object]] | None:
        """Every trial: the original first (all of them), then the rewrite. None when the
        signature is set aside: where the original's output shape depends on the values, or the
        rewrite fails with the error the original itself raises on other values, no compiled
        program can agree and the rewrite is not to blame."""
        expected_outputs, errors, shapes = [], set(), set()
        signature = prepared.signature.describe()
        raised: dict[str, int] = {}
        trials = self.trials_for(prepared)
        # Random draws run first: their typical time bounds the edge values' runs (zero tolerance
        # in a search can loop forever), which are kept in their place for the checks after.
        order = sorted(range(len(trials)), key=lambda i: not trials[i][0].startswith("random "))
        for count, position in enumerate(order, start=1):
            label, arguments = trials[position]
            if count > MIN_TRIALS and self.eager_seconds > EAGER_SHARE * self.trial_limit_cap:
                # A slow original (a Python loop of thousands of steps): the trials it has run
                # stand, rather than the whole time limit spent on more of the same.
                self.notes.append(f"{signature}: {count - 1} of {len(trials)} trials run, the original took "
                                  f"{self.eager_seconds:.0f} s eagerly")
                break
            try:
                expected = self.run_original(arguments)
            except TrialTimeout:
                if not prepared.magnitudes and not label.startswith("call at"):
                    # A search that never ends on these values: like the first draw that did,
                    # take every trial's magnitudes (the original runs all of them again).
                    prepared.magnitudes = True
                    return self.check_values(prepared)
                self.skipped += 1
                errors.add(described := describe_exception(TrialTimeout()))
                raised[described] = raised.get(described, 0) + 1
                continue
            except Exception as error:
                self.skipped += 1
                described = describe_exception(error)
                errors.add(described)
                raised[described] = raised.get(described, 0) + 1
                if count >= MOSTLY_RAISES and 8 * raised[described] >= 7 * count:
                    # The signature is outside the original's domain (a key given as floats that
                    # one branch happens not to touch): no point running the rest.
                    self.set_aside.append(f"{signature}: the original raises on most of its values ({described})")
                    return None
                continue
            if any(callable(leaf) for leaf in jax.tree_util.tree_leaves(expected)):
                # A factory (`create_schedule(...)` returns `learning_rate_fn`): functions cannot be
                # compared; what calls the function it made is verified instead.
                raise Unverifiable("it returns a function, whose results only its callers show")
            kept = next((leaf for leaf in jax.tree_util.tree_leaves(expected)
                         if as_array(leaf) is None and hasattr(leaf, "__dict__") and not isinstance(leaf, type)), None)
            if kept is not None:
                # `PlaneTerrain.build(...)` returns an object of a plain class, which `jax.jit` cannot
                # return: only the traced code that uses the object shows what it computes.
                raise Unverifiable(f"it returns a `{type(kept).__name__}` object, which jax.jit cannot return; "
                                   "what its callers compute with it is verified instead")
            expected_outputs.append((position, label, arguments, expected))
            shapes.add(output_shape(expected))
        expected_outputs = [output[1:] for output in sorted(expected_outputs, key=lambda output: output[0])]
        drawn = [label for label, _ in trials if label.startswith("random ")]
        if drawn and not any(label.startswith("random ") for label, _, _ in expected_outputs):
            # The original ran only on edge values (zeros, equal arguments: a loop that never
            # starts) and raised on every random draw: not an input it is meant for.
            self.set_aside.append(f"{signature}: the original raises on every random value ({sorted(errors)[0]}); "
                                  "it ran only on edge values")
            return None
        if len(shapes) > 1:
            common = common_shapes(shapes)
            if common is None:
                self.set_aside.append(f"{signature}: the original's output shape depends on the input values")
                return None
            if len({tuple(leaf[0] for leaf in leaves) for _, leaves in shapes}) > 1:
                prepared.broadcast = common  # else only weak types differ: compare handles those
        if prepared.broadcast is not None:
            self.notes.append(f"{signature}: the original's output shape varies by branch; its outputs were "
                              "compared broadcast to their common shape, as a selection between the branches gives")
        kept = []
        for label, arguments, expected in expected_outputs:
            failure = self.value_failure(prepared, arguments, expected)
            if failure is not None and failure.error and failure.error in errors:
                self.set_aside.append(f"{signature}: the original raises the same error on other values ({failure.error})")
                return None
            if failure is not None and failure.reshaped_loop_state:
                # A rank-1 probe for a matrix makes a loop's state grow a dimension: such inputs
                # are not the ones the code is written for, and a wrong rewrite cannot pass this
                # way (with no other signature checked, the function stays unverified).
                self.set_aside.append(f"{signature}: a loop's state or a branch's result changes shape on these "
                                      f"inputs, which no jitted loop or `lax.cond` can carry ({label})")
                return None
            if failure is not None and failure.retyped_loop_state and prepared.signature.origin in ("probing", "the code"):
                # Probing tried integer arrays that no call shows, and a loop that starts from one
                # and stores floats cannot keep one carry type (the user's own `lax.while_loop`
                # as much as a rewrite's). Said in the report; with no other signature agreeing,
                # the function stays unverified, so nothing is written on this ground.
                self.notes.append(f"{signature}: a loop's state starts with the dtype of an integer input and "
                                  "changes it, which a jitted loop cannot carry; callers must pass floats")
                return None
            if failure is not None:
                self.fail("values", prepared, label, arguments, failure,
                          lambda candidate: self.value_failure(prepared, candidate) is not None,
                          lambda candidate: self.value_failure(prepared, candidate))
            self.ran += 1
            kept.append((label, arguments, expected))
        if prepared.ill_conditioned:
            if 2 * prepared.ill_conditioned > len(kept):
                self.set_aside.append(f"{signature}: the original is ill-conditioned on most of these inputs (a 1e-6 "
                                      "nudge changes its output), so they cannot tell a right rewrite from a wrong one")
                return None
            self.notes.append(f"{signature}: {prepared.ill_conditioned} inputs where the original is ill-conditioned "
                              "(a 1e-6 nudge of them changes its output) were not held against the rewrite")
        return kept

    # --- gradients --------------------------------------------------------------------------------
    def check_gradients(self, prepared: Prepared, kept) -> None:
        if not kept or not any(_inexact(leaf) for leaf in jax.tree_util.tree_leaves(kept[0][2])):
            return
        if prepared.broadcast is not None:
            self.notes.append("gradients not compared: the original's output shape varies by branch, and the "
                              "rewrite's broadcast output sums differently")
            return
        if CONVERSION_RULE in self.plan.get("fixed", ()):
            # `float(t)` / `t.item()` leave the trace: the eager original's gradient stops there,
            # which says nothing about the gradient jax.jit would have given.
            self.notes.append("gradients not compared: the original converts a traced value to a Python number, "
                              "where its gradient stops; the rewrite keeps it an array")
            return
        names = [n for n, v in kept[0][1].items() if n not in prepared.static and _inexact(v)]
        if not names:
            return

        def original_gradient(differentiable, others):
            gradient = lambda function: jax.grad(self._loss(function, prepared, names))(differentiable, others)  # noqa: E731
            started = time.perf_counter()
            try:
                return self.eagerly(gradient, limit=self.trial_limit_cap)  # a gradient costs several runs
            finally:
                self.eager_gradient_seconds += time.perf_counter() - started
        rewrite_gradient = jax.grad(self._loss(prepared.rewrite, prepared, names))
        if not self.eager:
            rewrite_gradient = jax.jit(rewrite_gradient)

        def gradient_failure(arguments: Arguments, first: bool = False) -> Failure | None:
            differentiable = tuple(arguments[n] for n in names)
            others = {n: v for n, v in arguments.items() if n not in prepared.static and n not in names}
            # The rewrite first: it is compiled, so cheap, and when it cannot be differentiated in
            # a module that never differentiates it (a lax.while_loop has no reverse mode), that
            # loud error is a warning and the slow eager gradient of the original is not needed.
            # A silently wrong gradient always fails.
            try:
                with jax.disable_jit() if self.eager else contextlib.nullcontext():
                    actual = dict(zip(names, jax.block_until_ready(rewrite_gradient(differentiable, others))))
                error = ""
            except Exception as raised:
                if not self.plan["differentiated"]:
                    raise _NotDifferentiable(describe_exception(raised), rewrite=True) from None
                actual, error = None, describe_exception(raised)
            try:
                expected = dict(zip(names, jax.block_until_ready(original_gradient(differentiable, others))))
            except (Exception, TrialTimeout) as raised:
                if first:
                    raise _NotDifferentiable(describe_exception(raised)) from None
                return None
            if error:
                return Failure("the gradient of the rewrite raised", expected, error=error)
            difference, _ = compare(expected, actual, slack=GRADIENT_SLACK)
            if difference is None:
                return None
            eager_gradient = jax.grad(self._loss(prepared.rewrite, prepared, names))
            if self._compiler_artifact(expected, actual,
                                       lambda: dict(zip(names, eager_gradient(differentiable, others)))):
                return None
            if _finite(expected) and _finite(actual) and self._at_a_kink(arguments, names, gradient_pair):
                return None
            return Failure(f"the gradient with respect to {difference.where} differs", expected, actual)

        def gradient_pair(arguments: Arguments):
            differentiable = tuple(arguments[n] for n in names)
            others = {n: v for n, v in arguments.items() if n not in prepared.static and n not in names}
            actual = dict(zip(names, jax.block_until_ready(rewrite_gradient(differentiable, others))))
            return dict(zip(names, jax.block_until_ready(original_gradient(differentiable, others)))), actual

        # The eager gradient of the original is the slowest step (~30 ms a trial): take the edge
        # values, where gradient traps live, and a few random draws, but leave NaN, inf and huge
        # inputs to the value check (gradients there are meaningless, and compiled and eager JAX
        # disagree about them).
        moderate = [trial for trial in kept if _moderate(trial[1], names)]
        edges = [trial for trial in moderate if not trial[0].startswith("random")][:GRADIENT_EDGE_TRIALS]
        draws = [trial for trial in moderate if trial[0].startswith("random")][:GRADIENT_RANDOM_TRIALS]
        started = time.perf_counter()
        for index, (label, arguments, _) in enumerate(edges + draws):
            if index >= 2 and time.perf_counter() - started > self.trial_limit_cap:
                # An eager gradient of seconds (a long unrolled loop): what the first trials
                # showed stands, rather than the whole budget spent here.
                self.notes.append(f"gradients compared on {index} inputs: each took "
                                  f"{(time.perf_counter() - started) / index:.1f} s")
                return
            try:
                failure = gradient_failure(arguments, first=index == 0)
            except _NotDifferentiable as reason:
                if reason.rewrite:
                    self.warnings.add(f"jax.grad of the rewrite raises ({reason}); this module never takes its gradient")
                else:
                    self.notes.append(f"gradients not compared: the original is not differentiable ({reason})")
                return
            if failure is not None:
                self.fail("gradient", prepared, label, arguments, failure,
                          lambda candidate: gradient_failure(candidate) is not None, gradient_failure)
            self.gradient_trials += 1

    def _at_a_kink(self, arguments: Arguments, names: list[str], gradient_pair: Callable) -> bool:
        """Whether two finite gradients that differ at `arguments` agree a little way off: the
        input sits where the function has no derivative (a tie of `max(a, b)`, which
        `jnp.maximum` splits and `max()` gave to its first argument), and either answer is one
        of its one-sided derivatives."""
        nudged = dict(arguments)
        for name in names:
            value = arguments[name]
            if is_array(value) and jnp.issubdtype(value.dtype, jnp.floating):
                step = 1e-3 * (1 + np.abs(np.asarray(value))) * self.rng.standard_normal(np.shape(value))
                nudged[name] = (np.asarray(value) + step).astype(value.dtype)
        if all(nudged[name] is arguments[name] for name in names):
            return False  # nothing to move
        try:
            expected, actual = gradient_pair(nudged)
        except (Exception, TrialTimeout):
            return False
        if compare(expected, actual, slack=GRADIENT_SLACK)[0] is not None:
            return False
        note = ("ignored a gradient difference at a point where the function has no derivative (a tie): a little way "
                "off it, the gradients agree")
        self._note(note)
        return True

    def _loss(self, function: Callable, prepared: Prepared, names: list[str]) -> Callable:
        def loss(differentiable, others):
            output = self.call(function, {**prepared.static, **others, **dict(zip(names, differentiable))})
            leaves = [jnp.asarray(leaf) for leaf in jax.tree_util.tree_leaves(output) if _inexact(leaf)]
            return sum(jnp.sum(jnp.real(leaf)) for leaf in leaves)

        return loss

    # --- vmap -------------------------------------------------------------------------------------
    def check_vmap(self, prepared: Prepared, kept) -> None:
        if not self.plan["traced"] or self.eager or len(kept) < VMAP_BATCH:
            return
        first = kept[0][1]
        batched = [n for n, v in first.items() if n not in prepared.static and _batchable(v)]
        if not batched:
            return
        unbatched = {n: v for n, v in first.items() if n not in prepared.static and n not in batched}

        def per_example(batched_values, unbatched_values):
            return self.call(prepared.rewrite, {**prepared.static, **unbatched_values, **dict(zip(batched, batched_values))})

        vmapped = jax.jit(jax.vmap(per_example, in_axes=(0, None)))
        groups = [kept[-VMAP_BATCH:], kept[:VMAP_BATCH]]  # random draws, then edge values
        for group in groups:
            members = [{**arguments, **unbatched} for _, arguments, _ in group]
            try:
                looped = [jax.block_until_ready(self.call(prepared.rewrite, member)) for member in members]
            except Exception:
                continue
            expected = _stack(looped)
            stacked = tuple(_stack([member[n] for member in members]) for n in batched)
            try:
                actual = jax.block_until_ready(vmapped(stacked, unbatched))
            except Exception as error:
                self.notes.append(f"jax.vmap not compared: {describe_exception(error)}")
                return
            difference, _ = compare(expected, actual)
            if difference is not None and nonfinite_only(expected, actual):
                # Batched code may give an overflow's inf the other sign, or NaN for inf: where
                # an output has left the finite numbers, that is XLA's doing, not the rewrite's.
                self.notes.append("ignored a vmap difference where an output is NaN or inf")
                difference = None
            if difference is not None and difference.what == "values" and self._members_ill_conditioned(
                    members, looped, actual):
                self._note("ignored a vmap difference on batch members where the original is ill-conditioned "
                           "(its output moves as much when its inputs move by a relative 1e-6)")
                difference = None
            if difference is not None:
                inputs = {n: describe_tree(_stack([m[n] for m in members])) for n in batched}
                raise Mismatch(self._report(
                    "vmap", prepared, "a batch of trials",
                    f"jax.vmap of the rewrite disagrees with a loop over the batch: {difference.describe()}",
                    inputs, describe_tree(expected), describe_tree(actual)))
            self.vmap_batches += 1

    def _members_ill_conditioned(self, members: list[Arguments], looped: list, batched) -> bool:
        """Whether every batch member whose vmapped output differs from its own run is an input
        where the original is ill-conditioned: batched code rounds otherwise (vectorised `cos`,
        another fusion), and there a rounding's worth of input moves the original as far."""
        differing = 0
        for index, (member, alone) in enumerate(zip(members, looped)):
            lane = jax.tree_util.tree_map(lambda leaf: leaf[index], batched)
            if compare(alone, lane)[0] is None:
                continue
            differing += 1
            if not self._ill_conditioned(member, alone, lane):
                return False
        return differing > 0

    # --- failures ---------------------------------------------------------------------------------
    def fail(self, check: str, prepared: Prepared, label: str, arguments: Arguments, failure: Failure,
             still_fails: Callable[[Arguments], bool], failure_of: Callable[[Arguments], Failure | None]) -> None:
        smallest = shrink(arguments, still_fails, fixed=fixed_axes(prepared.signature.specs))
        shrunk = failure_of(smallest)
        if shrunk is None:
            smallest = arguments  # shrinking only keeps failing inputs; be safe if a rerun differs
        else:
            failure = shrunk
        inputs = {name: describe_tree(value) for name, value in smallest.items()}
        rewrite = failure.error if failure.error else describe_tree(failure.actual)
        raise Mismatch(self._report(check, prepared, label, failure.reason, inputs,
                                    describe_tree(failure.expected), rewrite))

    def _report(self, check, prepared, label, reason, inputs, original, rewrite) -> dict:
        return {
            "status": "failed",
            "check": check,
            "reason": reason,
            "trial": label,
            "signature": prepared.signature.describe(),
            "inputs": inputs,
            "original": original,
            "rewrite": rewrite,
        }


class _NotDifferentiable(Exception):
    def __init__(self, reason: str, rewrite: bool = False) -> None:
        super().__init__(reason)
        self.rewrite = rewrite  # the rewrite's gradient fails (else the original's)


_OBJECT_CLASSES: set[type] = set()


def _pass_objects_as_callers_do(value) -> None:
    """An object of a plain class (a `@dataclass` that is no pytree) reaches a traced helper
    because its callers build it under the trace from traced arrays; `jax.jit` of the helper
    could not take it as an argument. Its class is made a pytree here, in the worker only: its
    array fields are leaves, the rest (Python configuration) stays as it is, as in the callers."""
    cls = type(value)
    if cls in _OBJECT_CLASSES or not hasattr(value, "__dict__") or isinstance(value, (type, jax.Array, np.ndarray)):
        return
    leaves = jax.tree_util.tree_leaves(value)
    if len(leaves) != 1 or leaves[0] is not value:
        return  # already a pytree (or a container of leaves)
    fields = vars(value)
    try:
        hash(tuple((name, field) for name, field in fields.items() if not is_array(field)))
    except TypeError:
        return  # configuration that jit could not key its cache on

    def flatten(obj):
        names = [name for name, field in vars(obj).items() if is_array(field)]
        rest = tuple((name, field) for name, field in vars(obj).items() if not is_array(field))
        return [getattr(obj, name) for name in names], (tuple(names), rest)

    def unflatten(aux, leaves):
        obj = object.__new__(cls)
        names, rest = aux
        obj.__dict__.update(dict(rest))
        obj.__dict__.update(zip(names, leaves))
        return obj

    jax.tree_util.register_pytree_node(cls, flatten, unflatten)
    _OBJECT_CLASSES.add(cls)


# Errors that name the size an array was expected to have: a matmul's core dimension, a
# contraction, a broadcast between two vectors.
_SIZE_MISMATCH = (
    re.compile(r"size (\d+) is different from (\d+)"),
    re.compile(r"contracting dimensions to have the same shape, got \((\d+),\) and \((\d+),\)"),
    re.compile(r"shapes=\[\((\d+),\), \((\d+),\)\]"),
    # `jnp.concatenate([J, v[None]])` with `J` (3, 4) and a probed `v` of 5: the other sizes agree.
    re.compile(r"concatenating along dimension 0 for shapes \(\d+, (\d+)\), \(\d+, (\d+)\)"),
    # `jnp.reshape(x, (-1, self.dim))` with `dim` 16 and a probed `x` of 5: a row of 16.
    re.compile(r"cannot reshape array of shape \((\d+),\) \(size \d+\) into shape \(-1, (?:Array\()?(\d+)\b"),
    # `jnp.linalg.inv(J(x0))` with a Jacobian of 3 outputs by the probe's 5 inputs: square it.
    re.compile(r"must have shape \[\.\.\., n, n\], got \((?:\d+, )*(\d+), (\d+)\)"),
)


def _resized(signature: Signature, error: BaseException) -> Signature | None:
    """The signature with the sizes an error says the code needs (`x @ W` with `W` of 2 rows:
    the probe's 5 columns become 2), when the error names a size the probe used; None otherwise."""
    text = str(error)
    unpacked = re.search(r"(?:too many|not enough) values to unpack \(expected (\d+)", text)
    if unpacked is not None:
        # `dx, dy, dz = jnp.moveaxis(d, -1, 0)`: the probe's most used size is the one unpacked.
        used = _most_used_size(signature)
        if used is not None:
            changed = _with_size(signature, used, int(unpacked.group(1)))
            if changed is not None:
                return changed
    if _WANTS_INTEGERS.search(text):
        # `obs.at[y, action]`, `lax.dynamic_slice(x, state.t, 1)` with float probes: the probe's
        # float scalars become integers (an index is most often one), else its float arrays.
        for scalars_only in (True, False):
            def integer(spec: ArraySpec) -> ArraySpec:
                wanted = spec.dtype == "float32" and (not scalars_only or spec.shape == ())
                return ArraySpec("int32", spec.shape) if wanted else spec

            specs = {name: map_arrays(spec, integer) for name, spec in signature.specs.items()}
            if specs != signature.specs:
                return Signature(specs, signature.origin, signature.sizes)
    broadcast = re.search(r"incompatible shapes for broadcasting: \((\d+),\), \((\d+),\)", text)
    if broadcast is not None:
        # `np.append(state, torque) + k1`, with `k1` of a fixed 5: the probe's size feeds the first
        # shape, off by what separates the two (state=f32[5] gives (6,) against (5,): 4 is wanted).
        derived, fixed = int(broadcast.group(1)), int(broadcast.group(2))
        used = _most_used_size(signature)
        if used is not None and derived != fixed:
            changed = _with_size(signature, used, used + fixed - derived)
            if changed is not None:
                return changed
    against = re.search(r"shapes=\[\((\d+),\), \((\d+(?:, \d+)+)\)\]", text)
    if against is not None:
        # `pos + jnp.ones((self.nwalkers, self.ndim))` with a probed vector `pos` of 5: the first
        # parameter probed as that vector takes the array's shape, (6, 3).
        changed = _one_vector_reshaped(signature, int(against.group(1)),
                                       tuple(int(size) for size in against.group(2).split(", ")))
        if changed is not None:
            return changed
    if _AMBIGUOUS_TRUTH in text:
        # `if action == self.goal[0]:` on a probed vector: Python's `if` takes an array of one
        # element, which is what such code is given (an environment's action of shape (1,)).
        used = _most_used_size(signature)
        changed = _with_size(signature, used, 1) if used is not None else None
        if changed is not None:
            return changed
    for pattern in _SIZE_MISMATCH:
        for match in pattern.finditer(text):
            first, second = int(match.group(1)), int(match.group(2))
            for used, wanted in ((first, second), (second, first)):
                changed = _with_size(signature, used, wanted)
                if changed is not None:
                    return changed
    return None


_WANTS_INTEGERS = re.compile(
    r"Indexer must have integer|indices must be integers|index arguments to \w+ must be integers"
    r"|Only integer scalar arrays can be converted to a scalar index")


_AMBIGUOUS_TRUTH = "truth value of an array with more than one element is ambiguous"


def _most_used_size(signature: Signature) -> int | None:
    """The size the probe's arrays use most often (written out or named), the one an error about
    an unnamed size most likely means."""
    sizes = [d if isinstance(d, int) else signature.sizes.get(d) for spec in signature.specs.values()
             if isinstance(spec, ArraySpec) for d in spec.shape]
    sizes = [d for d in sizes if d is not None]
    return max(set(sizes), key=sizes.count) if sizes else None


def _unpacking(error: BaseException) -> bool:
    return "values to unpack" in str(error)


_SHAPE_WORDS = ("shape", "dimension", "broadcast", "axis", "axes", "index", "indices", "unpack", "argument", "rank",
                "size", "length", "subscript", "iterate", "attribute")


def _about_shapes(error: BaseException) -> bool:
    """Whether `error` says the inputs have the wrong kind or shape (another draw of the same
    shapes fails alike), rather than values the code rejects."""
    if isinstance(error, (TypeError, IndexError, AttributeError, KeyError)):
        return True
    text = str(error).lower()
    return any(word in text for word in _SHAPE_WORDS)


def _one_vector_reshaped(signature: Signature, size: int, shape: tuple[int, ...]) -> Signature | None:
    """`signature` with its first parameter probed as a vector of `size` given `shape` instead."""
    if any(d <= 0 or d > MAX_RESIZED for d in shape):
        return None
    for name, spec in signature.specs.items():
        if isinstance(spec, ArraySpec) and len(spec.shape) == 1 \
                and (spec.shape[0] if isinstance(spec.shape[0], int) else signature.sizes.get(spec.shape[0])) == size:
            return Signature({**signature.specs, name: ArraySpec(spec.dtype, shape)}, signature.origin, signature.sizes)
    return None


def _with_size(signature: Signature, used: int, wanted: int) -> Signature | None:
    """`signature` with every dimension of size `used` (written out or named) of size `wanted`;
    None past `MAX_RESIZED` (errors that each ask for more, `outer` of a matrix, would otherwise
    grow the probe until it fills the memory)."""
    if wanted <= 0 or wanted == used or wanted > MAX_RESIZED:
        return None
    specs, changed = {}, False
    for name, spec in signature.specs.items():
        if isinstance(spec, ArraySpec) and used in spec.shape:
            spec = ArraySpec(spec.dtype, tuple(wanted if d == used else d for d in spec.shape))
            changed = True
        specs[name] = spec
    sizes = {name: wanted if size == used else size for name, size in signature.sizes.items()}
    changed = changed or sizes != signature.sizes
    return Signature(specs, signature.origin, sizes) if changed else None


def _finite(tree) -> bool:
    return all(np.isfinite(np.asarray(leaf, dtype=np.float64)).all() for leaf in jax.tree_util.tree_leaves(tree)
               if _inexact(leaf))


def _same_kind(trial_value, data: np.ndarray):
    """`data` as the kind of array the trial passed: a JAX array stays one (NumPy's indexing
    raises where JAX's clamps, `x[1]` of one element)."""
    return jnp.asarray(data) if isinstance(trial_value, jax.Array) else data


def _close_as_float32(expected, actual) -> bool:
    """Same structure, and every numeric leaf equal within float32's tolerance (NaN equal to NaN)."""
    left, right = jax.tree_util.tree_leaves(expected), jax.tree_util.tree_leaves(actual)
    if len(left) != len(right):
        return False
    for a, b in zip(left, right):
        try:
            a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
        except (TypeError, ValueError):
            return False
        if a.shape != b.shape or not np.allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True):
            return False
    return True


def _largest_gap(expected, actual) -> float:
    """The largest absolute difference between two outputs of the same structure (finite leaves)."""
    gap = 0.0
    for left, right in zip(jax.tree_util.tree_leaves(expected), jax.tree_util.tree_leaves(actual)):
        try:
            difference = np.abs(np.asarray(left, dtype=np.float64) - np.asarray(right, dtype=np.float64))
        except (TypeError, ValueError):
            continue
        finite = difference[np.isfinite(difference)]
        if finite.size:
            gap = max(gap, float(finite.max()))
    return gap


def _loop_state_changes(error: BaseException, what: str) -> bool:
    """True when `error` is JAX refusing a loop body whose carry changes `what` ("shapes" or
    "dtypes"), or branches of `lax.cond` that give different ones, and only that; for "shapes",
    also a `lax.cond` predicate that is not a scalar (the probe gave a vector that the original
    only got past by short-circuit: `flag and (mode % 2 == 1)` with `flag` false)."""
    text = str(error)
    if what == "shapes" and "Pred must be a scalar" in text:
        return True
    other = "dtypes" if what == "shapes" else "shapes"
    refused = "carry input and carry output must have equal types" in text or "branches must have equal output types" in text
    if what == "shapes":
        # A shape that changes is the probe's doing (a vector where a scalar goes), whatever else does.
        return refused and "shapes do not match" in text
    return refused and f"{what} do not match" in text and f"{other} do not match" not in text and "weak type" not in text


def _blamed_parameter(refusals: list[str], params: list[dict]) -> str | None:
    """The parameter the original's errors point at, when they name one (`params["w"]`, `state.mu`),
    else the one with the least known about it."""
    text = " ".join(refusals)
    for param in params:
        if f"'{param['name']}'" in text or f"`{param['name']}`" in text:
            return param["name"]
    unknown = [p["name"] for p in params if not p["annotation"] and not p.get("inferred")]
    return unknown[0] if len(unknown) == 1 else None


def _moderate(arguments: Arguments, names: list[str]) -> bool:
    leaves = jax.tree_util.tree_leaves([arguments[name] for name in names])
    return all(bool(np.all(np.abs(np.asarray(leaf)) < 1e15)) for leaf in leaves)


def _stack(trees: list):
    """Pytrees of the same structure stacked leaf by leaf along a new leading axis."""
    return jax.tree_util.tree_map(lambda *leaves: jnp.stack([jnp.asarray(leaf) for leaf in leaves]), *trees)


def _equal_arguments(base: Arguments, names: list[str]) -> Arguments | None:
    """All array arguments of the same shape and dtype set to one value: ties between arguments."""
    arrays = [n for n in names if is_array(base[n])]
    groups: dict[tuple, list[str]] = {}
    for name in arrays:
        groups.setdefault((base[name].shape, str(base[name].dtype)), []).append(name)
    tied = {n: base[group[0]] for group in groups.values() if len(group) > 1 for n in group}
    return {**base, **tied} if tied else None


def _unique_signatures(signatures: list[Signature]) -> list[Signature]:
    seen: set[str] = set()
    unique = []
    for signature in signatures:
        if signature.describe() not in seen:
            seen.add(signature.describe())
            unique.append(signature)
    return unique


# --- examples and resolution ----------------------------------------------------------------------


def evaluate_example(example: dict, module, order: list[str]) -> Arguments | None:
    namespace = dict(vars(module)) if example["module_globals"] else {"__builtins__": builtins}
    for local, qualified in example["imports"].items():
        namespace[local] = import_object(qualified)
    for statement in example["setup"]:
        exec(statement, namespace)
    positional = [eval(text, namespace) for text in example["args"]]
    if len(positional) > len(order):
        return None
    arguments = dict(zip(order, positional))
    for name, text in example["kwargs"].items():
        if name not in order:
            return None
        arguments[name] = eval(text, namespace)
    return arguments


def signature_of_example(arguments: Arguments, where: str, params: dict) -> Signature:
    specs = {name: _spec_of(value, params[name]["role"]) for name, value in arguments.items()}
    return Signature(specs, f"the call at {where}")


def _spec_of(value, role: str):
    """The spec a concrete argument is an instance of: random trials draw more like it."""
    if is_array(value):
        array = jnp.asarray(value)
        return ArraySpec(str(array.dtype), tuple(array.shape))
    holds_arrays = role != "static" and any(is_array(v) for v in jax.tree_util.tree_leaves(value))
    if holds_arrays and isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return DictSpec(tuple((key, _spec_of(item, role)) for key, item in value.items()))
    if holds_arrays and (hasattr(value, "_fields") or dataclasses.is_dataclass(value)) and not isinstance(value, type):
        fields = value._fields if hasattr(value, "_fields") else [f.name for f in dataclasses.fields(value)]
        return ClassSpec(type(value).__qualname__, tuple((name, _spec_of(getattr(value, name), role)) for name in fields))
    if holds_arrays and (fields := _constructor_fields(value)):
        return ClassSpec(type(value).__qualname__, tuple((name, _spec_of(getattr(value, name), role)) for name in fields))
    if role != "static" and isinstance(value, tuple) and any(is_array(v) for v in jax.tree_util.tree_leaves(value)):
        return TupleSpec(tuple(_spec_of(element, role) for element in value))
    if role == "array" and isinstance(value, (bool, int, float)):
        return ScalarSpec(type(value).__name__)
    return LiteralSpec(value)


def _constructor_fields(value) -> list[str]:
    """The parameters of the class's `__init__` when the object keeps each under the same name
    (`Particles(pos, vel)` storing `self.pos`, `self.vel`): calling the class with them rebuilds it."""
    init = type(value).__init__
    if init is object.__init__:
        return []
    try:
        params = list(inspect.signature(init).parameters.values())[1:]
    except (TypeError, ValueError):
        return []
    if not params or any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in params):
        return []
    names = [p.name for p in params]
    return names if all(hasattr(value, name) for name in names) else []


def import_object(qualified: str):
    """`jax.numpy` -> the module; `pkg.mod.name` -> the attribute."""
    try:
        return importlib.import_module(qualified)
    except ImportError:
        module, _, attribute = qualified.rpartition(".")
        if not module:
            raise
        return getattr(importlib.import_module(module), attribute)


def resolve(module, name: str):
    """The callable a unit names: `f`, or `Class.method` on an instance made with `Class()`, or
    else on the module's own object of that class."""
    target = module
    parts = name.split(".")
    for index, part in enumerate(parts):
        if index and isinstance(target, type) and part.startswith("__") and not part.endswith("__"):
            part = parts[index] = f"_{target.__name__.lstrip('_')}{part}"  # `__calc_dx` as Python stores it
        try:
            attribute = getattr(target, part)
        except AttributeError:
            raise Unverifiable(f"`{'.'.join(parts[: index + 1])}` does not exist after importing the module") from None
        if index < len(parts) - 1 and isinstance(attribute, type):
            following = parts[index + 1]
            if following.startswith("__") and not following.endswith("__"):
                following = f"_{attribute.__name__.lstrip('_')}{following}"
            member = inspect.getattr_static(attribute, following, None)
            if not isinstance(member, (staticmethod, classmethod)):
                try:
                    attribute = attribute()
                except Exception as error:
                    # The module's own object of that class (`_agent = DoubleDQN(num_actions=4)`),
                    # as built there, is the `self` its code calls the method on.
                    held = [value for key, value in sorted(vars(target).items()) if type(value) is attribute
                            and not key.startswith("__")] if index == 0 else []
                    if not held:
                        raise Unverifiable(
                            f"`{name}` is a method and `{part}()` cannot be constructed without arguments "
                            f"({describe_exception(error)}), and the module holds no object of the class"
                        ) from None
                    attribute = held[0]
        target = attribute
    if not callable(target):
        raise Unverifiable(f"`{name}` is not callable after importing the module")
    return target


def check_unit(plan: dict, original_module, rewritten_module, reload_original: Callable, seed: int, trials: int,
               trial_limit: float) -> dict:
    started = time.perf_counter()
    check = None
    try:
        check = UnitCheck(plan, original_module, rewritten_module, reload_original, seed, trials, trial_limit)
        result = check.run()
    except Unverifiable as reason:
        result = {"status": "unverifiable", "reason": str(reason)}
    except Mismatch as mismatch:
        result = mismatch.report
    except Exception as error:  # a bug of ours or a surprise from JAX: report it, keep the original
        result = {"status": "unverifiable", "reason": f"verification itself failed: {describe_exception(error)}"}
    if check is not None:
        result.update(check.summary())
    result["seconds"] = round(time.perf_counter() - started, 4)
    return result
