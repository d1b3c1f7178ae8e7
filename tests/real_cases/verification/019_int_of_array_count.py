"""`x[: int(n)]` where every caller passes `n` as an array: no static argument can help.

source: https://github.com/asantini29/phentax/pull/28 (`int(jnp.ceil(T / delta_t))` on a traced duration inside jit)
error: ConcretizationTypeError
category: static-refused
expect: report
notes: the sample count comes from an array computation at the call site (as in phentax, where T is traced); marking `n` static would make every existing call fail with "Non-hashable static arguments".
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(strain, n):
    return strain[: int(n)].sum()


def waveform_energy(strain, duration, delta_t):
    return f(strain, jnp.ceil(duration / delta_t))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(8,)).astype(np.float32), np.float32(rng.integers(1, 8)))


INPUTS = make_inputs
