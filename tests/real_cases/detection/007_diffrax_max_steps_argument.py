"""An integer option passed as an argument of the jitted solve is traced.

source: patrick-kidger/diffrax issue #379 (max_steps passed into the jitted call: `if max_steps == 1:`)
error: TracerBoolConversionError
category: transform-boundary
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def euler(y0, dt, max_steps):
    if max_steps == 1:
        return y0 + dt * -y0
    return jax.lax.fori_loop(0, 8, lambda i, y: y + dt * -y, y0)


@jax.jit
def f(y0, max_steps):
    return euler(y0, 0.1, max_steps)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3,)).astype(np.float32), int(rng.integers(1, 4)))


INPUTS = make_inputs
