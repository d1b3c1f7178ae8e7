"""Newton's method for sqrt(2) looping `while (R > tol).any():` on traced residuals.

source: https://github.com/rebshannon/ME700-ASSIGNMENT1/blob/HEAD/src/newtTest_file.py
error: TracerBoolConversionError
category: while
expect: fix
notes: NumPy script -> a jitted function of the starting point; the in-place `R[0] = ...` /
  `J[0] = ...` on 1x1 arrays become plain scalars, the prints are dropped;
  the 2 of sqrt(2) becomes an argument `a`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x, a):
    tol = 1e-6
    R = x ** 2 - a
    J = 2 * x
    while (R > tol).any():
        x = x - R / J
        R = x ** 2 - a
        J = 2 * x
    return x
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    return rng.uniform(1.5, 4.0, size=(1,)).astype(np.float32), np.float32(rng.uniform(1.0, 2.0))


INPUTS = make_inputs


@jax.jit
def reference_fix(x, a):
    def body(x):
        return x - (x ** 2 - a) / (2 * x)

    return lax.while_loop(lambda x: (x ** 2 - a > 1e-6).any(), body, x)
