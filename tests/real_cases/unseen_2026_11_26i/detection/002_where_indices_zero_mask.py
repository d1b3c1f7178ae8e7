"""Zeroing a mask at `jnp.where(cond)` indices: the one-argument `where` has a data-dependent length.

source: https://github.com/jax-ml/jax/issues/4418 (LysSanzMoreta, "advanced boolean indexing": `ax1, ax2 = np_jax.where(~Dataset[:, 0].any(axis=2))`, `mask = np_jax.ones(Dataset.shape)`, `mask = jax.ops.index_update(mask, jax.ops.index[ax1,ax2], 0)`; jakevdp's answer: use the three-argument `where`)
error: ConcretizationTypeError
category: where-indices-scatter
expect: fix
notes: rebuilt from the issue text: the three lines are verbatim except that the removed `jax.ops.index_update(mask, jax.ops.index[ax1,ax2], 0)` is spelled `mask.at[ax1, ax2].set(0)` (its documented replacement); they are wrapped in a jitted `make_mask(Dataset)`, which the issue's "Array boolean indices must be concrete" error implies. `Dataset` is 4-D (the code takes `[:, 0]` and then `.any(axis=2)`); inputs are (4, 5, 5, 3) so that the second index `ax2` is in range for axis 1 of `mask`. jakevdp's suggested `where(..., 0, 1)` returns only the 2-D part, so the reference fix broadcasts the condition over the trailing axes to keep the original shape and values.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np_jax


@jax.jit
def make_mask(Dataset):
    ax1, ax2 = np_jax.where(~Dataset[:, 0].any(axis=2)) # Returns axes where Dataset is 0 for dimension 2 for column 0
    mask = np_jax.ones(Dataset.shape)
    mask = mask.at[ax1, ax2].set(0) #equivalent to mask[ax1, ax2] = 0  # zeroes
    return mask


f = make_mask
# --- end user code ---

import numpy as np


def make_inputs(rng):
    d = rng.integers(0, 3, size=(4, 5, 5, 3)) * (rng.random(size=(4, 5, 5, 1)) < 0.2)
    return (d.astype(np.int32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(Dataset):
    empty = ~Dataset[:, 0].any(axis=2)
    mask = np_jax.ones(Dataset.shape)
    return np_jax.where(empty[:, :, None, None], 0.0, mask)
