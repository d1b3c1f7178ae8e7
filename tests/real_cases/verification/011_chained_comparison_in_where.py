"""`jnp.where(500 < wavelength <= 600, 0, 2)`: a chained comparison is an `and` of two tracers.

source: https://github.com/jax-ml/jax/issues/15948 (function `aa`)
error: TracerBoolConversionError
category: boolean-operator
expect: fix
notes: returns the selections instead of printing; wavelength is an array of wavelengths.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(wavelength):
    band = jnp.where(500 < wavelength <= 600, 0, 2)
    return band
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(400, 700)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(wavelength):
    return jnp.where((500 < wavelength) & (wavelength <= 600), 0, 2)
