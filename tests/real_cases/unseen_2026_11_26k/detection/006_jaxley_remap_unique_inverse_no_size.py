"""Jaxley's `remap_to_consecutive`: `jnp.unique(..., return_inverse=True)` without `size` on traced indices.

source: jaxleyverse/jaxley jaxley/utils/cell_utils.py (revision in code-index file id 10118345426, the same revision as case 001: `remap_to_consecutive` and `build_branchpoint_group_inds`; the path is stored at 72dcca77fcc8b76e7a21255e2f14d82eeddd9eda)
error: ConcretizationTypeError
category: unique-without-size
expect: fix
notes: both functions verbatim. They run at module-build time in Jaxley; here `build_branchpoint_group_inds` is jitted with `num_branchpoints` static (it sizes `jnp.arange`) and the branch-point index arrays traced, as they are when a network is assembled inside a transformed function. Only the inverse indices are used, and their shape is the input's, so `size=arr.size` is an exact jit-safe rewrite.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


def remap_to_consecutive(arr):
    """Maps an array of integers to an array of consecutive integers.

    E.g. `[0, 0, 1, 4, 4, 6, 6] -> [0, 0, 1, 2, 2, 3, 3]`
    """
    _, inverse_indices = jnp.unique(arr, return_inverse=True)
    return inverse_indices


def build_branchpoint_group_inds(
    num_branchpoints, child_belongs_to_branchpoint, start_ind_for_branchpoints
):
    branchpoint_inds_parents = start_ind_for_branchpoints + jnp.arange(num_branchpoints)
    branchpoint_inds_children = (
        start_ind_for_branchpoints + child_belongs_to_branchpoint
    )

    all_branchpoint_inds = jnp.concatenate(
        [branchpoint_inds_parents, branchpoint_inds_children]
    )
    branchpoint_group_inds = remap_to_consecutive(all_branchpoint_inds)
    return branchpoint_group_inds


f = jax.jit(build_branchpoint_group_inds, static_argnums=0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    num_branchpoints = 4
    n_children = int(rng.integers(3, 9))
    child = rng.integers(0, num_branchpoints + 3, size=(n_children,)).astype(np.int32)
    start = np.int32(rng.integers(0, 20))
    return (num_branchpoints, child, start)


INPUTS = make_inputs


def _remap_fixed(arr):
    _, inverse_indices = jnp.unique(arr, return_inverse=True, size=arr.size)
    return inverse_indices


@partial(jax.jit, static_argnums=0)
def reference_fix(num_branchpoints, child_belongs_to_branchpoint, start_ind_for_branchpoints):
    branchpoint_inds_parents = start_ind_for_branchpoints + jnp.arange(num_branchpoints)
    branchpoint_inds_children = start_ind_for_branchpoints + child_belongs_to_branchpoint
    all_branchpoint_inds = jnp.concatenate([branchpoint_inds_parents, branchpoint_inds_children])
    return _remap_fixed(all_branchpoint_inds)
