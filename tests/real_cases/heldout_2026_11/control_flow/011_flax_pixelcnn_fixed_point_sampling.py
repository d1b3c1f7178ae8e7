"""Flax's PixelCNN++ sampler: `while jnp.any(sample != sample_prev): sample_prev, sample = sample, step(sample)`.

source: google/flax examples/pixelcnn/sample.py at 23dda427f9d6983b0609c579244872da2aeba132 (generate_sample's fixed-point loop)
error: TracerBoolConversionError
category: while-fixed-point-tuple-swap
expect: fix
notes: the fixed-point loop of generate_sample and snap_to_grid are verbatim; the pmapped PixelCNN++ network is replaced by a small causal model (each pixel's mean depends only on earlier pixels through a strictly lower-triangular weight matrix, plus fixed logistic noise from the same key every pass, as in the original), so the iteration provably reaches its fixed point in at most n+1 passes. Checkpoint loading, pmap/device reshaping and the mixture-of-logistics head are dropped; f (the sampler) is jitted. The loop body is a tuple swap that reads the value it replaces.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import random


def snap_to_grid(sample):
    return jnp.clip(jnp.round((sample + 1) * 127.5) / 127.5 - 1, -1., 1.)


def sample_iteration(rng, params, sample):
    """PixelCNN++ sampling expressed as a fixed-point iteration (causal stand-in model)."""
    w, b, inv_scale = params
    mean = jnp.tanh(w @ sample + b)
    sample = mean + random.logistic(rng, mean.shape) / inv_scale
    return snap_to_grid(sample)


@jax.jit
def f(rng, w, b, inv_scale):
    params = (w, b, inv_scale)
    sample_prev = jnp.zeros(b.shape)

    # Generate sample using fixed-point iteration
    sample = sample_iteration(rng, params, sample_prev)
    while jnp.any(sample != sample_prev):
        sample_prev, sample = sample, sample_iteration(rng, params, sample)
    return sample
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    key = rng.integers(0, 2**32, size=(2,), dtype=np.uint32)
    w = np.tril(rng.normal(size=(n, n)), -1).astype(np.float32)
    if rng.uniform() < 0.2:
        w[:] = 0.0                       # no dependencies: fixed point after one pass
    b = rng.normal(size=(n,)).astype(np.float32)
    inv_scale = np.float32(rng.uniform(2.0, 20.0))
    return (key, w, b, inv_scale)


INPUTS = make_inputs


@jax.jit
def reference_fix(rng, w, b, inv_scale):
    params = (w, b, inv_scale)
    sample_prev = jnp.zeros(b.shape)
    sample = sample_iteration(rng, params, sample_prev)

    def cond(c):
        prev, cur = c
        return jnp.any(cur != prev)

    def body(c):
        prev, cur = c
        return cur, sample_iteration(rng, params, cur)

    return jax.lax.while_loop(cond, body, (sample_prev, sample))[1]
