"""A hinge term returning the Python int `0` on one path and an array on the other.

source: https://github.com/jax-ml/jax/issues/4342 (the if/else returning one of two values) with the int-zero return of https://github.com/jax-ml/jax/pull/22098 (`return 1` / `return 0`)
error: TracerBoolConversionError
category: if-python-int
expect: fix
notes: combines the two functions: a margin test returning 0 (a Python int) or the traced slack.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(score, label):
    margin = label * score
    if margin >= 1:
        return 0
    return 1 - margin
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal() * 2), np.float32(rng.choice([-1.0, 1.0])))


INPUTS = make_inputs


@jax.jit
def reference_fix(score, label):
    margin = label * score
    return jnp.where(margin >= 1, 0, 1 - margin)
