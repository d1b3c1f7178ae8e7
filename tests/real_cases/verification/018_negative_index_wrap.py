"""Wrapping a negative traced index with a Python `if` before indexing.

source: https://github.com/jax-ml/jax/issues/21065 (the jaxpr shows the wrap `select(i < 0, i + 100000, i)` that JAX itself emits for x[i])
error: TracerBoolConversionError
category: if-index
expect: fix
notes: the wrap written by hand as a Python if, as users do before dynamic indexing; `i` is an integer index.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(table, i):
    if i < 0:
        i = i + table.shape[0]
    return table[i] * 2
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(5,)).astype(np.float32), np.int32(rng.integers(-5, 5)))


INPUTS = make_inputs


@jax.jit
def reference_fix(table, i):
    i = jnp.where(i < 0, i + table.shape[0], i)
    return table[i] * 2
