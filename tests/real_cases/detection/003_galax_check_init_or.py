"""An object built inside jit validates its traced fields with `or` in __init__.

source: GalacticDynamics/galax pull request #692 (LeeSutoNFWPotential.__check_init__ used Python `or`)
error: TracerBoolConversionError
category: object-method
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class NFWPotential:
    def __init__(self, m, r_s):
        self.m = m
        self.r_s = r_s
        if (self.m < 0) or (self.r_s <= 0):
            raise ValueError("mass and scale radius must be positive")

    def potential(self, r):
        return -self.m * jnp.log1p(r / self.r_s) / r


@jax.jit
def f(m, r_s, r):
    return NFWPotential(m, r_s).potential(r)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(1, 2)), np.float32(rng.uniform(1, 2)), rng.uniform(1, 3, size=(4,)).astype(np.float32))


INPUTS = make_inputs
