"""A learning-rate schedule closure branches on, and calls np.cos on, the traced step.

source: SampsonML/dynamicalTransformer model/schedulers.py at a03dc978c7bf92ee85bd9eec5881bdb135d34ffb (cosine_warmup_schedule and its inner get_lr; code-index file id 22801843657)
error: TracerArrayConversionError
category: closure-schedule
expect: fix
notes: verbatim. `cosine_warmup_schedule` returns the closure `get_lr(train_iter)`, which reads `base_lr`, `warmup` and `max_iters` from its enclosing function; the step count it receives is traced once the schedule runs inside a jitted update (as an optax schedule does), so `np.cos` on it fails first and the `if train_iter <= warmup:` would fail next. Fix: jnp.cos and jnp.where inside the closure. Adapted: `import jax` and the entry point `f = jax.jit(cosine_warmup_schedule(1e-3, 100, 1000))` added (values in the range of the repository's TrainerModule defaults: lr=1e-3, warmup=100).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
# -----
# learning rate schedulers
# -----

import jax
import numpy as np


def cosine_warmup_schedule(base_lr: float, warmup: int, max_iters: int):
    assert warmup > 0 and max_iters > 0

    # Create function to return lr based on iteration count
    def get_lr(train_iter):
        lr_factor = 0.5 * (1 + np.cos(np.pi * train_iter / max_iters))
        if train_iter <= warmup:
            lr_factor *= train_iter * 1.0 / warmup
        return lr_factor * base_lr

    return get_lr


f = jax.jit(cosine_warmup_schedule(1e-3, 100, 1000))
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    k = rng.integers(0, 4)
    if k == 0:
        step = 100                       # exactly at the end of warm-up
    elif k == 1:
        step = int(rng.integers(0, 100))  # during warm-up
    else:
        step = int(rng.integers(101, 1200))
    return (np.int32(step),)


INPUTS = make_inputs


@jax.jit
def reference_fix(train_iter):
    lr_factor = 0.5 * (1 + jnp.cos(jnp.pi * train_iter / 1000))
    lr_factor = jnp.where(train_iter <= 100, lr_factor * (train_iter * 1.0 / 100), lr_factor)
    return lr_factor * 1e-3
