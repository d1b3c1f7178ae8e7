"""Continuation predictor: an if/elif/else chain on `len(zs)` of a Python list of arrays. Static, nothing leaks.

source: dani2442/bifurcationjax `notebooks/continuation.py` at 3467ac647814ba665c1ea46532e211adf46904c3 (`predictor(zs,
  dz0)`, called by `_continuation` with the growing Python list `zs` of solution points; code-index file id
  32335679708). A different function of the same file (`corrector`) is already used elsewhere; `predictor` is not.
error: none
category: negative-static-len-branch
expect: untouched
notes: `predictor` is verbatim; `f = jax.jit(predictor)` is added. The branches test `len(zs)`, the length of a
  Python list (a static pytree structure), and return traced arrays; each list length compiles its own branch.
  make_inputs varies the list length (1, 2 or 3 points) so every branch runs.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax


def predictor(zs, dz0):
    if len(zs) == 1:
        return zs[-1]
    elif len(zs) == 2:
        return zs[-1] + dz0
    else:
        return 2*zs[-1] - zs[-2]


f = jax.jit(predictor)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = int(rng.integers(1, 4))
    zs = [rng.normal(size=4).astype(np.float32) for _ in range(n)]
    dz0 = rng.normal(scale=0.02, size=4).astype(np.float32)
    return (zs, dz0)


INPUTS = make_inputs
