"""find_maxima: a loop that appends the indices where a traced `and` condition holds (the result's length depends on the data).

source: pberkes/pberkes.github.io data/cognitive_models/exercises1/maxima.py (find_maxima, exercise of the "Advanced Scientific Programming in Python" autumn school, Trento 2010)
error: TracerBoolConversionError
category: loop-append-data-dependent-length
expect: report
notes: find_maxima verbatim (its docstring shortened); jitted by us as a user porting a peak finder would. The returned list of indices has as many entries as there are local maxima, which only the data decides, so there is no jit-safe rewrite with the same output; a fixed-size mask or `jnp.nonzero(..., size=...)` changes the interface.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax


def find_maxima(x):
    """Find local maxima of x.

    Output:
    idx -- list of indices of the local maxima in x
    """

    idx = []
    for i in range(len(x)):
        # `i` is a local maximum if the signal decreases before and after it
        if x[i-1] < x[i] and x[i+1] < x[i]:
            idx.append(i)
    return idx


f = jax.jit(find_maxima)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(12,)).astype(np.float32),)


INPUTS = make_inputs
