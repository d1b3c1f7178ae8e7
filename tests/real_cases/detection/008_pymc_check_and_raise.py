"""A jitted assertion op tests `not jnp.all(*inps)`.

source: aesara-devs/aesara issue #629 (proposed jax_funcify of CheckAndRaise: `if not jnp.all(*inps): raise`)
error: TracerBoolConversionError
category: truth-test
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def assert_fn(value, *inps):
    if not jnp.all(*inps):
        raise ValueError("Check failed")
    return value


f = jax.jit(assert_fn)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.normal(size=(3,)).astype(np.float32)
    return (x, x > -10)


INPUTS = make_inputs
