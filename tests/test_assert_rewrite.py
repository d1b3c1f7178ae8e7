"""`checkify.check` rewrites (TFX105's `assert`, TFX101's `if c: raise`), run the way their safety
note tells callers to run them.

A jitted function holding `checkify.check` only traces under `checkify.checkify`, so the generic
side-by-side harness cannot call it directly. Here each case's rewrite runs under
`checkify.checkify(jax.jit(f))`: where the eager original runs through, the outputs must agree
and no error may be reported; where it raises, the check must report an error.
"""

from __future__ import annotations

import pytest

from casekit import arguments, load, rewrite, source_of
from tracerfix.transforms.assert_on_tracer import AssertOnTracer
from tracerfix.transforms.python_if_on_tracer import PythonIfOnTracer

CASES = [
    pytest.param(rule, case, id=f"{rule.code}-{case.function}")
    for rule in (AssertOnTracer, PythonIfOnTracer)
    for case in rule.INVALID
    if case.expected and "checkify.check(" in case.expected and case.function and case.inputs
]


def test_there_are_checkify_cases():
    assert {rule for rule, _ in (p.values for p in CASES)} == {AssertOnTracer, PythonIfOnTracer}


@pytest.mark.parametrize("rule, case", CASES)
def test_checkify_rewrite_raises_where_the_eager_original_raises(rule, case):
    jax = pytest.importorskip("jax")
    import numpy as np
    from jax.experimental import checkify

    rewritten_source = rewrite(rule, case.code, unsafe=True)
    assert rewritten_source == source_of(case.expected)
    original = getattr(load(source_of(case.code), "original"), case.function)
    checked = checkify.checkify(jax.jit(getattr(load(rewritten_source, "rewritten"), case.function)))
    outcomes = set()
    for expression in case.inputs:
        args = arguments(expression)
        try:
            with jax.disable_jit():
                expected = original(*args)
        except (AssertionError, ValueError):
            expected = None
        error, actual = checked(*args)
        if expected is None:
            assert error.get() is not None, f"the check missed the failure on {expression}"
        else:
            assert error.get() is None, f"the check failed where the original ran through on {expression}"
            np.testing.assert_allclose(np.asarray(actual), np.asarray(expected), rtol=1e-6)
        outcomes.add(expected is None)
    assert outcomes == {True, False}, "inputs must include a passing and a failing case"
