"""A jitted lambda passes its argument as lax.scan's length.

source: jax-ml/jax pull request #23228 (`jax.jit(lambda n, x: jax.lax.scan(..., length=n))(3, 1.)`)
error: ConcretizationTypeError
category: transformed-lambda
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax

f = jax.jit(lambda n, x: jax.lax.scan(lambda c, z: (c, z), x, (), length=n))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (int(rng.integers(2, 5)), np.float32(rng.normal()))


INPUTS = make_inputs
