"""Summing the entries selected by jnp.where(x > 1): a data-dependent index array that only feeds a sum.

source: JAX documentation, "JAX Errors" page, ConcretizationTypeError section "Shape depends on Traced Value" (https://jax.readthedocs.io/en/latest/errors.html: `indices = jnp.where(x > 1); return x[indices].sum()`, rewritten there as `jnp.where(x > 1, x, 0).sum()`)
error: ConcretizationTypeError
category: masked-reduction
expect: fix
notes: verbatim from the docs, jitted. The intermediate index array has a data-dependent length, but only its sum is returned, so a same-shape masked sum is an exact rewrite (unlike a function that returns the selected entries).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def func(x):
  indices = jnp.where(x > 1)
  return x[indices].sum()


f = func
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.integers(-2, 5, size=(6,)).astype(np.int32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
  return jnp.where(x > 1, x, 0).sum()
