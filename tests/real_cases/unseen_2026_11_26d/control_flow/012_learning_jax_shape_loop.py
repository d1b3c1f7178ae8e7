"""Look-alike: a Python `for` over range(x.shape[0]) indexing a traced array -- static trip count, jit-safe.

source: k-karna/learning_jax notebook (https://github.com/k-karna/learning_jax), cell `@jit def g(x): y = 0.; for i in range(x.shape[0]): y = y + x[i]` (printed 6.0 in the notebook)
error: none
category: negative-shape-loop
expect: untouched
notes: verbatim, with the function renamed g -> f (the judge calls `f`). The loop bound is a shape, so it unrolls at trace time; a fixer must not rewrite it.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from jax import grad, jit
import jax.numpy as jnp


@jit
def f(x):
    y = 0.
    for i in range(x.shape[0]):
        y = y + x[i]
    return y
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(5,)).astype(np.float32),)


INPUTS = make_inputs
