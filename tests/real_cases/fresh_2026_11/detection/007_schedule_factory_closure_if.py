"""A schedule factory returns a closure whose Python `if` compares the traced step.

source: google/flax docs/howtos/lr_schedule.rst before https://github.com/google/flax/pull/1903 (create_triangular_schedule; the PR replaced it because "the triangular scheduler did not play well with jit")
error: TracerBoolConversionError
category: closure-factory-cond
expect: fix
notes: `create_triangular_schedule` is verbatim from the howto; the howto's train step (a flax.optim optimizer whose learning rate comes from `learning_rate_fn(step)`) is reduced to a jitted plain SGD update `f(params, grad, step)`. The leak sits inside the returned `learning_rate_fn`, not in `f`: `cycle_step < top` is traced, so the `if` must become `jnp.where`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def create_triangular_schedule(lr_min, lr_max, steps_per_cycle):
  """Return fn from epoch to LR, linearly interpolating between `lr_min`->`lr_max`->`lr_min`."""
  top = (steps_per_cycle + 1) // 2
  def learning_rate_fn(step):
    cycle_step = step % steps_per_cycle
    if cycle_step < top:
      lr = lr_min + cycle_step/top * (lr_max - lr_min)
    else:
      lr = lr_max - ((cycle_step - top)/top) * (lr_max - lr_min)
    return lr
  return learning_rate_fn


learning_rate_fn = create_triangular_schedule(3e-3, 3e-2, 10)


@jax.jit
def f(params, grad, step):
  lr = learning_rate_fn(step)
  return params - lr * grad
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3,)).astype(np.float32),
            rng.normal(size=(3,)).astype(np.float32),
            np.int32(rng.integers(0, 30)))  # both halves of the cycle occur


INPUTS = make_inputs


@jax.jit
def reference_fix(params, grad, step):
    lr_min, lr_max, steps_per_cycle = 3e-3, 3e-2, 10
    top = (steps_per_cycle + 1) // 2
    cycle_step = step % steps_per_cycle
    lr = jnp.where(cycle_step < top,
                   lr_min + cycle_step / top * (lr_max - lr_min),
                   lr_max - ((cycle_step - top) / top) * (lr_max - lr_min))
    return params - lr * grad
