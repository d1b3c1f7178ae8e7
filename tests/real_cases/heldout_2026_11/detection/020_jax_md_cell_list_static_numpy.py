"""jax-md cell list: onp math, int() and if-tests on static cell geometry inside a jitted build.

source: jax-md/jax-md, jax_md/partition.py (pre-0.1.22 cell_list / _cell_dimensions / _compute_hash_constants / _neighboring_cells / _unflatten_cell_buffer / _shift_array, and the cell_list_candidate_fn of neighbor_list)
error: none
category: negative-numpy-static-geometry
expect: untouched
notes: copied with ops.index_update -> .at[].set, int64 -> int32 (x64 off), kwargs side data dropped, and the `isinstance(cells_per_side, np.ndarray)` tests of _unflatten_cell_buffer spelled with onp.ndarray (they relied on the old jnp.ndarray accepting NumPy arrays). Every onp call, int(), `if dx < 0` and `if onp.all(dindex == 0)` acts on box geometry or loop constants known at trace time; only the positions are traced.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import reduce
from operator import mul
from typing import NamedTuple

import jax
import jax.numpy as np
import numpy as onp
from jax import lax


class CellList(NamedTuple):
    position_buffer: jax.Array
    id_buffer: jax.Array


def _cell_dimensions(spatial_dimension, box_size, minimum_cell_size):
    """Compute the number of cells-per-side and total number of cells in a box."""
    if isinstance(box_size, int) or isinstance(box_size, float):
        box_size = float(box_size)

    cells_per_side = onp.floor(box_size / minimum_cell_size)
    cell_size = box_size / cells_per_side
    cells_per_side = onp.array(cells_per_side, dtype=onp.int32)

    if isinstance(box_size, onp.ndarray):
        if box_size.ndim == 1 or box_size.ndim == 2:
            assert box_size.size == spatial_dimension
            flat_cells_per_side = onp.reshape(cells_per_side, (-1,))
            for cells in flat_cells_per_side:
                if cells < 3:
                    raise ValueError('Box must be at least 3x the size of the grid spacing in each dimension.')
            cell_count = reduce(mul, flat_cells_per_side, 1)
        elif box_size.ndim == 0:
            cell_count = cells_per_side ** spatial_dimension
        else:
            raise ValueError('Box must either be a scalar or a vector.')
    else:
        cell_count = cells_per_side ** spatial_dimension

    return box_size, cell_size, cells_per_side, int(cell_count)


def _compute_hash_constants(spatial_dimension, cells_per_side):
    if cells_per_side.size == 1:
        return np.array([[cells_per_side ** d for d in range(spatial_dimension)]],
                        dtype=np.int32)
    raise ValueError()


def _neighboring_cells(dimension):
    for dindex in onp.ndindex(*([3] * dimension)):
        yield onp.array(dindex, dtype=onp.int32) - 1


def _unflatten_cell_buffer(arr, cells_per_side, dim):
    if (isinstance(cells_per_side, int) or
            isinstance(cells_per_side, float) or
            (isinstance(cells_per_side, onp.ndarray) and not cells_per_side.shape)):
        cells_per_side = (int(cells_per_side),) * dim
    elif isinstance(cells_per_side, onp.ndarray) and len(cells_per_side.shape) == 1:
        cells_per_side = tuple([int(x) for x in cells_per_side[::-1]])
    else:
        raise ValueError()
    return np.reshape(arr, cells_per_side + (-1,) + arr.shape[1:])


def _shift_array(arr, dindex):
    if len(dindex) == 2:
        dx, dy = dindex
        dz = 0
    elif len(dindex) == 3:
        dx, dy, dz = dindex

    if dx < 0:
        arr = np.concatenate((arr[1:], arr[:1]))
    elif dx > 0:
        arr = np.concatenate((arr[-1:], arr[:-1]))

    if dy < 0:
        arr = np.concatenate((arr[:, 1:], arr[:, :1]), axis=1)
    elif dy > 0:
        arr = np.concatenate((arr[:, -1:], arr[:, :-1]), axis=1)

    if dz < 0:
        arr = np.concatenate((arr[:, :, 1:], arr[:, :, :1]), axis=2)
    elif dz > 0:
        arr = np.concatenate((arr[:, :, -1:], arr[:, :, :-1]), axis=2)

    return arr


def cell_list(box_size, minimum_cell_size, cell_capacity):
    def build_cells(R):
        N = R.shape[0]
        dim = R.shape[1]

        if dim != 2 and dim != 3:
            raise ValueError('Cell list spatial dimension must be 2 or 3. Found {}'.format(dim))

        _, cell_size, cells_per_side, cell_count = \
            _cell_dimensions(dim, box_size, minimum_cell_size)

        hash_multipliers = _compute_hash_constants(dim, cells_per_side)

        particle_id = lax.iota(np.int32, N)
        cell_R = np.zeros((cell_count * cell_capacity, dim), dtype=R.dtype)
        cell_id = N * np.ones((cell_count * cell_capacity, 1), dtype=np.int32)

        indices = np.array(R / cell_size, dtype=np.int32)
        hashes = np.sum(indices * hash_multipliers, axis=1)

        sort_map = np.argsort(hashes)
        sorted_R = R[sort_map]
        sorted_hash = hashes[sort_map]
        sorted_id = particle_id[sort_map]

        sorted_cell_id = np.mod(lax.iota(np.int32, N), cell_capacity)
        sorted_cell_id = sorted_hash * cell_capacity + sorted_cell_id

        cell_R = cell_R.at[sorted_cell_id].set(sorted_R)
        sorted_id = np.reshape(sorted_id, (N, 1))
        cell_id = cell_id.at[sorted_cell_id].set(sorted_id)
        cell_R = _unflatten_cell_buffer(cell_R, cells_per_side, dim)
        cell_id = _unflatten_cell_buffer(cell_id, cells_per_side, dim)
        return CellList(cell_R, cell_id)
    return build_cells


cell_list_fn = cell_list(box_size=6.0, minimum_cell_size=2.0, cell_capacity=4)


def cell_list_candidate_fn(cl, R):
    N, dim = R.shape

    idx = cl.id_buffer

    cell_idx = [idx]

    for dindex in _neighboring_cells(dim):
        if onp.all(dindex == 0):
            continue
        cell_idx += [_shift_array(idx, dindex)]

    cell_idx = np.concatenate(cell_idx, axis=-2)
    cell_idx = cell_idx[..., np.newaxis, :, :]
    cell_idx = np.broadcast_to(cell_idx, idx.shape[:-1] + cell_idx.shape[-2:])

    def copy_values_from_cell(value, cell_value, cell_id):
        scatter_indices = np.reshape(cell_id, (-1,))
        cell_value = np.reshape(cell_value, (-1,) + cell_value.shape[-2:])
        return value.at[scatter_indices].set(cell_value)

    neighbor_idx = np.zeros((N + 1,) + cell_idx.shape[-2:], np.int32)
    neighbor_idx = copy_values_from_cell(neighbor_idx, cell_idx, idx)
    return neighbor_idx[:-1, :, 0]


@jax.jit
def f(R):
    cl = cell_list_fn(R)
    return cl.position_buffer, cell_list_candidate_fn(cl, R)
# --- end user code ---


def make_inputs(rng):
    # 6 particles in a 3x3 grid of 2x2 cells; at most 4 per cell, so nothing overflows
    cells = rng.choice(9, size=6, replace=True)
    while onp.bincount(cells, minlength=9).max() > 4:
        cells = rng.choice(9, size=6, replace=True)
    offs = rng.uniform(0.05, 1.95, size=(6, 2))
    R = onp.stack([cells % 3, cells // 3], axis=1) * 2.0 + offs
    return (R.astype(onp.float32),)


INPUTS = make_inputs
