"""`x**2 if option else x**3` with the option fixed to a Python True inside the jitted lambda; jit-safe.

source: https://github.com/jax-ml/jax/issues/1120 (schmrlng: `vmap(jit(lambda x: python_control_flow(x, True)))(np.arange(3))  # works`)
error: none
category: negative-static-flag
expect: untouched
notes: python_control_flow verbatim and the issue's working composition assigned to f; x is a float vector.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
from jax import jit, vmap


def python_control_flow(x, option=False):
  return x**2 if option else x**3


f = vmap(jit(lambda x: python_control_flow(x, True)))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3,)).astype(np.float32),)


INPUTS = make_inputs
