"""A learning-rate schedule uses NumPy on the traced step count.

source: netket/netket issue #908 (schedule(n) with `np.cos(pi*(n%restart)/restart)` under the jitted update)
error: TracerArrayConversionError
category: numpy-on-tracer
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import numpy as np

ETA = 0.01


def schedule(n):
    restart = 100
    return (1 + np.cos(np.pi * (n % restart) / restart)) * ETA


@jax.jit
def f(params, grads, step):
    return params - schedule(step) * grads
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3,)).astype(np.float32), rng.normal(size=(3,)).astype(np.float32), np.int32(rng.integers(0, 500)))


INPUTS = make_inputs
