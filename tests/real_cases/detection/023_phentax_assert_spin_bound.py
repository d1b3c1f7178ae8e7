"""`assert jnp.all(...)` on traced spins in a waveform set-up.

source: asantini29/phentax pull request #28 (spin bound `assert jnp.all(...)` raised under jax.jit)
error: TracerBoolConversionError
category: assert
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def check_spins(chi1, chi2):
    assert jnp.all(jnp.abs(chi1) <= 1.0) and jnp.all(jnp.abs(chi2) <= 1.0), "spins out of bounds"


@jax.jit
def f(chi1, chi2):
    check_spins(chi1, chi2)
    return chi1 + chi2
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(-1, 1)), np.float32(rng.uniform(-1, 1)))


INPUTS = make_inputs
