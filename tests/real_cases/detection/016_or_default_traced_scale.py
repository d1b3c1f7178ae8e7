"""`scale or default` on a traced scale.

source: jax-ml/jax pull request #16430 (review comment: `z = nullable_value or default_value` raised TracerBoolConversionError)
error: TracerBoolConversionError
category: truth-test-expression
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x, scale):
    scale = scale or jnp.std(x)
    return x / scale
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(4,)).astype(np.float32), np.float32(rng.uniform(1, 2)))


INPUTS = make_inputs
