"""A conditional expression picks one of two arrays by comparing their traced sums.

source: JAX documentation, "JAX Errors" page, ConcretizationTypeError section "Traced value used in control flow" (https://jax.readthedocs.io/en/latest/errors.html): `return x if x.sum() < y.sum() else y`, with the suggested jnp.where rewrite
error: TracerBoolConversionError
category: ternary-traced-reduction
expect: fix
notes: verbatim from the docs; modern JAX raises the TracerBoolConversionError subclass of ConcretizationTypeError. Inputs include ties-free random vectors of both orders.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from jax import jit


@jit
def f(x, y):
    return x if x.sum() < y.sum() else y
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    return rng.normal(size=(4,)).astype(np.float32), rng.normal(size=(4,)).astype(np.float32)


INPUTS = make_inputs


@jit
def reference_fix(x, y):
    return jnp.where(x.sum() < y.sum(), x, y)
