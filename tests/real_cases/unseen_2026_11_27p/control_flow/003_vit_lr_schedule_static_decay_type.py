"""ViT's warmup + linear/cosine learning-rate schedule: every `if` tests a closed-over Python config value, never the traced step.

source: google-research/vision_transformer vit_jax/utils.py at 295ff447e86f147fe9d262058cfcc877dc7cea71 (`create_learning_rate_schedule`; the training loop calls the returned `step_fn` on the step counter inside the jitted/pmapped update). The same function is copied verbatim in claim-berlin/ANONYMED-demonstrators diff_private/lr.py.
error: none
category: negative-static-closure-config
expect: untouched
notes: function verbatim. The jitted entry point `f = jax.jit(create_learning_rate_schedule(10_000, 0.03, 'cosine', 500))` is added (the ViT config values: total_steps, base_lr, decay_type, warmup_steps). Look-alikes of leaks: `if decay_type == 'linear'` / `elif` / `else: raise` on a static string, and `if warmup_steps:` on a static int, all inside the function that receives the traced step; `float(total_steps - warmup_steps)` is on Python ints. Nothing may change.
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


f = jax.jit(create_learning_rate_schedule(10_000, 0.03, 'cosine', 500))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # steps inside warmup, inside decay, and past the end
    return (np.asarray(rng.integers(0, 12_000), dtype=np.int32),)


INPUTS = make_inputs
