"""Adam with a NamedTuple state: `count + 1 if count < max_int32 else count` on `state.count`.

source: https://github.com/google-deepmind/optax/blob/main/optax/_src/numerics.py (safe_int32_increment) and optax/_src/transform.py (ScaleByAdamState, scale_by_adam)
error: TracerBoolConversionError
category: pytree-namedtuple
expect: fix
notes: scale_by_adam's update with the counter increment written as the Python conditional that safe_int32_increment's jnp.where replaces.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp


class ScaleByAdamState(NamedTuple):
    count: jax.Array
    mu: jax.Array
    nu: jax.Array


@jax.jit
def f(updates, state):
    b1, b2, eps = 0.9, 0.999, 1e-8
    mu = b1 * state.mu + (1 - b1) * updates
    nu = b2 * state.nu + (1 - b2) * updates ** 2
    max_int32_value = jnp.iinfo(jnp.int32).max
    count_inc = state.count + 1 if state.count < max_int32_value else state.count
    mu_hat = mu / (1 - b1 ** count_inc)
    nu_hat = nu / (1 - b2 ** count_inc)
    return mu_hat / (jnp.sqrt(nu_hat) + eps), ScaleByAdamState(count_inc, mu, nu)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    state = ScaleByAdamState(np.int32(rng.integers(0, 50)), rng.normal(size=(4,)).astype(np.float32),
                             rng.uniform(0.1, 1.0, size=(4,)).astype(np.float32))
    return (rng.normal(size=(4,)).astype(np.float32), state)


INPUTS = make_inputs


@jax.jit
def reference_fix(updates, state):
    b1, b2, eps = 0.9, 0.999, 1e-8
    mu = b1 * state.mu + (1 - b1) * updates
    nu = b2 * state.nu + (1 - b2) * updates ** 2
    max_int32_value = jnp.iinfo(jnp.int32).max
    count_inc = jnp.where(state.count < max_int32_value, state.count + 1, state.count)
    mu_hat = mu / (1 - b1 ** count_inc)
    nu_hat = nu / (1 - b2 ** count_inc)
    return mu_hat / (jnp.sqrt(nu_hat) + eps), ScaleByAdamState(count_inc, mu, nu)
