"""np.append inside a tree_map lambda on traced leaves.

source: dfm/tinygp issue #85 (quasisep.py to_general_qsm: `tree_map(lambda x: np.append(x[0], x[:-1]), X2)`)
error: TracerArrayConversionError
category: numpy-on-tracer
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import numpy as np


@jax.jit
def f(X2):
    Xs = jax.tree_util.tree_map(lambda x: np.append(x[0], x[:-1]), X2)
    return Xs
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(5,)).astype(np.float32),)


INPUTS = make_inputs
