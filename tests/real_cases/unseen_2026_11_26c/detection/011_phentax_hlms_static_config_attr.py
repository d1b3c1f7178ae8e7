"""Look-alike: `if self.include_negative_modes:` and a boolean-mask attribute, but all set concretely in __init__.

source: jperret21/phentax src/phentax/waveform.py@1088186d009690cf8c0ea066ec295353e6c75cce (IMRPhenomTHM.__init__, generate_hlms, combine_amp_phase)
error: none
category: negative-static-attribute
expect: untouched
notes: the model is built once at import time from Python constants, so `self.ells[self.mms != 0]`
  runs eagerly and `include_negative_modes` is a Python bool; inside the jitted function only those
  concrete attributes are read. combine_amp_phase loses its `@jax.jit` (it jits over `self`);
  compute_amp_phase is replaced by passing amplitudes/phases in. Nothing should change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

ALLOWED_POSITIVE_HMS = [21, 33, 44, 55]


def mode_to_lm(mode):
    ell = mode // 10
    m = mode % 10
    return ell, m


class IMRPhenomTHM:
    def __init__(self, higher_modes="all", include_negative_modes=True):
        if isinstance(higher_modes, str) and higher_modes == "all":
            self.higher_modes = jnp.asarray(ALLOWED_POSITIVE_HMS)
        else:
            self.higher_modes = jnp.asarray(higher_modes)
        self.ells, self.mms = mode_to_lm(self.higher_modes)
        self.ells = jnp.concatenate([jnp.array([2]), self.ells])
        self.mms = jnp.concatenate([jnp.array([2]), self.mms])

        self.include_negative_modes = include_negative_modes

        if self.include_negative_modes:
            self.negative_ls = self.ells[self.mms != 0]
            self.negative_mms = -self.mms[self.mms != 0]
        else:
            self.negative_ls = jnp.array([])
            self.negative_mms = jnp.array([])

    def combine_amp_phase(self, amplitudes, phases):
        h_modes = amplitudes * jnp.exp(-1j * phases)
        return h_modes

    def generate_hlms(self, amplitudes, phases):
        h_lm = self.combine_amp_phase(amplitudes, phases)

        # build return array with negative modes if needed
        if self.include_negative_modes:
            h_lmm = (-1) ** self.negative_ls[:, None] * jnp.conj(h_lm)
            h_lm = jnp.concatenate([h_lm, h_lmm], axis=0)

        return h_lm


model = IMRPhenomTHM()


@jax.jit
def f(amplitudes, phases):
    return model.generate_hlms(amplitudes, phases)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(0.0, 1.0, size=(5, 6)).astype(np.float32),
            rng.uniform(-3.0, 3.0, size=(5, 6)).astype(np.float32))


INPUTS = make_inputs
