"""Runtime-check rewrites (TFX105's `assert`, TFX101's `if c: raise`) called the way callers
already call them: plain `jax.jit`, no wrapper.

Each case's rewrite runs under `jax.jit` on its inputs and on a failing input: where the eager
original runs through, the outputs must agree; where it raises, the jitted rewrite must raise too,
quoting the original message. The `checkify` form is only documented as an opt-in, so no fix may
write `checkify.check` (a plain `jax.jit` cannot trace it).
"""

from __future__ import annotations

import re

import pytest

from casekit import arguments, load, rewrite, source_of
from tracerfix.transforms.assert_on_tracer import AssertOnTracer
from tracerfix.transforms.python_if_on_tracer import PythonIfOnTracer

RULES = (AssertOnTracer, PythonIfOnTracer)
CASES = [
    pytest.param(rule, case, id=f"{rule.code}-{case.function}")
    for rule in RULES
    for case in rule.INVALID
    if case.expected and "jax.debug.callback(" in case.expected and case.function and case.inputs
]
# An input each function rejects: the original raises on it.
FAILING = {"normalize": "jnp.array([-1.0, 1.0])", "log_prob": "jnp.array([0.5, -0.25])",
           "safe_log": "jnp.array([1.0, -2.0])", "normalise": "jnp.array([-1.0, -2.0])",
           "normalise_positive": "jnp.array([-1.0, -2.0])", "env_step": "(jnp.int32(2), jnp.int32(3))",
           "hexagon": "(jnp.array([1.5, -2.0, 0.5]),)"}


def test_there_are_runtime_check_cases():
    assert {rule for rule, _ in (p.values for p in CASES)} == set(RULES)
    assert {case.function for _, case in (p.values for p in CASES)} <= set(FAILING)


def test_no_fix_writes_checkify():
    for rule in RULES:
        for case in rule.INVALID:
            assert "checkify" not in (case.expected or ""), case.code


@pytest.mark.parametrize("rule, case", CASES)
def test_runtime_check_raises_under_plain_jit_where_the_eager_original_raises(rule, case):
    jax = pytest.importorskip("jax")
    import numpy as np

    rewritten_source = rewrite(rule, case.code, unsafe=True)
    assert rewritten_source == source_of(case.expected)
    original = getattr(load(source_of(case.code), "original"), case.function)
    rewritten = getattr(load(rewritten_source, "rewritten"), case.function)
    assert hasattr(rewritten, "lower"), "the rewrite must stay a plain jax.jit function"
    message = case.expected.split('"')[1].split("{")[0]  # an f-string's text up to its first value
    for expression in (*case.inputs, FAILING[case.function]):
        args = arguments(expression)
        try:
            with jax.disable_jit():
                expected = original(*args)
        except Exception:  # noqa: BLE001 - whatever the original raises, the rewrite must raise
            with pytest.raises(Exception, match=re.escape(message)):
                jax.block_until_ready(rewritten(*args))
            continue
        np.testing.assert_allclose(np.asarray(rewritten(*args)), np.asarray(expected), rtol=1e-6)
