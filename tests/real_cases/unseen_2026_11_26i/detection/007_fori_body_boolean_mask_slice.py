"""A `lax.fori_loop` body gathers `alpha[mask]` and writes it back with `dynamic_update_slice`.

source: https://github.com/jax-ml/jax/issues/9579 (SimiPixel, "jit-compilable 'apply mask'-operation": biject_alpha and the first lines of cosInterpolateRandomized, which runs biject_alpha in `jax.lax.fori_loop(0, len(xp)-1, ...)`)
error: NonConcreteBooleanIndexError
category: fori-body-boolean-mask
expect: report
notes: biject_alpha is verbatim except that the start index of dynamic_update_slice is wrapped in a tuple, `(start_idx,)`, which current JAX requires. cosInterpolateRandomized is cut after the fori_loop (the stored issue text is truncated at its inner cos_interpolate) and returns `alpha`; it is jitted and bound to `f`. The key is passed as a raw uint32[2] PRNG key. The body takes a boolean-masked gather of data-dependent length and writes that many values at the first masked position; only when the masked entries are contiguous is this a `jnp.where`, so there is no general behaviour-preserving rewrite (the issue asks JAX for a new "apply mask" primitive). Under jax.disable_jit the fori_loop runs in Python and the function works.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from jax import random
import jax
import jax.numpy as jnp

def biject_alpha(idx, val):
    alpha, i, key = val
    # hyperparameters for randomisation
    cdf_bins=20

    key, consume = random.split(key)
    samples = random.uniform(consume, (cdf_bins-1,), maxval=1.0)
    samples = jnp.hstack((jnp.array([0.0]), samples))
    montonous = jnp.cumsum(samples)
    cdf = montonous/montonous[-1]

    # idx of first occurenece
    mask = (i-1) == idx
    start_idx = jnp.select(mask, jnp.arange(len(mask)))

    # biject slice
    alpha_i = alpha[mask]
    bijected_alpha = cdf[(alpha_i//(1/cdf_bins)).astype(int)]
    alpha = jax.lax.dynamic_update_slice(alpha, bijected_alpha, (start_idx,))
    return (alpha, i, key)

def cosInterpolateRandomized(x, xp, fp, consume):
    i = jnp.clip(jnp.searchsorted(xp, x, side='right'), 1, len(xp) - 1)
    dx = xp[i] - xp[i - 1]
    alpha = (x - xp[i - 1])/dx 
    alpha, _, _ = jax.lax.fori_loop(0, len(xp)-1, biject_alpha, (alpha, i, consume))
    return alpha

f = jax.jit(cosInterpolateRandomized)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    xp = np.linspace(0.0, 1.0, 5).astype(np.float32)
    x = np.sort(rng.uniform(0.0, 0.999, size=(12,))).astype(np.float32)
    fp = rng.normal(size=(5,)).astype(np.float32)
    key = np.array([0, int(rng.integers(0, 2**31))], dtype=np.uint32)
    return (x, xp, fp, key)


INPUTS = make_inputs
