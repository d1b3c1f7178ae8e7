"""2048 move/merge of one line: a for loop with nested traced ifs, a `None` sentinel and a traced write index.

source: davidnge/MV-2048 modules.py (`move(col)`), found in the public code index
error: TracerBoolConversionError
category: for-nested-if-sentinel-counter
expect: fix
notes: `move` verbatim except that `from numpy import *` becomes `from jax.numpy import zeros` and the two NumPy in-place writes become `.at[].set` (`new_col[j] = ...`, `col[i] = 0`). The game applies it along rows with `apply_along_axis`; here it is jitted on one 4-tile line. `prev == None` is a static test (a tracer compared with None is False), but `prev` switches between None and a traced tile along data-dependent paths, and `j` becomes traced.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax.numpy import zeros


@jax.jit
def f(col):
    new_col = zeros(4)
    j = 0
    prev = None
    for i in range(col.size):
        if col[i] != 0:
            if prev == None:
                prev = col[i]
            else:
                if col[i] == prev:
                    new_col = new_col.at[j].set(2 * col[i])
                    col = col.at[i].set(0)
                    prev = None
                    j += 1
                else:
                    new_col = new_col.at[j].set(prev)
                    prev = col[i]
                    j += 1
    if prev != None:
        new_col = new_col.at[j].set(prev)
    return new_col
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    col = rng.choice(np.array([0, 2, 2, 4, 4, 8], dtype=np.float32), size=4)
    if rng.random() < 0.2:
        col[:] = 0.0
    return (col.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(col):
    def body(i, carry):
        new_col, j, prev, has_prev = carry
        c = col[i]
        nonzero = c != 0
        merge = nonzero & has_prev & (c == prev)
        push = nonzero & has_prev & (c != prev)
        start = nonzero & ~has_prev
        new_col = jnp.where(merge, new_col.at[j].set(2 * c),
                            jnp.where(push, new_col.at[j].set(prev), new_col))
        j = j + (merge | push).astype(j.dtype)
        prev = jnp.where(start | push, c, prev)
        has_prev = jnp.where(merge, False, jnp.where(start, True, has_prev))
        return new_col, j, prev, has_prev

    init = (jnp.zeros(4), jnp.int32(0), jnp.float32(0), jnp.bool_(False))
    new_col, j, prev, has_prev = jax.lax.fori_loop(0, col.size, body, init)
    return jnp.where(has_prev, new_col.at[j].set(prev), new_col)
