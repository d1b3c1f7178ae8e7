"""Padding the last axis with a pad_width table built by jax.numpy: traced even though pad_size is static.

source: https://github.com/jax-ml/jax/issues/3620 (AdrienCorenflos, "Padding doesn't work in jitted mode": pad_last_dim; mattjj's follow-up runs it with `jit(pad_last_dim, static_argnums=(1,))`)
error: ConcretizationTypeError
category: traced-shape-from-jnp-constants
expect: fix
notes: pad_last_dim as posted, with the removed `ops.index_update(npad, ops.index[axis, 1], pad_size)` written as its current equivalent `npad.at[axis, 1].set(pad_size)`; the entry point is the thread's `jit(pad_last_dim, static_argnums=(1,))`, so pad_size is a Python int. The table `npad` is still a jax array created inside the trace, so jnp.pad receives traced pad widths. Building the table with NumPy (or as nested tuples), as suggested in the thread, makes it static.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from jax import jit as jjit
import jax.numpy as jnp


def pad_last_dim(array, pad_size):
    ndim = jnp.ndim(array)
    npad = jnp.zeros((ndim, 2), dtype=jnp.int32)
    axis = ndim - 1
    npad = npad.at[axis, 1].set(pad_size)
    return jnp.pad(array, npad, 'constant', constant_values=0)


f = jjit(pad_last_dim, static_argnums=(1,))
# --- end user code ---

from functools import partial

import jax
import numpy as np


def make_inputs(rng):
    ndim = int(rng.integers(1, 4))
    shape = tuple(int(s) for s in rng.integers(2, 6, size=ndim))
    vals = rng.normal(size=shape).astype(np.float32)
    pad_size = int(rng.integers(0, 4))
    return (vals, pad_size)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(1,))
def reference_fix(array, pad_size):
    ndim = np.ndim(array)
    npad = np.zeros((ndim, 2), dtype=np.int32)
    npad[ndim - 1, 1] = pad_size
    return jnp.pad(array, [tuple(int(v) for v in row) for row in npad], 'constant', constant_values=0)
