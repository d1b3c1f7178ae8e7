"""Tiling an array n times: n sizes the output buffer and drives range(n).

source: https://crackedaicode.com/problems/jax-static-argnames-in-jit ("Jit with static_argnames", worked mini-example repeat_v1: "n is a tracer; shape error", "range(tracer) also errors")
error: TypeError
category: int-parameter-shape-and-range
expect: fix
notes: repeat_v1 verbatim, jitted as on the page with n an ordinary argument. The first failure is the buffer shape (TypeError "Shapes must be 1D sequences of concrete values"); range(n) would fail next. n is a Python int per trial, so static_argnames=("n",) is the rewrite.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def repeat_v1(x, n):
    out = jnp.zeros((n * x.shape[0],))  # n is a tracer; shape error
    for i in range(n):                  # range(tracer) also errors
        out = out.at[i * x.shape[0]:(i + 1) * x.shape[0]].set(x)
    return out


f = jax.jit(repeat_v1)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return rng.normal(size=(2,)).astype(np.float32), int(rng.integers(1, 5))


INPUTS = make_inputs

reference_fix = jax.jit(repeat_v1, static_argnames=("n",))
