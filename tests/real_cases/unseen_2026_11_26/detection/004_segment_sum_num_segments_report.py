"""jax.ops.segment_sum jitted without `num_segments`: the output length is max(segment_ids) + 1, a traced value.

source: https://github.com/jax-ml/jax/issues/6350 (proteneer, "jax.ops.segment_sum incompatible with jit": `jit_fn = jax.jit(jax.ops.segment_sum); jit_fn(c, b)`)
error: ConcretizationTypeError
category: traced-shape-in-library-helper
expect: report
notes: the reproducer verbatim, with the jitted function named `f`. The leak is inside segment_sum, which derives the number of segments from the traced segment ids; no rewrite of the caller keeps the data-dependent output shape, so it should be reported (the user must pass a static num_segments).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax

f = jax.jit(jax.ops.segment_sum)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    c = rng.integers(0, 9, size=(3, 4)).astype(np.int32)
    b = np.sort(rng.integers(0, 3, size=(3,))).astype(np.int32)
    return (c, b)


INPUTS = make_inputs
