"""`x.item()` of a shape-(1,) array inside jax.jit: the fix must keep the scalar shape.

source: https://github.com/jax-ml/jax/issues/8962 (the issue's `test(x): return x.item()` called on jnp.ones(1))
error: ConcretizationTypeError
category: conversion-shape
expect: fix
notes: a scale factor makes the output depend on the value; the input has shape (1,) as in the issue.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(x):
    return 2.0 * x.item()
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(1,)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return 2.0 * x.reshape(())
