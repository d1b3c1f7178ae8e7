"""Look-alike: `if not enable:` and `if enable_length_floor:` on static flags, max_leapfrog_steps a static argname.

source: blackjax-devs/blackjax blackjax/adaptation/chees_adaptation.py (_apply_length_floor and the `run` call site after issue #1029: step_size_ma passed without float())
error: none
category: negative-static-flag-and-argname
expect: untouched
notes: same reduction as case 004 but with the fix applied upstream-style (the traced step size is
  passed as an array). `enable` is a module-level Python bool, `max_leapfrog_steps` is declared in
  static_argnames and given as a Python int; the only `if`s are on those. Nothing should change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp

CHEES_LENGTH_FLOOR_FACTOR = 1.0


def _apply_length_floor(
    trajectory_length,
    lambda_max,
    engaged,
    enable: bool,
    max_leapfrog_steps: int = 1000,
    step_size: float = 0.1,
):
    """Floor ``trajectory_length`` at ``CHEES_LENGTH_FLOOR_FACTOR * sqrt(lambda_max)``."""
    if not enable:
        return trajectory_length, jnp.asarray(False)

    floor_value = jnp.where(
        engaged, CHEES_LENGTH_FLOOR_FACTOR * jnp.sqrt(lambda_max), 0.0
    )
    cap = max_leapfrog_steps * step_size
    floored_length = jnp.maximum(trajectory_length, floor_value)
    consumed_length = jnp.minimum(floored_length, cap)
    floor_clipped_by_cap = jnp.logical_and(
        jnp.logical_and(engaged, enable), floor_value > cap
    )
    return consumed_length, floor_clipped_by_cap


_length_floor = True
mm_engagement_threshold = 50


@partial(jax.jit, static_argnames=("max_leapfrog_steps",))
def f(log_trajectory_length_moving_average, log_step_size_moving_average,
      lambda_max, sample_size, max_leapfrog_steps):
    enable_length_floor = _length_floor
    if enable_length_floor:
        final_engaged = sample_size >= mm_engagement_threshold
        trajectory_length_ma = jnp.exp(log_trajectory_length_moving_average)
        step_size_ma = jnp.exp(log_step_size_moving_average)
        consumed_trajectory_length_ma, floor_clipped_by_cap = _apply_length_floor(
            trajectory_length_ma,
            lambda_max,
            final_engaged,
            _length_floor,
            max_leapfrog_steps,
            step_size_ma,
        )
        num_leapfrog_steps = consumed_trajectory_length_ma / step_size_ma
    else:
        num_leapfrog_steps = jnp.exp(
            log_trajectory_length_moving_average - log_step_size_moving_average
        )
        floor_clipped_by_cap = jnp.asarray(False)
    return num_leapfrog_steps, floor_clipped_by_cap
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(-2.0, 1.5)), np.float32(rng.uniform(-3.0, -0.5)),
            np.float32(rng.uniform(0.1, 9.0)), np.int32(rng.integers(0, 100)),
            int(rng.choice([10, 20, 1000])))


INPUTS = make_inputs
