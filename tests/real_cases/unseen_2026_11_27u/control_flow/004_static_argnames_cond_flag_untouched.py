"""A Python `if` on an argument declared static through static_argnames: jit-safe.

source: https://github.com/google/flax/issues/4146 (maxencefaldor, "Discrepency between `jax.jit` and `nnx.jit` for `static_argnames`": the `jax.jit` version `@partial(jax.jit, static_argnames=("cond",)) def f(x, cond): if cond: return x else: return x + 1`, called as `f(jnp.array(1), True)`, which works)
error: none
category: negative
expect: untouched
notes: the jax.jit variant from the issue, verbatim (the nnx.jit variant, which raised
  TracerBoolConversionError at the time, needs flax and is not used). `cond` is passed positionally, as in the
  issue, and jax.jit maps static_argnames onto it; make_inputs passes a Python bool so both branches run.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("cond",))
def f(x, cond):
    if cond:
        return x
    else:
        return x + 1
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.int32(rng.integers(-50, 50)), bool(rng.random() < 0.5))


INPUTS = make_inputs
