"""larnd-sim JAX port: jnp.nonzero of a traced mask, then padded to a static size by hand.

source: public code index, code-index file id 8904471604 (a JAX port of the DUNE ND-LAr detector simulation
  larnd-sim: shift_tracks, simulate_drift, `@jit def get_renumbering`, simulate_signals, and the driver that calls
  simulate_drift_new / get_renumbering / simulate_signals_new; sibling revisions of the module are ids 8844650315,
  8882332773, 8935427255, 9754333750); the index does not name the repository or commit.
error: ConcretizationTypeError
category: nonzero-selection (static padded size available)
expect: fix
notes: get_renumbering is verbatim (with its @jit). `renumber_neighbours` is the driver's block between the two
  `#####` rulers, verbatim from `mask, pix_renumbering_neigh = get_renumbering(pIDs_neigh, unique_pixels)` to the
  jnp.pad line (the commented-out pad_size line kept), returning the two arrays that the driver hands to
  simulate_signals_new; padded_mask, which the driver gets from its Python-side `pad_size(...)` size history, is
  a static argument here, and `f = jax.jit(..., static_argnums=(2,))` is added. The driver already pads every
  array to history sizes so that the jitted kernels are not recompiled, but `jnp.nonzero(mask)[0]` still has a
  data-dependent length under jit. The reference uses `jnp.nonzero(mask, size=padded_mask, fill_value=-1)`,
  which is exactly nonzero-then-pad-with--1 whenever the count fits (padded_mask comes from pIDs_neigh.size, so
  it always does).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit


@jit
def get_renumbering(pIDs, unique_pixels):
    #Getting the renumbering of the pixels
    #pIDs have the shape of (n_seg/n_electrons, n_pixels)
    pIDs = pIDs.ravel()

    # The "jit" padding for unique_pixels is set to -1
    # With the sort, the padding will be at the beginning
    # Therefore pix_renumbering 0 is the padding
    pix_renumbering = jnp.searchsorted(unique_pixels, pIDs, method='sort')

    #Only getting the electrons for which the pixels are in the active region
    mask = (pix_renumbering > 0) & (pix_renumbering < (unique_pixels.size+1)) & (unique_pixels[pix_renumbering] == pIDs)

    return mask, pix_renumbering


def renumber_neighbours(pIDs_neigh, unique_pixels, padded_mask):
    mask, pix_renumbering_neigh = get_renumbering(pIDs_neigh, unique_pixels)
    mask_indices = jnp.nonzero(mask)[0]
    # padded_size = pad_size(mask_indices.shape[0], "pix_renumbering", 0.2)
    mask_indices = jnp.pad(mask_indices, (0, padded_mask - mask_indices.shape[0]), mode='constant', constant_values=-1)
    return mask_indices, pix_renumbering_neigh


f = jax.jit(renumber_neighbours, static_argnums=(2,))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_seg, npix = 16, 9                          # 3x3 neighbour pixels per segment
    real = np.sort(rng.choice(400, size=40, replace=False))
    unique_pixels = np.sort(np.concatenate([np.full(8, -1), real])).astype(np.int32)  # -1 = jit padding
    pIDs = rng.integers(0, 400, size=(n_seg, npix))
    hit = rng.random(size=pIDs.shape) < 0.4      # many neighbours land on active pixels
    pIDs = np.where(hit, rng.choice(real, size=pIDs.shape), pIDs)
    pIDs[0, :3] = -1                             # padded segment: must not match the -1 padding
    padded_mask = int(pIDs.size * 1.2 + 0.5)     # as pad_size(..., 0.2) would give
    return (pIDs.astype(np.int32), unique_pixels, padded_mask)


INPUTS = make_inputs


def _reference_fix(pIDs_neigh, unique_pixels, padded_mask):
    mask, pix_renumbering_neigh = get_renumbering(pIDs_neigh, unique_pixels)
    mask_indices = jnp.nonzero(mask, size=padded_mask, fill_value=-1)[0]
    return mask_indices, pix_renumbering_neigh


reference_fix = jax.jit(_reference_fix, static_argnums=(2,))
