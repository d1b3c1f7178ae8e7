"""Escape-time Mandelbrot count: a `return` inside a `for` loop on a traced test.

source: https://github.com/jax-ml/jax/issues/24740 (TracerBoolConversionError; the user's loop leaves
  a Python `for` early on `abs(z) > 2`, which "cond cannot break out of", per the thread)
error: TracerBoolConversionError
category: for-return
expect: fix
notes: the loop as the thread describes it (iterate z = z*z + c, leave at the first escape); c is
  real here instead of complex to keep the inputs simple; max_iter is a Python int.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(c):
    z = 0.0
    for i in range(30):
        z = z * z + c
        if jnp.abs(z) > 2.0:
            return i
    return 30
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    return (np.float32(rng.choice([0.1, -1.5, 0.3, 0.26, -2.1, 1.0])),)


INPUTS = make_inputs


@jax.jit
def reference_fix(c):
    def body(state):
        i, z, found = state
        z = z * z + c
        found = jnp.where((found < 0) & (jnp.abs(z) > 2.0), i, found)
        return i + 1, z, found

    _, _, found = lax.while_loop(lambda s: (s[0] < 30) & (s[2] < 0), body, (0, 0.0, -1))
    return jnp.where(found < 0, 30, found)
