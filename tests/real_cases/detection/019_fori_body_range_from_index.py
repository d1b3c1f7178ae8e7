"""`range(i, n)` on the traced index of a fori_loop body.

source: jax-ml/jax issue #10400 (nested `for j in s.range(i, x.shape[0])`: the inner bound is the traced outer index)
error: TracerIntegerConversionError
category: lax-body
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    n = x.shape[0]

    def body(i, acc):
        for j in range(i, n):
            acc = acc + x[i] * x[j]
        return acc

    return jax.lax.fori_loop(0, n, body, 0.0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(4,)).astype(np.float32),)


INPUTS = make_inputs
