"""A validation helper tests jnp.all(isfinite(a)) of an array passed from jitted code.

source: scipy/scipy pull request #22219 (_lib/_array_api.py `_asarray(a, check_finite=True)` under jax.jit)
error: TracerBoolConversionError
category: helper-truth-test
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _asarray(a, check_finite=False):
    a = jnp.asarray(a)
    if check_finite and not jnp.all(jnp.isfinite(a)):
        raise ValueError("array must not contain infs or NaNs")
    return a


@jax.jit
def f(obs):
    obs = _asarray(obs, check_finite=True)
    return obs.mean(axis=0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(5, 2)).astype(np.float32),)


INPUTS = make_inputs
