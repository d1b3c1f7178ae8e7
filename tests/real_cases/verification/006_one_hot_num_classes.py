"""`jax.nn.one_hot(labels, num_classes)` with num_classes an argument of the jitted function.

source: https://github.com/jax-ml/jax/pull/3656 (`jit(one_hot)(3, 5)`, fixes issue #3654)
error: ConcretizationTypeError
category: static-argument
expect: fix
notes: the user's wrapper around one_hot; labels are an int array, num_classes a Python int at every call.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(labels, num_classes):
    return jax.nn.one_hot(labels, num_classes)


def encode(batch):
    return f(batch["label"], 10)
# --- end user code ---

import numpy as np
from functools import partial


def make_inputs(rng):
    return (rng.integers(0, 5, size=(6,)).astype(np.int32), 5 + int(rng.integers(0, 3)))


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("num_classes",))
def reference_fix(labels, num_classes):
    return jax.nn.one_hot(labels, num_classes)
