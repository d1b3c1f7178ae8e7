"""PPO learning-rate schedule: `float(max(...))` and `if warmup_updates <= 0` act on static config only.

source: Flax/distrax/optax PPO training script with MUON heads and SIGReg/innovation encoder losses in the public code index (code-index file id 67219394386; nested helpers lr_from_update, make_linear_schedule and sigreg_coef_from_update inside the training function, handed to create_optimizer as optax learning-rate schedules); the index does not name the repository or commit
error: none
category: negative (float()/max()/if on Python ints next to jnp.where on the traced step)
expect: untouched
notes: lr_from_update and make_linear_schedule verbatim. They are nested in the script's main function and read `args.num_updates`, `args.num_minibatches`, `args.update_epochs`; a small `args` class stands in for the argparse namespace and `steps_per_update` is computed as in the script. Added a jitted `f(count)` evaluating the two schedules the script builds (encoder with warmup, heads with warmup_updates=0) as optax does, with a traced count. `float(max(0, warmup_updates))` and `if warmup_updates <= 0` only see Python ints; the traced comparison goes through jnp.where.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class args:
    num_updates = 1220
    num_minibatches = 4
    update_epochs = 4
    encoder_lr = 2.5e-4
    heads_adam_lr = 1e-3
    encoder_warmup_updates = 50


# Create learning rate schedules for Adam optimizers
steps_per_update = args.num_minibatches * args.update_epochs

def lr_from_update(base_lr: float, update_idx: int, warmup_updates: int = 0):
    """Warmup + linear decay learning-rate helper."""
    update_idx = jnp.asarray(update_idx, dtype=jnp.float32)
    warmup = float(max(0, warmup_updates))
    decay_updates = float(max(1, args.num_updates - warmup_updates))

    warm_lr = base_lr * ((update_idx + 1.0) / jnp.maximum(1.0, warmup))
    decay_idx = jnp.maximum(0.0, update_idx - warmup)
    frac = 1.0 - jnp.minimum(1.0, decay_idx / decay_updates)
    decay_lr = base_lr * frac

    if warmup_updates <= 0:
        return decay_lr
    return jnp.where(update_idx < warmup, warm_lr, decay_lr)

def make_linear_schedule(base_lr, warmup_updates: int = 0):
    """Schedule for Adam optimizers; optional warmup before linear decay."""
    def schedule(count):
        update_idx = count // steps_per_update
        return lr_from_update(base_lr, update_idx, warmup_updates)

    return schedule


encoder_lr = make_linear_schedule(args.encoder_lr, args.encoder_warmup_updates)
heads_adam_lr = make_linear_schedule(args.heads_adam_lr, warmup_updates=0)


@jax.jit
def f(count):
    return encoder_lr(count), heads_adam_lr(count)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    if rng.random() < 0.3:
        count = np.int32(rng.choice([0, 15, 16, 799, 800, 801, 19520, 25000]))
    else:
        count = np.int32(rng.integers(0, 21000))
    return (count,)


INPUTS = make_inputs
