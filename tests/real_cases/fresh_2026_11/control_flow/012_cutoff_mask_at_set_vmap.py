"""Neighbour mask with `mask.at[aid].set(False)` under jit and vmap: a traced index, no traced control flow; jit-safe.

source: hghcomphys/pantea mlpot/structure/_neighbor.py (early revision of _calculate_cutoff_mask_per_atom taking `aid` and excluding self-counting with `mask.at[aid].set(False)`; a later stored revision is 2e7e2f7ee3e5e36e266878001b509c2c59cdefe3)
error: none
category: negative-traced-index
expect: untouched
notes: _calculate_cutoff_mask_per_atom and _vmap_calculate_neighbor_mask verbatim (the `Tensor = jnp.ndarray` alias kept); _calculate_cutoff_mask took a static `structure` and computed rij from it, here rij is passed in directly and the wrapper is named f.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

Tensor = jnp.ndarray


@jax.jit
def _calculate_cutoff_mask_per_atom(
    aid: Tensor,
    rij: Tensor,
    r_cutoff: Tensor,
) -> Tensor:
    # Select atoms inside cutoff radius
    mask = rij <= r_cutoff
    # exclude self-counting
    mask = mask.at[aid].set(False)
    return mask


_vmap_calculate_neighbor_mask = jax.vmap(
    _calculate_cutoff_mask_per_atom,
    in_axes=(0, 0, None),
)


@jax.jit
def f(rij: Tensor, r_cutoff: Tensor) -> Tensor:
    aids = jnp.arange(rij.shape[0])  # all atoms
    return _vmap_calculate_neighbor_mask(aids, rij, r_cutoff)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 6
    pos = rng.uniform(0.0, 3.0, size=(n, 3))
    rij = np.linalg.norm(pos[:, None, :] - pos[None, :, :], axis=-1).astype(np.float32)
    return (rij, np.asarray(rng.uniform(1.0, 2.5), dtype=np.float32))


INPUTS = make_inputs
