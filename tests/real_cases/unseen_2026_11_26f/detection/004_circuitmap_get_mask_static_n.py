"""A jitted mask builder whose size argument is declared static: shapes from N are fine.

source: marcustriplett/circuitmap adaprobe/optimise/utils.py (`get_mask` under `@partial(jit, static_argnums=(0))`, and `soften`; found in the public code index, no commit id given)
error: none
category: static-argnums-shape
expect: untouched
notes: `jax.ops.index_update(arr, idx, 0)` (removed from JAX) is written as the equivalent `arr.at[idx].set(0)`; otherwise verbatim. `f` is get_mask itself. N is a static Python int, so `jnp.ones((N, N))` and `jnp.diag_indices(arr.shape[0])` are concrete: nothing leaks.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import numpy as np
import jax
from jax import jit
import jax.numpy as jnp
from functools import partial


@partial(jit, static_argnums=(0))
def get_mask(N):
    arr = jnp.ones((N, N))
    arr = arr.at[jnp.diag_indices(arr.shape[0])].set(0)
    return arr.astype(bool)


@jit
def soften(x):
    return (1 - 1e-8) * x + 1e-10


f = get_mask
# --- end user code ---


def make_inputs(rng):
    return (int(rng.integers(2, 9)),)


INPUTS = make_inputs
