"""Fine-tuning LR schedule factories: closures over config with `max(...)`, `if ... not in`, and lax.cond on the step (jit-safe).

source: "Learning rate schedules for fine-tuning with JIT-compatible control flow" module in the public code index (code-index file id 46088553572; create_linear_schedule, create_cosine_schedule, create_cosine_with_hard_restarts_schedule, create_polynomial_schedule, create_constant_schedule, create_constant_with_warmup_schedule, create_inverse_sqrt_schedule, get_scheduler). The index does not name the repository or commit.
error: none
category: negative-closure-static-config
expect: untouched
notes: module verbatim (its unused `import optax` dropped: optax is not installed here). Each schedule is a closure over Python config values; the step-dependent branch already goes through jax.lax.cond, while `max(1, total_steps - warmup_steps)` and `if scheduler_type not in schedulers` only touch static Python values, so nothing leaks. The entry point `f` builds the schedules at module level through get_scheduler and evaluates them at a traced step inside jit ("constant" is skipped: its lambda takes `lr, ws, ts` positionally but get_scheduler passes keywords, a bug unrelated to tracing).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from typing import Callable


def create_linear_schedule(
    learning_rate: float,
    warmup_steps: int,
    total_steps: int,
) -> Callable[[int], float]:
    def schedule(step: int) -> float:
        step = jnp.array(step, dtype=jnp.int32)
        warmup_steps_arr = jnp.array(warmup_steps, dtype=jnp.int32)

        def warmup_fn(_):
            return learning_rate * (step + 1.0) / warmup_steps

        def decay_fn(_):
            progress = (step - warmup_steps_arr) / max(1, total_steps - warmup_steps)
            progress = jnp.minimum(jnp.maximum(progress, 0.0), 1.0)
            return learning_rate * (1.0 - progress)

        return jax.lax.cond(
            step < warmup_steps_arr,
            warmup_fn,
            decay_fn,
            None,
        )

    return schedule


def create_cosine_schedule(
    learning_rate: float,
    warmup_steps: int,
    total_steps: int,
    min_lr: float = 0.0,
) -> Callable[[int], float]:
    def schedule(step: int) -> float:
        step = jnp.array(step, dtype=jnp.int32)
        warmup_steps_arr = jnp.array(warmup_steps, dtype=jnp.int32)

        def warmup_fn(_):
            return learning_rate * (step + 1.0) / warmup_steps

        def decay_fn(_):
            progress = (step - warmup_steps_arr) / max(1, total_steps - warmup_steps)
            progress = jnp.minimum(jnp.maximum(progress, 0.0), 1.0)
            cosine_factor = 0.5 * (1.0 + jnp.cos(jnp.pi * progress))
            return min_lr + (learning_rate - min_lr) * cosine_factor

        return jax.lax.cond(
            step < warmup_steps_arr,
            warmup_fn,
            decay_fn,
            None,
        )

    return schedule


def create_cosine_with_hard_restarts_schedule(
    learning_rate: float,
    warmup_steps: int,
    total_steps: int,
    num_cycles: int = 1,
    min_lr: float = 0.0,
) -> Callable[[int], float]:
    def schedule(step: int) -> float:
        step = jnp.array(step, dtype=jnp.int32)
        warmup_steps_arr = jnp.array(warmup_steps, dtype=jnp.int32)

        def warmup_fn(_):
            return learning_rate * (step + 1.0) / warmup_steps

        def decay_fn(_):
            cycle_length = (total_steps - warmup_steps) / num_cycles
            cycle_progress = (
                jnp.fmod(step - warmup_steps_arr, cycle_length) / cycle_length
            )
            cosine_factor = 0.5 * (1.0 + jnp.cos(jnp.pi * cycle_progress))
            return min_lr + (learning_rate - min_lr) * cosine_factor

        return jax.lax.cond(
            step < warmup_steps_arr,
            warmup_fn,
            decay_fn,
            None,
        )

    return schedule


def create_polynomial_schedule(
    learning_rate: float,
    warmup_steps: int,
    total_steps: int,
    power: float = 1.0,
    min_lr: float = 0.0,
) -> Callable[[int], float]:
    def schedule(step: int) -> float:
        step = jnp.array(step, dtype=jnp.int32)
        warmup_steps_arr = jnp.array(warmup_steps, dtype=jnp.int32)

        def warmup_fn(_):
            return learning_rate * (step + 1.0) / warmup_steps

        def decay_fn(_):
            progress = (step - warmup_steps_arr) / max(1, total_steps - warmup_steps)
            progress = jnp.minimum(jnp.maximum(progress, 0.0), 1.0)
            return min_lr + (learning_rate - min_lr) * (1.0 - progress) ** power

        return jax.lax.cond(
            step < warmup_steps_arr,
            warmup_fn,
            decay_fn,
            None,
        )

    return schedule


def create_constant_schedule(learning_rate: float) -> Callable[[int], float]:
    def schedule(step: int) -> float:
        return learning_rate

    return schedule


def create_constant_with_warmup_schedule(
    learning_rate: float,
    warmup_steps: int,
) -> Callable[[int], float]:
    def schedule(step: int) -> float:
        step = jnp.array(step, dtype=jnp.int32)
        warmup_steps_arr = jnp.array(warmup_steps, dtype=jnp.int32)

        def warmup_fn(_):
            return learning_rate * (step + 1.0) / warmup_steps

        def constant_fn(_):
            return learning_rate

        return jax.lax.cond(
            step < warmup_steps_arr,
            warmup_fn,
            constant_fn,
            None,
        )

    return schedule


def create_inverse_sqrt_schedule(
    learning_rate: float,
    warmup_steps: int,
) -> Callable[[int], float]:
    def schedule(step: int) -> float:
        step = jnp.array(step, dtype=jnp.int32)
        warmup_steps_arr = jnp.array(warmup_steps, dtype=jnp.int32)

        def warmup_fn(_):
            return learning_rate * (step + 1.0) / warmup_steps

        def decay_fn(_):
            return learning_rate * (warmup_steps**0.5) / ((step + 1.0) ** 0.5)

        return jax.lax.cond(
            step < warmup_steps_arr,
            warmup_fn,
            decay_fn,
            None,
        )

    return schedule


def get_scheduler(
    scheduler_type: str,
    learning_rate: float,
    warmup_steps: int,
    total_steps: int,
    **kwargs,
) -> Callable[[int], float]:
    schedulers = {
        "linear": create_linear_schedule,
        "cosine": create_cosine_schedule,
        "cosine_with_restarts": create_cosine_with_hard_restarts_schedule,
        "polynomial": create_polynomial_schedule,
        "constant": lambda lr, ws, ts, **kw: create_constant_schedule(lr),
        "constant_with_warmup": create_constant_with_warmup_schedule,
        "inverse_sqrt": create_inverse_sqrt_schedule,
    }

    scheduler_type = scheduler_type.lower()
    if scheduler_type not in schedulers:
        raise ValueError(
            f"Unknown scheduler type: {scheduler_type}. "
            f"Available: {list(schedulers.keys())}"
        )

    return schedulers[scheduler_type](
        learning_rate=learning_rate,
        warmup_steps=warmup_steps,
        total_steps=total_steps,
        **kwargs,
    )


_schedules = [
    get_scheduler("linear", 3e-4, 100, 1000),
    get_scheduler("cosine", 3e-4, 100, 1000, min_lr=1e-6),
    get_scheduler("cosine_with_restarts", 3e-4, 100, 1000, num_cycles=3),
    get_scheduler("polynomial", 3e-4, 100, 1000, power=2.0),
    create_constant_with_warmup_schedule(3e-4, 100),
    create_inverse_sqrt_schedule(3e-4, 100),
]


@jax.jit
def f(step):
    return jnp.stack([jnp.asarray(s(step), jnp.float32) for s in _schedules])
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # below, at and past the warmup boundary, and past total_steps
    if rng.uniform() < 0.4:
        step = rng.integers(0, 100)
    else:
        step = rng.integers(100, 1300)
    return (np.int32(step),)


INPUTS = make_inputs
