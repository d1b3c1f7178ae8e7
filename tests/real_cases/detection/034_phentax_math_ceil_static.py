"""math.ceil of static floats where a concrete length is needed (correct).

source: asantini29/phentax pull request #28 (the fix: `math.ceil(T / delta_t)` keeps the length concrete)
error: none
category: look-alike-static
expect: untouched
notes: NumPy/math on static values is static; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as jnp
import numpy as np


def initial_processing(T, delta_t):
    n_steps = math.ceil(T / delta_t)
    weights = np.cumsum(np.ones(n_steps))
    return n_steps, weights


@jax.jit
def f(chi):
    n, w = initial_processing(4.0, 0.5)
    return jnp.linspace(0.0, 1.0, n) * chi + w[: n] / n
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(-1, 1)),)


INPUTS = make_inputs
