"""ViT-style learning-rate schedule: `if decay_type == ...` and `if warmup_steps:` on closed-over config, jitted over the step.

source: claim-berlin/ANONYMED-demonstrators diff_private/lr.py (create_learning_rate_schedule; the same function as google-research/vision_transformer's vit_jax utils); index revision read without a pinned commit
error: none
category: negative-static-config
expect: untouched
notes: verbatim. I added `f = jax.jit(create_learning_rate_schedule(1000, 0.1, 'cosine', 100))`, i.e. the schedule that an optax optimizer evaluates on a traced step. Look-alike: the if/elif/else on decay_type and `if warmup_steps:` test Python values closed over by step_fn, never the traced `step`; `jnp.clip` / `jnp.minimum` carry the step-dependent logic. Inputs: integer steps from 0 to 1200 (warmup, decay and past the end).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
def create_learning_rate_schedule(total_steps,
                                  base,
                                  decay_type,
                                  warmup_steps,
                                  linear_end=1e-5):
  """Creates learning rate schedule.

  Currently only warmup + {linear,cosine} but will be a proper mini-language
  like preprocessing one in the future.

  Args:
    total_steps: The total number of steps to run.
    base: The starting learning-rate (without warmup).
    decay_type: 'linear' or 'cosine'.
    warmup_steps: how many steps to warm up for.
    linear_end: Minimum learning rate.

  Returns:
    A function learning_rate(step): float -> {"learning_rate": float}.
  """

  def step_fn(step):
    """Step to learning rate function."""
    lr = base

    progress = (step - warmup_steps) / float(total_steps - warmup_steps)
    progress = jnp.clip(progress, 0.0, 1.0)
    if decay_type == 'linear':
      lr = linear_end + (lr - linear_end) * (1.0 - progress)
    elif decay_type == 'cosine':
      lr = lr * 0.5 * (1. + jnp.cos(jnp.pi * progress))
    else:
      raise ValueError(f'Unknown lr type {decay_type}')

    if warmup_steps:
      lr = lr * jnp.minimum(1., step / warmup_steps)

    return jnp.asarray(lr, dtype=jnp.float32)

  return step_fn


f = jax.jit(create_learning_rate_schedule(1000, 0.1, 'cosine', 100))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.int32(rng.integers(0, 1201)),)


INPUTS = make_inputs
