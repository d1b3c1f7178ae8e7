"""A NumPy array indexed by a traced integer array.

source: jax-ml/jax issue #553 (`np.arange(x.shape[0])[x]` under jit, np being NumPy)
error: TracerArrayConversionError
category: host-container
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import numpy as np


@jax.jit
def f(x):
    r = np.arange(x.shape[0])[x]
    return r
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.permutation(3).astype(np.int32),)


INPUTS = make_inputs
