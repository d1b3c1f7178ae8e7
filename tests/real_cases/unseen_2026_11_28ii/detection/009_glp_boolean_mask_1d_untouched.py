"""glp's jittable replacement for `masked[mask]`: fixed-size scatter via cumsum, already jit-safe.

source: sirmarcel/glp glp/utils.py at 90e7ebd63c3dda5bdb98561f1a603c4c57c9d11a (boolean_mask_1d, cast, str_to_dtype, squared_distance, distance; code-index file id 8945003055). boolean_mask_1d is what glp/neighborlist.py's jitted update_fn uses to compact the neighbour candidates (`centers, _ = boolean_mask_1d(centers, mask, size, N)`).
error: none
category: negative (boolean-mask compaction done with cumsum/.at[].set; static out_size; type() checks on Python literals)
expect: untouched
notes: the whole module verbatim; only `f = boolean_mask_1d` appended as the entry point (it is already `@partial(jit, static_argnums=2)`). It looks leaky: a comment says it "implements masked[mask]", `out_size` sizes an array, `cast` branches with `if type(x) == int`, and `distance` compares `r2 > cast(0)`; but the mask only feeds jnp.where / cumsum / a scatter, out_size is static and `cast` is only ever given Python literals.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from jax import jit, vmap
import jax.numpy as jnp
from functools import partial


@partial(jit, static_argnums=2)
def boolean_mask_1d(masked, mask, out_size, filler):
    # implements: masked[mask] = out in a jittable way.
    # result: out[0:mask.sum()] containing all entries
    # where mask == True, and the rest padded with filler
    # note that the last entry of out will always be filler

    # print("boolean_mask_1d")  # uncomment for jit testing
    out = jnp.ones(out_size, dtype=masked.dtype) * filler

    cumsum = jnp.cumsum(mask)
    locations = jnp.where(mask, cumsum - 1, out_size - 1)
    out = out.at[locations].set(jnp.where(mask, masked, filler))

    n_matches = cumsum[-1]
    overflow = n_matches + 1 > out_size

    return out, overflow


def cast(x):
    """Cast number literal to jnp.ndarray.

    This avoids jit recompiles, as native python types
    are "weak" types in jax. This makes everything explicit.
    In high-precision situations, jax type promotion should™
    do the right thing.
    """

    if type(x) == int:
        return jnp.array(x, dtype=jnp.int32)
    elif type(x) == float:
        return jnp.array(x, dtype=jnp.float32)
    else:
        raise ValueError(f"cannot cast {x} of as type {type(x)} is unknown to me")


def str_to_dtype(string):
    if not isinstance(string, str):
        return string

    if string == "float32":
        return jnp.float32
    elif string == "float64":
        return jnp.float64
    else:
        raise ValueError(f"unknown dtype {string}")

def squared_distance(R):
    return jnp.sum(R ** cast(2.0), axis=-1)


def distance(R):
    r2 = squared_distance(R)
    mask = r2 > cast(0)
    safe_r2 = jnp.where(mask, r2, cast(0))
    return jnp.where(mask, jnp.sqrt(safe_r2), cast(0))


f = boolean_mask_1d
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 8
    # all ordered pairs of n atoms, as glp's candidates_fn builds them
    centers = np.repeat(np.arange(n, dtype=np.int32), n)
    positions = rng.uniform(0.0, 3.0, size=(n, 3)).astype(np.float32)
    d2 = ((positions[centers] - positions[np.tile(np.arange(n), n)]) ** 2).sum(-1)
    mask = (d2 < 2.0) & (d2 > 0)
    size = int(rng.choice([8, 24, 64]))  # sometimes too small: overflow=True
    return (centers, mask, size, np.int32(n))


INPUTS = make_inputs
