"""A jitted lambda indexes a Python list with its traced argument.

source: jax-ml/jax pull request #5853 (`jax.jit(lambda i: [1, 2, 3][i])(0)`)
error: TracerIntegerConversionError
category: transformed-lambda
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax

f = jax.jit(lambda i: [1, 2, 3][i])
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (int(rng.integers(0, 3)),)


INPUTS = make_inputs
