"""Look-alike: a `while i < 10:` loop whose counter is a Python int, around traced arithmetic.

source: mvdh7/PyCO2SYS gradtest.py (whoop, the autograd-vs-JAX gradient test script)
error: none
category: negative-python-int-while
expect: untouched
notes: whoop verbatim (jax.numpy imported as np, as in the script); the script differentiates it with jax.grad, here it is wrapped in jax.jit. The loop condition only involves the Python int i, so tracing unrolls it ten times without touching a tracer's truth value.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
from jax import numpy as np


@jax.jit
def f(varin):
    varsum = np.sum(np.sqrt(varin))
    i = 0
    while i < 10:
        varsum = varsum*varin[1] + varin[0] + 0.5
        i += 1
    return varsum
# --- end user code ---

import numpy


def make_inputs(rng):
    return (rng.uniform(0.1, 1.0, size=(2,)).astype(numpy.float32),)


INPUTS = make_inputs
