"""`if scale is None` on an optional argument (correct).

source: jax-ml/jax pull request #16430 (review: the `nullable or default` idiom; the jit-safe spelling tests `is None`)
error: none
category: look-alike-is-none
expect: untouched
notes: `is None` is static; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x, scale=None):
    if scale is None:
        scale = jnp.std(x)
    return x / scale
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(4,)).astype(np.float32),)


INPUTS = make_inputs
