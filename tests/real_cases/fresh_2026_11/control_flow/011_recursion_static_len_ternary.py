"""Recursive helper with `return_z(x) if len(x) > 1 else 0`: the test is on a static length; jit-safe.

source: https://github.com/jax-ml/jax/issues/13796 (gboehl, "`cond` does not shortcut in recursions"; jakevdp's answer replacing lax.cond by a Python conditional on len(x))
error: none
category: negative-static-shape
expect: untouched
notes: return_z from the issue and rec as written in the maintainer's answer; `f = rec` added. Input lengths vary between trials (2..7) so each trial traces a different recursion depth.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def return_z(x):
    x = x.at[0].set(0)
    x = x.at[1:].set(rec(x[1:]))
    return x


@jax.jit
def rec(x):
    return return_z(x) if len(x) > 1 else 0


f = rec
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = int(rng.integers(2, 8))
    return (rng.normal(size=(n,)).astype(np.float32),)


INPUTS = make_inputs
