"""A helper's flag passed a literal from jitted code (correct).

source: scipy/scipy pull request #22219 (`_asarray(a, check_finite=False)` is the jit-safe call)
error: none
category: look-alike-config-flag
expect: untouched
notes: the flag is a literal at the only call site; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _asarray(a, check_finite=False, copy=False):
    a = jnp.asarray(a)
    if check_finite and not jnp.all(jnp.isfinite(a)):
        raise ValueError("array must not contain infs or NaNs")
    if copy:
        a = a.copy()
    return a


@jax.jit
def f(obs):
    obs = _asarray(obs, check_finite=False, copy=True)
    return obs.mean(axis=0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(5, 2)).astype(np.float32),)


INPUTS = make_inputs
