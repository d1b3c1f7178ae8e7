"""Validation guarded by a tracer test only runs eagerly (correct).

source: pyro-ppl/numpyro pull request #775 (`is_valid = constraint(param); if not_jax_tracer(is_valid): if not np.all(is_valid):`)
error: none
category: look-alike-tracer-guard
expect: untouched
notes: under jit the guard is false, so the truth test never runs; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def not_jax_tracer(x):
    return not isinstance(x, jax.core.Tracer)


def validate(scale):
    is_valid = scale > 0
    if not_jax_tracer(is_valid):
        if not np.all(is_valid):
            raise ValueError("scale must be positive")
    return scale


@jax.jit
def f(x, scale):
    scale = validate(scale)
    return -0.5 * (x / scale) ** 2 - jnp.log(scale)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3,)).astype(np.float32), np.float32(rng.uniform(0.5, 2)))


INPUTS = make_inputs
