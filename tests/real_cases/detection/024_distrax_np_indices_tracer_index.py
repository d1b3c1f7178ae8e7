"""NumPy index grids indexed by an index built with jnp (a tracer under jit).

source: google-deepmind/distrax issue #291 (to_batch_shape_index: `[x[index] for x in np.indices(batch_shape)]`)
error: TracerArrayConversionError
category: jnp-on-static
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def to_batch_shape_index(batch_shape, index):
    return [x[index] for x in np.indices(batch_shape)]


@jax.jit
def f(logits):
    mask = jnp.arange(logits.shape[0])
    index = to_batch_shape_index(logits.shape[:2], mask)
    return logits[tuple(index)].sum()
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3, 3, 3)).astype(np.float32),)


INPUTS = make_inputs
