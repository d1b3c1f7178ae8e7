"""A piecewise function with `if`/`else` returns on a traced scalar.

source: https://github.com/k-karna/learning_jax (notebook: "These will throw errors", f with
  `if x < 3: return 3*x ** 2 else: return - 4 * x`)
error: TracerBoolConversionError
category: if-return
expect: fix
notes: verbatim.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import jit


@jit
def f(x):
    if x < 3:
        return 3 * x ** 2
    else:
        return -4 * x
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    return (np.float32(rng.uniform(-1.0, 6.0)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return jnp.where(x < 3, 3 * x ** 2, -4 * x)
