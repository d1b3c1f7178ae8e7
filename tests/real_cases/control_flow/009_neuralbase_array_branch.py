"""Branch on the first element of an array, returning from each branch.

source: https://theneuralbase.com/jax/learn/beginner/tracer-errors-dynamic-control-flow/ (bad_control_flow)
error: TracerBoolConversionError
category: if-return
expect: fix
notes: @jax.jit added, as the page applies it.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(arr):
    if arr[0] > 5:
        return arr * 2
    else:
        return arr + 1
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(0.0, 10.0, size=(4,)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(arr):
    return jnp.where(arr[0] > 5, arr * 2, arr + 1)
