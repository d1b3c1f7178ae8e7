"""A chained comparison passed as a lax.cond predicate.

source: jax-ml/jax issue #24683 (`jax.lax.cond(a < x <= b, ...)` in a jitted function; user report)
error: TracerBoolConversionError
category: truth-test-expression
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(x, a, b):
    return jax.lax.cond(a < x <= b, lambda _: 666, lambda _: 999, None)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(0, 4)), 2.0, 3.0)


INPUTS = make_inputs
