"""A shape computed with jnp.add from a static array size.

source: https://github.com/jax-ml/jax/issues/4449 ("Operations on static inputs/shapes yield concretization errors": custom_ones, which worked before omnistaging)
error: TypeError
category: shape-from-jnp-on-static
expect: fix
notes: custom_ones verbatim. arr.size is static, but jnp.add stages it, so jnp.ones receives a tracer in its shape ("Shapes must be 1D sequences of concrete values of integer type", a TypeError). `arr.size + 1` (or np.add) is the rewrite. Input sizes vary per trial so the output shape varies.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def custom_ones(arr):
  count = jnp.add(arr.size, 1)
  return jnp.ones((count,))


f = custom_ones
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.ones((int(rng.integers(1, 7)),), np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(arr):
  return jnp.ones((arr.size + 1,))
