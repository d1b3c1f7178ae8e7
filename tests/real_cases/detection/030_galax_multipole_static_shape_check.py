"""A shape check with `or` on static shapes inside jit (correct).

source: GalacticDynamics/galax pull request #692 (multipole.py shape check `is_shape != shape or ...`: shapes are static)
error: none
category: look-alike-shape
expect: untouched
notes: the shape comparison is static under jit; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(Slm, Tlm, l_max_plus_one):
    shape = (3, 3)
    if Slm.shape != shape or Tlm.shape != shape:
        raise ValueError("Slm and Tlm must have the shape (l_max + 1, l_max + 1).")
    return Slm + 2 * Tlm
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3, 3)).astype(np.float32), rng.normal(size=(3, 3)).astype(np.float32), np.float32(3))


INPUTS = make_inputs
