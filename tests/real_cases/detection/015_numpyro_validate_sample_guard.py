"""A tracer guard on a concrete mask, then jnp.all of it, which is a tracer under jit.

source: pyro-ppl/numpyro issue #771 (distribution.py _validate_sample: `if not_jax_tracer(mask): if not jnp.all(mask):`)
error: TracerBoolConversionError
category: jnp-on-static
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import warnings

import jax
import jax.numpy as jnp
import numpy as np

OBSERVED = np.array([0.5, 1.5, 2.5])


def not_jax_tracer(x):
    return not isinstance(x, jax.core.Tracer)


def validate_sample(value):
    mask = value > 0
    if not_jax_tracer(mask):
        if not jnp.all(mask):
            warnings.warn("Out-of-support values provided to log prob method.")
    return mask


@jax.jit
def f(loc):
    validate_sample(OBSERVED)
    return jnp.sum(-0.5 * (OBSERVED - loc) ** 2)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal()),)


INPUTS = make_inputs
