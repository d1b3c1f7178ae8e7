"""`assert jnp.all(jnp.isfinite(x))` inside a jitted function.

source: jax-ml/jax issue #2273 (user report: `assert np.all(np.isfinite(x))` with np = jax.numpy)
error: TracerBoolConversionError
category: assert
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    y = jnp.log(x)
    assert jnp.all(jnp.isfinite(y))
    return y
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(0.5, 2, size=(3,)).astype(np.float32),)


INPUTS = make_inputs
