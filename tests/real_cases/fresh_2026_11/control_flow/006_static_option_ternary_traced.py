"""`x**2 if option else x**3` where the option flag is passed positionally into jit and so is traced.

source: https://github.com/jax-ml/jax/issues/1120 (schmrlng, "`vmap`-able boolean function options": `(lambda x: jit(python_control_flow)(x, True))(np.arange(3))  # doesn't work`)
error: TracerBoolConversionError
category: ifexp
expect: fix
notes: python_control_flow verbatim; `f = jit(python_control_flow)` is the failing call from the issue. The flag is a Python bool in make_inputs (as in the issue), which jit still traces; x is a float vector instead of np.arange(3).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import jit


def python_control_flow(x, option=False):
  return x**2 if option else x**3


f = jit(python_control_flow)
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    x = rng.normal(size=(3,)).astype(np.float32)
    option = bool(rng.integers(0, 2))
    return (x, option)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, option):
    return jnp.where(option, x**2, x**3)
