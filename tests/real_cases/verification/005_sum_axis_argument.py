"""`jnp.sum(x, axis)` with `axis` passed to the jitted function: a static argument.

source: https://github.com/jax-ml/jax/pull/4412 (`jit(jnp.sum)(jnp.arange(4), 0)` in the description)
error: ConcretizationTypeError
category: static-argument
expect: fix
notes: written as the user's own function around jnp.sum, called with a Python int axis as in the PR.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x, axis):
    return jnp.sum(x, axis)


def column_totals(table):
    return f(table, 0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3, 4)).astype(np.float32), int(rng.integers(0, 2)))


INPUTS = make_inputs

from functools import partial


@partial(jax.jit, static_argnames=("axis",))
def reference_fix(x, axis):
    return jnp.sum(x, axis)
