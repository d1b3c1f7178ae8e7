"""A warmup+cosine LR schedule written for a PyTorch LambdaLR, handed to optax: `if step < warmup` on the traced count.

source: zhoukangyang233/jax_reasoning optimizers.py at a581b84c39e84e719439044b4af2708f14f78652 (cosine_schedule_with_warmup_lr_lambda, create_lr_fn); the later revision c950b025b9259fac46d10d1bf067eb24f6274424 of the same file rewrote the schedule with jnp.where / jnp.maximum / jnp.cos and a lambda
error: TracerBoolConversionError
category: if-early-return-on-traced-scalar, builtin-max-float-on-tracer
expect: fix
notes: cosine_schedule_with_warmup_lr_lambda and create_lr_fn are verbatim. optax is not installed, so build_optimizer's
  `optax.adamw(learning_rate=lr_fn)` is replaced by what an optax schedule amounts to inside the jitted update: the
  schedule is evaluated on the traced step count and scales the gradient (`f` below, a plain SGD step with the
  scheduled rate). The repository's training config object is a small stand-in class with the fields the code reads.
  Trials draw counts on both sides of the warmup boundary and past the end of training.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import math
from functools import partial

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


class TrainingConfig:
    lr_schedule = "cos"
    learning_rate = 1e-3
    warmup_steps = 20
    lr_min_ratio = 0.1


lr_fn = create_lr_fn(TrainingConfig(), total_steps=100)


@jax.jit
def f(params, grads, count):
    lr = lr_fn(count)
    new_params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return new_params, lr
# --- end user code ---

import numpy as np


def make_inputs(rng):
    params = {"w": rng.normal(size=(3, 2)).astype(np.float32), "b": rng.normal(size=(2,)).astype(np.float32)}
    grads = {"w": rng.normal(size=(3, 2)).astype(np.float32), "b": rng.normal(size=(2,)).astype(np.float32)}
    count = np.int32(rng.integers(0, 130))
    return (params, grads, count)


INPUTS = make_inputs


@jax.jit
def reference_fix(params, grads, count):
    base_lr, warm, total, min_ratio, cycles = 1e-3, 20, 100, 0.1, 0.5
    step = jnp.asarray(count, jnp.float32)
    warm_lr = base_lr * step / max(1, warm)
    progress = (step - warm) / max(1, total - warm)
    cos_lr = base_lr * (min_ratio + jnp.maximum(0.0, (1 - min_ratio) * 0.5 * (1.0 + jnp.cos(math.pi * cycles * 2.0 * progress))))
    lr = jnp.where(step < warm, warm_lr, cos_lr)
    new_params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return new_params, lr
