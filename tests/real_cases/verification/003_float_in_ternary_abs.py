"""`x if float(x) >= 0. else -x`: float() of a traced value feeding a conditional expression.

source: https://github.com/jax-ml/jax/issues/2783 (the issue's func, which the report differentiates)
error: ConcretizationTypeError
category: conversion-ternary
expect: fix
notes: jax.jit instead of jax.grad so that the leak is the float() under tracing; same function.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(x):
    return x if float(x) >= 0. else -x
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal() * 3),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return jnp.where(x >= 0.0, x, -x)
