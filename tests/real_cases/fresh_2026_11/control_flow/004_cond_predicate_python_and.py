"""`lax.cond` whose predicate is built with Python `and` on two traced comparisons.

source: https://github.com/jax-ml/jax/issues/3761 (bcolloran, "logical operators with jit?", cond_test_2)
error: TracerBoolConversionError
category: boolop-and
expect: fix
notes: verbatim from the issue (true_fn, false_fn, cond_test_2); `f = cond_test_2` added. x and y take both signs so all four sign combinations occur.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import jit

@jit
def true_fn(x):
    return x - 5000.0

@jit
def false_fn(x):
    return x + 100.0

@jit
def cond_test_2(x, y):
    return jax.lax.cond(x < 0 and y < 0, true_fn, false_fn, x)

f = cond_test_2
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = np.float32(rng.choice([-1.0, 1.0]) * rng.uniform(0.1, 3.0))
    y = np.float32(rng.choice([-1.0, 1.0]) * rng.uniform(0.1, 3.0))
    return (np.asarray(x), np.asarray(y))


INPUTS = make_inputs


@jax.jit
def reference_fix(x, y):
    return jax.lax.cond((x < 0) & (y < 0), true_fn, false_fn, x)
