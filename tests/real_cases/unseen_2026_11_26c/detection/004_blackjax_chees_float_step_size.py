"""`float()` on a traced moving-average step size, passed as a plain argument to a module helper.

source: blackjax-devs/blackjax issue #1029 (blackjax 1.6.2, blackjax/adaptation/chees_adaptation.py, `run`, ~line 989, and `_apply_length_floor`)
error: ConcretizationTypeError
category: float-on-tracer-into-helper
expect: fix
notes: `_apply_length_floor` verbatim (docstring trimmed). The call site is the `if enable_length_floor:`
  block of chees_adaptation's `run`, reduced to a jitted function of the final adaptation state
  (log moving averages, lambda_max, mm sample size); `_recompute_eig_state` is replaced by the given
  lambda_max. `float(step_size_ma)` is applied to `jnp.exp(...)` of a traced state field.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
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
max_leapfrog_steps = 20
mm_engagement_threshold = 50


@jax.jit
def f(log_trajectory_length_moving_average, log_step_size_moving_average,
      lambda_max, sample_size):
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
            float(step_size_ma),
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
    log_traj = np.float32(rng.uniform(-2.0, 1.5))
    log_step = np.float32(rng.uniform(-3.0, -0.5))
    lambda_max = np.float32(rng.uniform(0.1, 9.0))
    sample_size = np.int32(rng.integers(0, 100))  # engaged or not
    return (log_traj, log_step, lambda_max, sample_size)


INPUTS = make_inputs


@jax.jit
def reference_fix(log_traj, log_step, lambda_max, sample_size):
    engaged = sample_size >= 50
    traj = jnp.exp(log_traj)
    step = jnp.exp(log_step)
    floor_value = jnp.where(engaged, jnp.sqrt(lambda_max), 0.0)
    cap = 20 * step
    consumed = jnp.minimum(jnp.maximum(traj, floor_value), cap)
    clipped = jnp.logical_and(engaged, floor_value > cap)
    return consumed / step, clipped
