"""ViT's NumPy learning-rate schedule called from a jitted update step: np.clip/np.cos/max on a traced step.

source: google-research/vision_transformer vit_jax/hyper.py at 459a01af121f3d7b604f236c61c0bb4ab618efd4 (create_learning_rate_schedule and its inner step_fn)
error: TracerArrayConversionError
category: numpy-on-tracer-in-helper
expect: fix
notes: create_learning_rate_schedule is verbatim (docstring shortened). In the repository the schedule runs
  on the host (lr_prefetch_iter feeds a NumPy learning rate into the pmapped update); here a jitted update
  step `f` calls lr_fn(step) itself with a traced step, as a user wiring the schedule into the step would.
  The leak sits two calls below f: f -> step_fn -> np.clip / np.cos / np.minimum / builtin max / np.asarray.
  The update (params - lr * grads over a dict pytree) stands in for flax's opt.apply_gradient.
  The fix swaps np for jnp and the builtin max for jnp.maximum; decay_type and warmup_steps stay static.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np


def create_learning_rate_schedule(total_steps,
                                  base,
                                  decay_type,
                                  warmup_steps,
                                  linear_end=1e-5,
                                  min_lr=1e-9):
  """Creates learning rate schedule.

  Returns:
    A function learning_rate(step): float -> {"learning_rate": float}.
  """

  def step_fn(step):
    """Step to learning rate function."""
    lr = base

    progress = (step - warmup_steps) / float(total_steps - warmup_steps)
    progress = np.clip(progress, 0.0, 1.0)
    if decay_type == 'linear':
      lr = linear_end + (lr - linear_end) * (1.0 - progress)
    elif decay_type == 'cosine':
      lr = lr * 0.5 * (1. + np.cos(np.pi * progress))
    else:
      raise ValueError(f'Unknown lr type {decay_type}')

    if warmup_steps:
      lr = max(lr * np.minimum(1., step / warmup_steps), min_lr)

    return np.asarray(lr, dtype=np.float32)

  return step_fn


lr_fn = create_learning_rate_schedule(
    total_steps=1000, base=0.03, decay_type='cosine', warmup_steps=100)


@jax.jit
def f(params, grads, step):
  lr = lr_fn(step)
  new_params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
  return new_params, lr
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
  params = {"w": rng.normal(size=(3, 4)).astype(np.float32),
            "b": rng.normal(size=(4,)).astype(np.float32)}
  grads = {"w": rng.normal(size=(3, 4)).astype(np.float32),
           "b": rng.normal(size=(4,)).astype(np.float32)}
  # edge values: step 0 (warmup floor, min_lr), mid-warmup, after warmup, past total_steps
  step = np.int32(rng.choice([0, 1, 50, 99, 100, 101, 500, 999, 1000, 1200]))
  return (params, grads, step)


INPUTS = make_inputs


def _create_learning_rate_schedule_fixed(total_steps, base, decay_type, warmup_steps,
                                         linear_end=1e-5, min_lr=1e-9):
  def step_fn(step):
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
      lr = jnp.maximum(lr * jnp.minimum(1., step / warmup_steps), min_lr)
    return jnp.asarray(lr, dtype=jnp.float32)
  return step_fn


_lr_fn_fixed = _create_learning_rate_schedule_fixed(
    total_steps=1000, base=0.03, decay_type='cosine', warmup_steps=100)


@jax.jit
def reference_fix(params, grads, step):
  lr = _lr_fn_fixed(step)
  new_params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
  return new_params, lr
