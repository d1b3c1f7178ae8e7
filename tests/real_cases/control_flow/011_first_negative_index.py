"""Index of the first negative element: `return i` inside a `for` over the array's range.

source: https://crackedaicode.com/problems/jax-while-loop-bounded-search ("Under JIT these loops
  cannot use Python for with a break")
error: TracerBoolConversionError
category: for-return
expect: fix
notes: the Python loop the page says fails, written out; returns len(x) when none is negative.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    for i in range(len(x)):
        if x[i] < 0.0:
            return i
    return len(x)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    return (rng.normal(1.0, 1.5, size=(6,)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    n = x.shape[0]
    return lax.while_loop(lambda i: (i < n) & (x[jnp.minimum(i, n - 1)] >= 0.0), lambda i: i + 1, 0)
