"""Python `if x > y` picking the larger argument inside jax.jit.

source: https://github.com/jax-ml/jax/pull/4342 (the example function in the description)
error: TracerBoolConversionError
category: if-return-select
expect: fix
notes: verbatim function; arrays of shape (5,) would make `if` ambiguous eagerly, so scalars are passed as JAX sees them from Python floats (0-d float32 arrays).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(x, y):
    if x > y:
        return x
    else:
        return y
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal()), np.float32(rng.normal()))


INPUTS = make_inputs


@jax.jit
def reference_fix(x, y):
    return jnp.where(x > y, x, y)
