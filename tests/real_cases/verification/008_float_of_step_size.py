"""blackjax chees_adaptation: `float(step_size_ma)` of a traced step size passed to a helper.

source: https://github.com/blackjax-devs/blackjax/issues/1029 (chees_adaptation.py, 1.6.2, around line 989)
error: ConcretizationTypeError
category: conversion-drop
expect: fix
notes: _apply_length_floor reduced to its arithmetic (floor, cap by max_leapfrog_steps * step_size); the call with float() is verbatim.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _apply_length_floor(trajectory_length, lambda_max, engaged, length_floor, max_leapfrog_steps, step_size):
    floor = length_floor * jnp.pi / jnp.sqrt(lambda_max)
    cap = max_leapfrog_steps * step_size
    clipped = floor > cap
    floored = jnp.maximum(trajectory_length, jnp.minimum(floor, cap))
    return jnp.where(engaged, floored, trajectory_length), clipped


@jax.jit
def f(log_step_size_moving_average, trajectory_length_ma, lambda_max, final_engaged):
    step_size_ma = jnp.exp(log_step_size_moving_average)
    return _apply_length_floor(
        trajectory_length_ma,
        lambda_max,
        final_engaged,
        0.5,
        10,
        float(step_size_ma),
    )
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal() - 1.0), np.float32(rng.uniform(0.1, 3.0)),
            np.float32(rng.uniform(0.5, 4.0)), np.bool_(rng.random() < 0.7))


INPUTS = make_inputs


@jax.jit
def reference_fix(log_step_size_moving_average, trajectory_length_ma, lambda_max, final_engaged):
    step_size_ma = jnp.exp(log_step_size_moving_average)
    return _apply_length_floor(trajectory_length_ma, lambda_max, final_engaged, 0.5, 10, step_size_ma)
