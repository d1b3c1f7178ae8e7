"""A helper converts the traced result of a computation with int().

source: gdsfactory/klujax issue #34 (analyze(): `int(raw_symbol)` inside a jit trace)
error: ConcretizationTypeError
category: helper-result
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def analyze(Ai, Aj, n_col):
    raw_symbol = jnp.sum(Ai * n_col + Aj)
    return int(raw_symbol)


@jax.jit
def f(Ai, Aj, Ax):
    symbol = analyze(Ai, Aj, 4)
    return Ax * symbol
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.integers(0, 4, size=(5,)).astype(np.int32), rng.integers(0, 4, size=(5,)).astype(np.int32), rng.normal(size=(5,)).astype(np.float32))


INPUTS = make_inputs
