"""int(jnp.ceil(T / dt)) of static floats is a tracer under jit.

source: asantini29/phentax pull request #28 (initial_processing: `int(jnp.ceil(T / delta_t))` under jax.jit)
error: ConcretizationTypeError
category: jnp-on-static
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def initial_processing(T, delta_t):
    n_steps = int(jnp.ceil(T / delta_t))
    return n_steps


@jax.jit
def f(chi):
    n = initial_processing(4.0, 0.5)
    return jnp.linspace(0.0, 1.0, n) * chi
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(-1, 1)),)


INPUTS = make_inputs
