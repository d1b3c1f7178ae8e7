"""An integer option marked static (correct).

source: patrick-kidger/diffrax issue #379 (the resolution: the option must not be a traced argument)
error: none
category: look-alike-static-arg
expect: untouched
notes: max_steps is in static_argnames; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax


def euler(y0, dt, max_steps):
    if max_steps == 1:
        return y0 + dt * -y0
    return jax.lax.fori_loop(0, max_steps, lambda i, y: y + dt * -y, y0)


@partial(jax.jit, static_argnames=("max_steps",))
def f(y0, max_steps):
    return euler(y0, 0.1, max_steps)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3,)).astype(np.float32), int(rng.integers(1, 4)))


INPUTS = make_inputs
