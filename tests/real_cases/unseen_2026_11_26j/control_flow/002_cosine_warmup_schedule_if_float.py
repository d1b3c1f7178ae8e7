"""Warmup + cosine learning-rate schedule handed to optax: Python `if`, float() and max() on the traced step count.

source: a public JAX/optax training script's optimizer module (cosine_schedule_with_warmup_lr_lambda, create_lr_fn, build_optimizer) found by content search in the code index; the index holds the version before the fix (index file id 33177067733) and the fixed version (index file ids 33152508416, 33216606102) that replaced the `if` with `jnp.where`, `float`/`max` with `jnp.maximum` and `math.cos` with `jnp.cos`; repository not resolved. The lr_lambda is the HuggingFace transformers `_get_cosine_schedule_with_warmup_lr_lambda` with a base_lr and min_ratio added
error: TracerBoolConversionError
category: if-early-return-schedule
expect: fix
notes: cosine_schedule_with_warmup_lr_lambda and create_lr_fn are verbatim from the pre-fix
  version. In the script the schedule goes to `optax.adamw(learning_rate=lr_fn, ...)`, which calls it
  with the traced step count inside the jitted train step; the case jits the schedule directly
  (`f = jax.jit(create_lr_fn(...))`) with a small config object standing in for the script's
  training config. reference_fix is the repository's own fixed version.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math
import types
from functools import partial

import jax
import jax.numpy as jnp


def cosine_schedule_with_warmup_lr_lambda(
    current_step: int, *, base_lr: float, num_warmup_steps: int, num_training_steps: int, min_ratio: float = 0.0, num_cycles: float = 0.5
):
    if current_step < num_warmup_steps:
        return base_lr * float(current_step) / float(max(1, num_warmup_steps))

    progress = float(current_step - num_warmup_steps) / float(max(1, num_training_steps - num_warmup_steps))
    return base_lr * (min_ratio + max(0.0, (1 - min_ratio) * 0.5 * (1.0 + math.cos(math.pi * float(num_cycles) * 2.0 * progress))))


def create_lr_fn(training_config, total_steps):
    schedule_type = training_config.lr_schedule.lower()
    assert schedule_type == 'cos', f'Only "cos" lr_schedule is supported for now, got {schedule_type}'

    return partial(
        cosine_schedule_with_warmup_lr_lambda,
        base_lr=training_config.learning_rate,
        num_warmup_steps=training_config.warmup_steps,
        num_training_steps=total_steps,
        min_ratio=training_config.lr_min_ratio,
    )


training_config = types.SimpleNamespace(
    lr_schedule="cos", learning_rate=3e-4, warmup_steps=100, lr_min_ratio=0.1)

f = jax.jit(create_lr_fn(training_config, total_steps=1000))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    k = rng.integers(0, 5)
    if k == 0:
        step = 0
    elif k == 1:
        step = 100  # first step after warmup
    elif k == 2:
        step = rng.integers(1, 100)
    elif k == 3:
        step = rng.integers(100, 1000)
    else:
        step = rng.integers(1000, 1500)  # past num_training_steps
    return (np.int32(step),)


INPUTS = make_inputs


def _fixed_lr_lambda(
    current_step: int, *, base_lr: float, num_warmup_steps: int, num_training_steps: int, min_ratio: float = 0.0, num_cycles: float = 0.5
):
    progress = (current_step - num_warmup_steps) / jnp.maximum(1, num_training_steps - num_warmup_steps)
    return base_lr * jnp.where(
        current_step < num_warmup_steps,
        current_step / jnp.maximum(1, num_warmup_steps),
        min_ratio + jnp.maximum(0.0, (1 - min_ratio) * 0.5 * (1.0 + jnp.cos(math.pi * float(num_cycles) * 2.0 * progress)))
    )


reference_fix = jax.jit(partial(_fixed_lr_lambda, base_lr=3e-4, num_warmup_steps=100,
                                num_training_steps=1000, min_ratio=0.1))
