"""Newton's square root until |y*y - x| < tol: a traced `while`.

source: https://crackedaicode.com/problems/jax-while-loop-newton ("while jnp.abs(y*y - x) >= tol: ...
  raises ConcretizationTypeError")
error: ConcretizationTypeError
category: while
expect: fix
notes: the loop as the page writes it, starting at y = 1.0; tol is a Python float.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    tol = 1e-4
    y = 1.0
    while jnp.abs(y * y - x) >= tol:
        y = (y + x / y) / 2
    return y
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    return (np.float32(rng.uniform(0.5, 50.0)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return lax.while_loop(lambda y: jnp.abs(y * y - x) >= 1e-4, lambda y: (y + x / y) / 2, jnp.float32(1.0))
