"""Halve until below one: a Python `while` on a traced scalar.

source: https://crackedaicode.com/problems/jax-while-loop-vs-python-while (the `bad` example)
error: ConcretizationTypeError
category: while
expect: fix
notes: verbatim.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import jit


@jit
def f(x):
    while x > 1.0:
        x = x * 0.5
    return x
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    return (np.float32(rng.uniform(0.2, 40.0)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return lax.while_loop(lambda s: s > 1.0, lambda s: s * 0.5, x)
