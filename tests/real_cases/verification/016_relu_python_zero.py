"""`x if x > 0 else 0.`: one branch returns a Python float, the other the traced array.

source: https://github.com/jax-ml/jax/pull/2508 (mattjj's review comment: `jit(lambda x: x if x > 0 else 0.)(3.)`)
error: TracerBoolConversionError
category: ternary-python-scalar
expect: fix
notes: the lambda written as a def (a module-level lambda has no name to verify by).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(x):
    return x if x > 0 else 0.
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal() * 3),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return jnp.where(x > 0, x, 0.0)
