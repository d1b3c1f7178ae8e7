"""deluca's lung-simulator target waveform: `range or DEFAULT_PRESSURE_RANGE` on a static argument, then jnp.interp / searchsorted on the traced time.

source: google/deluca deluca/envs/lung/__init__.py at 3145d80ce2943db306a21925d4bb1bb1c6f30e52 (DEFAULT_PRESSURE_RANGE, DEFAULT_KEYPOINTS, BreathWaveform); the lung envs (e.g. deluca/envs/lung/_delay_lung.py) call `self.waveform.at(self.time)` and `self.waveform.phase(self.time)` inside their step
error: none
category: negative-or-default-on-none
expect: untouched
notes: `BreathWaveform` verbatim; its base class `deluca.core.JaxObject` is replaced by a plain empty class. `f` builds the waveform inside a jitted function with the pressure range as a static argument (None or a (lo, hi) tuple) and returns the target and phase at a traced time, as the lung env's step does. The `or` tests a Python tuple / None, never a tracer; the time only goes through jnp.interp, `%` and jnp.searchsorted.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class JaxObject:
    pass


DEFAULT_PRESSURE_RANGE = (5.0, 35.0)
DEFAULT_KEYPOINTS = [1e-8, 1.0, 1.5, 3.0]


class BreathWaveform(JaxObject):
    """Waveform generator with shape /‾\_"""

    def __init__(self, range=None, keypoints=None):
        self.lo, self.hi = range or DEFAULT_PRESSURE_RANGE
        self.xp = jnp.asarray([0] + (keypoints or DEFAULT_KEYPOINTS))
        self.fp = jnp.asarray([self.lo, self.hi, self.hi, self.lo, self.lo])
        self.period = self.xp[-1]

    def at(self, t):
        # return jnp.interp(t, self.xp, self.fp, period=self.period)
        return jnp.interp(t, self.xp, self.fp, period=3)

    def phase(self, t):
        return jnp.searchsorted(self.xp, t % self.period, side="right")


def target_and_phase(t, range=None):
    waveform = BreathWaveform(range)
    return waveform.at(t), waveform.phase(t)


f = jax.jit(target_and_phase, static_argnames="range")
# --- end user code ---

import numpy as np


def make_inputs(rng):
    t = np.float32(rng.uniform(0.0, 9.0))
    rng_choice = [None, (10.0, 30.0), (0.0, 20.0)][int(rng.integers(0, 3))]
    return (t, rng_choice)


INPUTS = make_inputs
