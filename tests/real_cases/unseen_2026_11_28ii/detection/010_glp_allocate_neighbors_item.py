"""glp's neighbour-list allocation: `int(hits.item() * capacity_multiplier + 1)` sizes the pair arrays.

source: sirmarcel/glp glp/neighborlist.py at a9e9feecb18502f4ee8e3ebdbd32f75b69185c9f (quadratic_neighbor_list with allocate_fn / update_fn / need_update_fn, candidates_fn, get_neighbors, square_distances_fn; code-index file id 9012266959), with boolean_mask_1d and cast from glp/utils.py at 90e7ebd63c3dda5bdb98561f1a603c4c57c9d11a. The author's own comment on allocate_fn: "this is not jittable, we're determining shapes"; later revisions (e.g. 32bddfb0f3e827667ee786c9ae96bc610e764c72) keep the same `hits.item()` line.
error: ConcretizationTypeError
category: item-of-tracer-as-shape
expect: report
notes: `.item()` of the traced pair count decides `size`, the static out_size of boolean_mask_1d, i.e. the output shape: no jit-safe rewrite exists without a user-chosen capacity, so a fixer should report it. Adapted: the jax_md imports (`space.free()[0]` as the free-space displacement and `space.square_distance`) and glp.comms / glp.periodic are replaced by small stand-ins of the same behaviour (free space only: cell=None, so `displacement_real` / `get_heights` are never reached); boolean_mask_1d and cast are copied in from glp/utils.py (cast's docstring dropped, and its `type(x) == int` / `type(x) == float` tests relaxed to isinstance because in current JAX `stop_gradient(1.5)` returns a float subclass, TypedFloat). Entry point added: the allocate function of a free-space neighbour list, `f = jax.jit(_allocate)`.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from collections import namedtuple
import warnings
from jax import jit, vmap
import jax
import jax.numpy as jnp
from jax.lax import stop_gradient, cond
from functools import partial
from typing import Callable


# --- stand-ins for glp.comms and jax_md.space (free space) ---
class comms:
    @staticmethod
    def warn(msg):
        warnings.warn(msg)


class space:
    @staticmethod
    def free():
        def displacement_fn(Ra, Rb, **unused_kwargs):
            return Ra - Rb

        def shift_fn(R, dR, **unused_kwargs):
            return R + dR

        return displacement_fn, shift_fn

    @staticmethod
    def square_distance(dR):
        return jnp.sum(dR ** 2, axis=-1)


# --- from glp/utils.py ---
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
    if isinstance(x, int):
        return jnp.array(x, dtype=jnp.int32)
    elif isinstance(x, float):
        return jnp.array(x, dtype=jnp.float32)
    else:
        raise ValueError(f"cannot cast {x} of as type {type(x)} is unknown to me")


# --- glp/neighborlist.py ---
Neighbors = namedtuple(
    "Neighbors", ("centers", "others", "overflow", "reference_positions")
)


def quadratic_neighbor_list(cell, cutoff, skin, capacity_multiplier=1.25, debug=False):
    """Toy implementation of neighborlist in pbc"""
    # todo: more sophisticated checks for varying cell
    # todo: use cell list

    assert capacity_multiplier >= 1.0

    if cell is not None:
        cell = stop_gradient(cell)
        displacement = displacement_real(cell)
    else:
        displacement = space.free()[0]

    cutoff = cast(stop_gradient(cutoff))
    skin = cast(stop_gradient(skin))

    if cell is not None:

        def cell_too_small(new_cell):
            min_height = jnp.min(get_heights(new_cell))
            return cast(2) * (cutoff + skin) > min_height

    else:

        def cell_too_small(new_cell):
            return False

    if cell_too_small(cell):
        min_height = jnp.min(get_heights(cell))
        comms.warn(
            f"warning: total cutoff {(cutoff+skin):.2f} does not fit within simulation cell (needs to be < {0.5*min_height:.2f})"
        )
        comms.warn("this will yield incorrect results!")

    squared_cutoff = (cutoff + skin) ** cast(2.0)

    allowed_movement = (skin * cast(0.5)) ** cast(2.0)

    square_distances = square_distances_fn(displacement)

    def need_update_fn(neighbors, new_positions, new_cell):
        # question: how to deal with changes in new_cell?
        # we will invalidate if atoms move too much, but not if
        # the new cell is too small for the cutoff...

        movement = square_distances(
            neighbors.reference_positions, new_positions, box=new_cell
        )
        max_movement = jnp.max(movement)

        # if we have an overflow, we don't need to update -- results are
        # already invalid. instead, we will simply return previous invalid
        # neighbors and hope someone up the chain catches it!
        should_update = (max_movement > allowed_movement) & (~neighbors.overflow)

        # if the cell is now *too small*, we need to update for sure to set overflow flag
        return should_update | cell_too_small(new_cell)

    def allocate_fn(positions, new_cell=None):
        # this is not jittable,
        # we're determining shapes

        if new_cell is None:
            new_cell = cell
        else:
            new_cell = stop_gradient(new_cell)

        N = positions.shape[0]

        centers, others, sq_distances, mask, hits = get_neighbors(
            positions, new_cell, square_distances, squared_cutoff
        )

        size = int(hits.item() * capacity_multiplier + 1)
        centers, _ = boolean_mask_1d(centers, mask, size, N)
        others, overflow = boolean_mask_1d(others, mask, size, N)

        overflow = overflow | cell_too_small(new_cell)

        # print("done with neighbors=None branch")
        return Neighbors(centers, others, overflow, positions)

    def update_fn(positions, neighbors, new_cell=None):
        # this is jittable,
        # neighbors tells us all the shapes we need

        if new_cell is None:
            new_cell = cell
        else:
            new_cell = stop_gradient(new_cell)

        N = positions.shape[0]
        size = neighbors.centers.shape[0]

        def update(positions, cell):
            centers, others, sq_distances, mask, hits = get_neighbors(
                positions, cell, square_distances, squared_cutoff
            )
            centers, _ = boolean_mask_1d(centers, mask, size, N)
            others, overflow = boolean_mask_1d(others, mask, size, N)

            overflow = overflow | cell_too_small(cell)

            return Neighbors(centers, others, overflow, positions)

        # if we need an update, call update(), else do a no-op and return input
        return cond(
            need_update_fn(neighbors, positions, new_cell),
            update,
            lambda a, b: neighbors,
            positions,
            new_cell,
        )

    if debug:
        return allocate_fn, update_fn, need_update_fn
    else:
        return allocate_fn, update_fn


def candidates_fn(n):
    candidates = jnp.arange(n)
    square = jnp.broadcast_to(candidates[None, :], (n, n))
    centers = jnp.reshape(jnp.transpose(square), (-1,))
    others = jnp.reshape(square, (-1,))
    return centers, others


def get_neighbors(positions, cell, square_distances, cutoff):
    centers, others = candidates_fn(positions.shape[0])
    sq_distances = square_distances(positions[centers], positions[others], box=cell)

    mask = sq_distances <= cutoff
    mask = mask * (centers != others)  # remove self-interactions
    hits = jnp.sum(mask)

    return centers, others, sq_distances, mask, hits


def square_distances_fn(displacement):
    def _square_distances_fn(Ra, Rb, **kwargs):
        displacements = vmap(lambda a, b: displacement(a, b, **kwargs))(Ra, Rb)
        return space.square_distance(displacements)

    return _square_distances_fn


_allocate, _update = quadratic_neighbor_list(None, 1.5, 0.25)
f = jax.jit(_allocate)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(0.0, 4.0, size=(12, 3)).astype(np.float32),)


INPUTS = make_inputs
