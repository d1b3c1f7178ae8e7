"""A traced `axis` used both as an axis and in a conditional expression: one fix (static) settles both.

source: https://github.com/jax-ml/jax/pull/7952 (`The axis argument must be known statically`, a jitted function taking the axis)
error: ConcretizationTypeError
category: static-coherent
expect: fix
notes: normalising along a given axis, with a sign flip chosen by the axis; called with Python int axes.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x, axis):
    total = jnp.sum(x, axis=axis, keepdims=True)
    sign = 1.0 if axis == 0 else -1.0
    return sign * x / total


def normalise_rows(x):
    return f(x, 1)
# --- end user code ---

import numpy as np
from functools import partial


def make_inputs(rng):
    return (rng.uniform(0.5, 2.0, size=(3, 4)).astype(np.float32), int(rng.integers(0, 2)))


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("axis",))
def reference_fix(x, axis):
    total = jnp.sum(x, axis=axis, keepdims=True)
    sign = 1.0 if axis == 0 else -1.0
    return sign * x / total
