"""A NumPy port of optax's schedules, handed a traced step count (np.clip / int() / `if step >= boundary`).

source: "Various schedules. Most implementaion adapted from https://github.com/google-deepmind/optax/tree/main/optax/schedules" module in the public code index (code-index file id 26536729009: join_schedules, constant_schedule, one_minus_sqrt_schedule, polynomial_schedule, linear_schedule, cosine_decay_schedule, warmup_cosine_decay_schedule, warmup_one_minus_sqrt_schedule, warmup_linear_decay_schedule); the index does not name the repository or commit
error: TracerArrayConversionError
category: numpy-on-tracer / optax-style schedule
expect: fix
notes: join_schedules, polynomial_schedule, linear_schedule, cosine_decay_schedule and warmup_cosine_decay_schedule are verbatim except that the long Args/Returns docstrings are cut to their first line (the module imports only numpy and logging). Added `import jax`, one concrete schedule and a jitted `f(count)` that calls it the way an optax optimizer calls its learning-rate schedule inside a jitted update (the step count is a traced int32). Under jit, `np.clip(count - transition_begin, ...)` calls __array__ on the tracer; behind it sit `int(...)`, `float(...)`, `np.minimum`/`np.cos` on the tracer and join_schedules' `if step >= boundary`. A jnp rewrite with jnp.where over the two pieces is exact.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Sequence, Callable, Optional
import numpy as np
import logging

import jax


Schedule = Callable[int, float]


def join_schedules(
    schedules: Sequence[Schedule], boundaries: Sequence[int]
) -> Schedule:
    """Sequentially apply multiple schedules.

    Args:
      schedules: A list of callables (expected to be optax schedules). Each
        schedule will receive a step count indicating the number of steps since
        the previous boundary transition.
      boundaries: A list of integers (of length one less than schedules) that
        indicate when to transition between schedules.
    Returns:
      schedule: A function that maps step counts to values.
    """

    def schedule(step: int) -> float:
        output = schedules[0](step)
        for boundary, schedule in zip(boundaries, schedules[1:]):
            if step >= boundary:
                output = schedule(step - boundary)
        return output

    return schedule


def polynomial_schedule(
    init_value: int,
    end_value: int,
    power: float,
    transition_steps: int,
    transition_begin: int = 0,
) -> Schedule:
    """Constructs a schedule with polynomial transition from init to end value."""
    if transition_steps <= 0:
        logging.info(
            "A polynomial schedule was set with a non-positive `transition_steps` "
            "value; this results in a constant schedule with value `init_value`."
        )
        return lambda count: init_value

    if transition_begin < 0:
        logging.info(
            "A polynomial schedule was set with a negative `transition_begin` "
            "value; this will result in `transition_begin` falling back to `0`."
        )
        transition_begin = 0

    def schedule(count):
        count = int(np.clip(count - transition_begin, 0, transition_steps))
        frac = 1 - count / transition_steps
        return (init_value - end_value) * (frac**power) + end_value

    return schedule


def linear_schedule(
    init_value: float,
    end_value: float,
    transition_steps: int,
    transition_begin: int = 0,
) -> Schedule:
    r"""Schedule with linear transition from ``init_value`` to ``end_value``."""
    return polynomial_schedule(
        init_value=init_value,
        end_value=end_value,
        power=1,
        transition_steps=transition_steps,
        transition_begin=transition_begin,
    )


def cosine_decay_schedule(
    init_value: float,
    decay_steps: int,
    alpha: float = 0.0,
    exponent: float = 1.0,
) -> Schedule:
    r"""Returns a function which implements cosine learning rate decay."""
    if not decay_steps > 0:
        raise ValueError(
            "The cosine_decay_schedule requires positive decay_steps, got"
            f" {decay_steps=}."
        )

    def schedule(count):
        count = np.minimum(count, decay_steps)
        cosine_decay = 0.5 * (1 + np.cos(np.pi * count / decay_steps))
        decayed = (1 - alpha) * cosine_decay**exponent + alpha
        return float(init_value * decayed)

    return schedule


def warmup_cosine_decay_schedule(
    init_value: float,
    peak_value: float,
    warmup_steps: int,
    decay_steps: int,
    end_value: float = 0.0,
    exponent: float = 1.0,
) -> Schedule:
    r"""Linear warmup followed by cosine decay."""
    alpha = 0.0 if peak_value == 0.0 else end_value / peak_value
    schedules = [
        linear_schedule(
            init_value=init_value,
            end_value=peak_value,
            transition_steps=warmup_steps,
        ),
        cosine_decay_schedule(
            init_value=peak_value,
            decay_steps=decay_steps - warmup_steps,
            alpha=alpha,
            exponent=exponent,
        ),
    ]
    return join_schedules(schedules, [warmup_steps])


lr_schedule = warmup_cosine_decay_schedule(
    init_value=1e-5, peak_value=3e-4, warmup_steps=100, decay_steps=1000, end_value=3e-5
)


@jax.jit
def f(count):
    return lr_schedule(count)
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    if rng.random() < 0.4:
        count = int(rng.choice([0, 1, 99, 100, 101, 999, 1000, 1500]))
    else:
        count = int(rng.integers(0, 1300))
    return (count,)


INPUTS = make_inputs


@jax.jit
def reference_fix(count):
    count = jnp.asarray(count)
    warm = jnp.clip(count, 0, 100)
    frac = 1 - warm / 100
    lin = (1e-5 - 3e-4) * frac + 3e-4
    c = jnp.minimum(count - 100, 900)
    cosine_decay = 0.5 * (1 + jnp.cos(jnp.pi * c / 900))
    alpha = 3e-5 / 3e-4
    decayed = (1 - alpha) * cosine_decay + alpha
    return jnp.where(count >= 100, 3e-4 * decayed, lin)
