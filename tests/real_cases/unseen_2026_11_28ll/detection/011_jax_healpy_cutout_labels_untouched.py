"""jax-healpy clustering helpers: static `nside`/`axis`, `jnp.unique(size=...)`, `jnp.where` (look-alike).

source: CMBSciPol/jax-healpy jax_healpy/clustering/_clustering.py at 023e18abc2212fd9024385df0a56e820fbf590de
    (code-index file id 52577009817): get_cutout_from_mask, from_cutout_to_fullmap, normalize_by_first_occurrence;
    `UNSEEN` from jax_healpy/pixelfunc.py.
error: none
category: negative
expect: untouched
notes: the three functions are verbatim (long docstrings shortened), with their own jax.jit / static_argnums
    decorators. `UNSEEN` is copied as a constant instead of imported from the package, and
    `from jaxtyping import Array` becomes `Array = jax.Array` (jaxtyping is not installed here). `f` chains them the way a
    component-separation step uses them after clustering: take the patch cutout of a label map, relabel it by first
    occurrence, and paste it back into a full-sky map. Looks leaky (`12 * nside**2`, lists built from `.shape`, a
    traced `n_regions`, `.at[...]` with index arrays, `jnp.unique`), but the sizes are static arguments, `jnp.unique`
    gets a static `size`, and `n_regions` only enters arithmetic, so nothing needs a concrete value.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
from jax import numpy as jnp
Array = jax.Array  # stand-in for `from jaxtyping import Array` (jaxtyping is not installed here)

UNSEEN = -1.6375e30


@partial(jax.jit, static_argnums=(2))
def get_cutout_from_mask(ful_map: Array, indices: Array, axis: int = 0) -> Array:
    """Extract a cutout from a full map using given indices."""
    return jax.tree.map(lambda x: jnp.take(x, indices, axis=axis), ful_map)


@partial(jax.jit, static_argnums=(2, 3))
def from_cutout_to_fullmap(labels: Array, indices: Array, nside: int, axis: int = 0) -> Array:
    """
    Reconstruct the full map from a cutout by inserting values along a specified axis.
    """
    npix = 12 * nside**2

    def insert_fn(lbl):
        full_shape = list(lbl.shape)
        full_shape[axis] = npix
        base = jnp.full(full_shape, UNSEEN)
        slicing = [slice(None)] * lbl.ndim
        slicing[axis] = indices
        slicing = tuple(slicing)
        return base.at[slicing].set(lbl)

    return jax.tree.map(insert_fn, labels)


@partial(jax.jit, static_argnums=(2,))
def normalize_by_first_occurrence(arr: Array, n_regions: int, max_centroids: int) -> Array:
    """
    Normalize an array by mapping each unique value to the index of its first occurrence,
    preserving order up to `n_regions` values.
    """
    arr_unseen = jnp.concatenate([jnp.array([UNSEEN]), arr])

    unique_vals, first_idxs = jnp.unique(arr_unseen, size=max_centroids, return_index=True)
    order = jnp.argsort(first_idxs)
    unique_by_first = unique_vals[order]
    matches = arr_unseen[..., None] == unique_by_first
    idxs = jnp.argmax(matches, axis=-1)
    no_match = ~jnp.any(matches, axis=-1)
    normalized = jnp.where(no_match, UNSEEN, idxs)
    normalized = normalized[1:]
    normalized = jnp.where(arr == UNSEEN, UNSEEN, jnp.clip(normalized - (max_centroids - n_regions), 0, n_regions - 1))
    return normalized


@partial(jax.jit, static_argnums=(3, 4))
def f(label_map, indices, n_regions, nside, max_centroids):
    cutout = get_cutout_from_mask(label_map, indices)
    normalized = normalize_by_first_occurrence(cutout, n_regions, max_centroids)
    return from_cutout_to_fullmap(normalized, indices, nside)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    nside = 2
    npix = 12 * nside**2
    label_map = rng.integers(0, 6, size=(npix,)).astype(np.float32)
    indices = np.sort(rng.choice(npix, size=20, replace=False)).astype(np.int32)
    label_map[indices[rng.integers(0, 20, size=3)]] = UNSEEN  # some unassigned pixels inside the patch
    n_regions = np.int32(rng.integers(2, 7))
    return (label_map, indices, n_regions, nside, 10)


INPUTS = make_inputs
