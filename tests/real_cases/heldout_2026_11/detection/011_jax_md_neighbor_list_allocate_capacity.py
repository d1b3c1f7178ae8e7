"""jax-md neighbor list: allocating inside jit sizes the buffer from int() of a traced occupancy.

source: jax-md/jax-md, jax_md/partition.py (neighbor_list -> neighbor_list_fn -> nested neighbor_fn, pre-allocate/update split: max_occupancy = int(occupancy * capacity_multiplier + extra_capacity)); the "allocate inside a jitted function" failure is the one discussed in https://github.com/jax-md/jax-md/issues/161
error: ConcretizationTypeError
category: closure-int-capacity-shape
expect: report
notes: the cell-list path is disabled (brute-force candidate_fn, as with disable_cell_list=True) and the metric is free-space squared distance; ops.index_update becomes .at[].set; NeighborList is a NamedTuple without cell_list_fn. The leak sits two closures deep (neighbor_list -> neighbor_list_fn -> neighbor_fn) and fixes an array width from the data: no static-shape rewrite, report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as np
from jax import jit, lax, vmap


class NeighborList(NamedTuple):
    idx: jax.Array
    reference_position: jax.Array
    did_buffer_overflow: jax.Array
    max_occupancy: int


def metric_sq(Ra, Rb):
    return np.sum((Ra - Rb) ** 2)


def neighbor_list(r_cutoff, dr_threshold, capacity_multiplier=1.25, mask_self=True):
    cutoff = r_cutoff + dr_threshold
    cutoff_sq = cutoff ** 2
    threshold_sq = (dr_threshold / 2.0) ** 2

    @jit
    def candidate_fn(R):
        return np.broadcast_to(np.reshape(np.arange(R.shape[0]), (1, R.shape[0])),
                               (R.shape[0], R.shape[0]))

    @jit
    def prune_neighbor_list(R, idx):
        d = vmap(vmap(metric_sq, (None, 0)))
        N = R.shape[0]
        neigh_R = R[idx]
        dR = d(R, neigh_R)
        mask = np.logical_and(dR < cutoff_sq, idx < N)
        out_idx = N * np.ones(idx.shape, np.int32)
        cumsum = np.cumsum(mask, axis=1)
        index = np.where(mask, cumsum - 1, idx.shape[1] - 1)
        p_index = np.arange(idx.shape[0])[:, None]
        out_idx = out_idx.at[p_index, index].set(idx)
        max_occupancy = np.max(cumsum[:, -1])
        return out_idx, max_occupancy

    @jit
    def mask_self_fn(idx):
        self_mask = idx == np.reshape(np.arange(idx.shape[0]), (idx.shape[0], 1))
        return np.where(self_mask, idx.shape[0], idx)

    def neighbor_list_fn(R, neighbor_list=None, extra_capacity=0):
        nbrs = neighbor_list

        def neighbor_fn(R_and_overflow, max_occupancy=None):
            R, overflow = R_and_overflow
            idx = candidate_fn(R)
            idx, occupancy = prune_neighbor_list(R, idx)
            if max_occupancy is None:
                max_occupancy = int(occupancy * capacity_multiplier + extra_capacity)
                padding = max_occupancy - occupancy
                N = R.shape[0]
                if max_occupancy > occupancy:
                    idx = np.concatenate(
                        [idx, N * np.ones((N, padding), dtype=idx.dtype)], axis=1)
            idx = idx[:, :max_occupancy]
            return NeighborList(
                mask_self_fn(idx) if mask_self else idx,
                R,
                np.logical_or(overflow, (max_occupancy < occupancy)),
                max_occupancy)

        if nbrs is None:
            return neighbor_fn((R, False))
        neighbor_fn = partial(neighbor_fn, max_occupancy=nbrs.max_occupancy)
        d = vmap(metric_sq)
        return lax.cond(
            np.any(d(R, nbrs.reference_position) > threshold_sq),
            neighbor_fn, lambda x: nbrs, (R, nbrs.did_buffer_overflow))

    return neighbor_list_fn


neighbor_fn = neighbor_list(r_cutoff=1.5, dr_threshold=0.0)


@jax.jit
def f(R):
    nbrs = neighbor_fn(R)
    return nbrs.idx
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    return (rng.uniform(0.0, 4.0, size=(8, 2)).astype(onp.float32),)


INPUTS = make_inputs
