"""Split points computed with jnp from static sizes are tracers under jit.

source: jax-ml/jax issue #13769 (comment: `jnp.split(x, jnp.array(sizes))` inside jit raises ConcretizationTypeError)
error: ConcretizationTypeError
category: jnp-on-static
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

SIZES = [2, 3, 1]


@jax.jit
def f(x):
    points = jnp.cumsum(jnp.array(SIZES))[:-1]
    parts = jnp.split(x, points)
    return [p.sum() for p in parts]
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(6,)).astype(np.float32),)


INPUTS = make_inputs
