"""A conditional expression on a static shape (correct).

source: jax-ml/jax issue #18686 (`lambda x, y: x + 1. if y.shape[0] > 2 else x + 2.`)
error: none
category: look-alike-shape
expect: untouched
notes: shape-based choice is static; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax

f = jax.jit(lambda x, y: x + 1.0 if y.shape[0] > 2 else x + 2.0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(4,)).astype(np.float32), rng.normal(size=(4,)).astype(np.float32))


INPUTS = make_inputs
