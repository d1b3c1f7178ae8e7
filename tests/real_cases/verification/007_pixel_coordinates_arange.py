"""dLux's `pixel_fn`: `jnp.arange(n)` with the pixel count passed in, jitted.

source: https://github.com/LouisDesdoigts/dLux/issues/260 (pixel_fn in nd_coords)
error: ConcretizationTypeError
category: static-argument
expect: fix
notes: the issue's function with jax.jit on it; `n` is a Python int at the call site, offset and scale are arrays.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


@jax.jit
def f(n, offset, scale):
    pix = np.arange(n) - (n - 1) / 2.0
    pix *= scale
    pix -= offset
    return pix


def detector_grid(offset, scale):
    return f(16, offset, scale)
# --- end user code ---

import numpy
from functools import partial


def make_inputs(rng):
    return (int(rng.integers(2, 8)), numpy.float32(rng.normal()), numpy.float32(rng.uniform(0.5, 2.0)))


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("n",))
def reference_fix(n, offset, scale):
    pix = np.arange(n) - (n - 1) / 2.0
    return pix * scale - offset
