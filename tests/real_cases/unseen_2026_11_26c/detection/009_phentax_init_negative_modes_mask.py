"""A model built inside jit: `__init__` stores `self.ells[self.mms != 0]`, a boolean-mask selection of traced modes.

source: jperret21/phentax src/phentax/waveform.py@1088186d009690cf8c0ea066ec295353e6c75cce (IMRPhenomTHM.__init__); utils/utility.py (mode_to_lm)
error: NonConcreteBooleanIndexError
category: dynamic-shape-mask-in-init
expect: report
notes: __init__ verbatim except logging and the t_low/compute_amp_phase wiring. Under jit the
  user passes the list of higher modes as an array argument, so `self.mms != 0` is traced and the
  negative-mode arrays have a data-dependent length: no jit-safe rewrite keeps the output shapes.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import Array

ALLOWED_POSITIVE_HMS = [21, 33, 44, 55]


@jax.jit
def mode_to_lm(mode):
    ell = mode // 10
    m = mode % 10
    return ell, m


class IMRPhenomTHM:
    def __init__(self, higher_modes="all", include_negative_modes=True):
        if higher_modes is None:
            self.higher_modes = jnp.array([])
            self.ells = jnp.array([2])
            self.mms = jnp.array([2])
        else:
            if isinstance(higher_modes, str) and higher_modes == "all":
                self.higher_modes = jnp.asarray(ALLOWED_POSITIVE_HMS)
            elif isinstance(higher_modes, (list, Array)):
                self.higher_modes = jnp.asarray(higher_modes)
            else:
                raise TypeError("higher_modes must be None, a list, an array, or 'all'.")

            # extract ells and mms
            self.ells, self.mms = mode_to_lm(self.higher_modes)
            self.ells = jnp.concatenate([jnp.array([2]), self.ells])
            self.mms = jnp.concatenate([jnp.array([2]), self.mms])

        self.include_negative_modes = include_negative_modes

        if self.include_negative_modes:
            # add negative modes to ells and mms
            self.negative_ls = self.ells[self.mms != 0]
            self.negative_mms = -self.mms[self.mms != 0]
        else:
            self.negative_ls = jnp.array([])
            self.negative_mms = jnp.array([])


@jax.jit
def f(higher_modes):
    model = IMRPhenomTHM(higher_modes=higher_modes)
    return model.negative_ls, model.negative_mms
# --- end user code ---

import numpy as np


def make_inputs(rng):
    modes = np.array([21, 20, 33, 30, 44, 55], dtype=np.int32)
    return (rng.permutation(modes)[: rng.integers(2, 6)],)


INPUTS = make_inputs
