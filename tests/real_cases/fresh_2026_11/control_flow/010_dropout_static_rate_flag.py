"""Flax Dropout logic: `if (rate == 0.0) or deterministic:` and `if rate == 1.0:` on static config values; jit-safe.

source: google/flax flax/linen/stochastic.py at 0e5fc04018f1a20bdf32e9868c6a9eda38407424 (Dropout.__call__)
error: none
category: negative-static-config
expect: untouched
notes: the body of Dropout.__call__ turned into a function: `self.rate`/`self.broadcast_dims` become arguments, merge_param and make_rng are dropped (rng is passed in). rate and deterministic are static_argnames of jax.jit, so the `or` and the `if`s see Python values. make_inputs covers rate 0, 1, in between and both deterministic values.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax, random


def dropout(inputs, rng, rate, deterministic, broadcast_dims=()):
    if (rate == 0.0) or deterministic:
      return inputs

    # Prevent gradient NaNs in 1.0 edge-case.
    if rate == 1.0:
      return jnp.zeros_like(inputs)

    keep_prob = 1.0 - rate
    broadcast_shape = list(inputs.shape)
    for dim in broadcast_dims:
      broadcast_shape[dim] = 1
    mask = random.bernoulli(rng, p=keep_prob, shape=broadcast_shape)
    mask = jnp.broadcast_to(mask, inputs.shape)
    return lax.select(mask, inputs / keep_prob, jnp.zeros_like(inputs))


f = jax.jit(dropout, static_argnames=("rate", "deterministic", "broadcast_dims"))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.normal(size=(4, 6)).astype(np.float32)
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    rate = float(rng.choice([0.0, 0.25, 0.5, 1.0]))
    deterministic = bool(rng.integers(0, 2))
    return (x, key, rate, deterministic)


INPUTS = make_inputs
