"""A traced `and` of two traced booleans inside a model method mapped over modes by a lambda.

source: jperret21/phentax src/phentax/waveform.py@1088186d009690cf8c0ea066ec295353e6c75cce (IMRPhenomTHM._compute_hm / _compute_all_modes); utils/utility.py (check_equal_bhs)
error: TracerBoolConversionError
category: bool-and-in-method-via-map-lambda
expect: fix
notes: `if equal_black_holes and (mode % 2 == 1)` where equal_black_holes comes from a jitted helper and
  mode is the mapped mode number. Adapted: the PN/ringdown amplitude and phase ansatze are replaced by
  short closed forms, DerivedParams by (m1, m2, chi1, chi2), and jax.vmap by jax.lax.map (so that the
  original still runs under jax.disable_jit; the leak is the same under jit). Structure (class with
  self.higher_modes set in __init__, lambda calling self._compute_hm) kept.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

ALLOWED_POSITIVE_HMS = [21, 33, 44, 55]


@jax.jit
def check_equal_bhs(m1, m2, s1z, s2z):
    mass_equal = jnp.isclose(m1, m2)
    spin_equal = jnp.isclose(s1z, s2z)
    return jnp.logical_and(mass_equal, spin_equal)


class IMRPhenomTHM:
    def __init__(self, higher_modes="all"):
        if isinstance(higher_modes, str) and higher_modes == "all":
            self.higher_modes = jnp.asarray(ALLOWED_POSITIVE_HMS)
        else:
            self.higher_modes = jnp.asarray(higher_modes)

    def _compute_h22(self, times, eta):
        amplitude_22 = jnp.abs(eta * jnp.cos(0.1 * times))
        phase_22 = 2.0 * eta * times
        return amplitude_22[None, :], phase_22[None, :]

    def _compute_hm(self, mode, times, eta, phase_22, equal_black_holes):
        if equal_black_holes and (mode % 2 == 1):
            n_times = times.shape[0]
            return jnp.zeros((n_times,)), jnp.zeros((n_times,))

        m = mode % 10
        amplitude_hm = eta * jnp.abs(jnp.sin(0.05 * m * times))
        phase_hm = phase_22[0] * m / 2.0 - 0.1 * m
        return amplitude_hm, phase_hm

    def _compute_all_modes(self, times, m1, m2, chi1, chi2):
        eta = m1 * m2 / (m1 + m2) ** 2
        amplitude_22, phase_22 = self._compute_h22(times, eta)

        equal_black_holes = check_equal_bhs(m1, m2, chi1, chi2)

        amplitude_hms, phase_hms = jax.lax.map(
            lambda mode: self._compute_hm(mode, times, eta, phase_22, equal_black_holes),
            self.higher_modes,
        )

        all_amplitudes = jnp.concatenate([amplitude_22, amplitude_hms], axis=0)
        all_phases = jnp.concatenate([phase_22, phase_hms], axis=0)
        return all_amplitudes, all_phases


model = IMRPhenomTHM()


@jax.jit
def f(times, m1, m2, chi1, chi2):
    return model._compute_all_modes(times, m1, m2, chi1, chi2)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    times = np.sort(rng.uniform(-50.0, 5.0, size=(8,))).astype(np.float32)
    m1 = np.float32(rng.uniform(10.0, 40.0))
    chi1 = np.float32(rng.uniform(-0.9, 0.9))
    if rng.random() < 0.5:  # equal-mass, equal-spin binary: odd-m modes vanish
        m2, chi2 = m1, chi1
    else:
        m2 = np.float32(rng.uniform(5.0, 40.0))
        chi2 = np.float32(rng.uniform(-0.9, 0.9))
    return (times, np.float32(m1), np.float32(m2), np.float32(chi1), np.float32(chi2))


INPUTS = make_inputs


@jax.jit
def reference_fix(times, m1, m2, chi1, chi2):
    eta = m1 * m2 / (m1 + m2) ** 2
    amplitude_22 = jnp.abs(eta * jnp.cos(0.1 * times))[None, :]
    phase_22 = (2.0 * eta * times)[None, :]
    equal = jnp.logical_and(jnp.isclose(m1, m2), jnp.isclose(chi1, chi2))
    modes = jnp.asarray(ALLOWED_POSITIVE_HMS)
    m = (modes % 10)[:, None]
    amp = eta * jnp.abs(jnp.sin(0.05 * m * times[None, :]))
    ph = phase_22 * m / 2.0 - 0.1 * m
    zero = jnp.logical_and(equal, modes % 2 == 1)[:, None]
    amp = jnp.where(zero, 0.0, amp)
    ph = jnp.where(zero, 0.0, ph)
    return (jnp.concatenate([amplitude_22, amp], axis=0),
            jnp.concatenate([phase_22, ph], axis=0))
