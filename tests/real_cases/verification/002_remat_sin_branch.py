"""`if x > 0: return x else: return jnp.sin(x)`: the example of jax PR #24511, under jax.jit.

source: https://github.com/jax-ml/jax/pull/24511 (description; the function is decorated with jax.remat there)
error: TracerBoolConversionError
category: if-return-select
expect: fix
notes: jax.jit instead of jax.remat (remat + jit is how it is used in training code); called with a Python float as in the PR.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    if x > 0:
        return x
    else:
        return jnp.sin(x)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal() * 2),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return jnp.where(x > 0, x, jnp.sin(x))
