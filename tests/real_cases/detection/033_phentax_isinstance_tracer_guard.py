"""Assertions guarded by `isinstance(x, jax.core.Tracer)` (correct).

source: asantini29/phentax pull request #28 (the fix: spin assertions skipped while tracing)
error: none
category: look-alike-tracer-guard
expect: untouched
notes: the guarded block runs only on concrete values; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(chi1, chi2):
    if not isinstance(chi1, jax.core.Tracer):
        assert jnp.all(jnp.abs(chi1) <= 1.0), "spin out of bounds"
        if chi1 > 0.99:
            print("extremal spin")
    return chi1 * 2 + chi2
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(-1, 1)), np.float32(rng.uniform(-1, 1)))


INPUTS = make_inputs
