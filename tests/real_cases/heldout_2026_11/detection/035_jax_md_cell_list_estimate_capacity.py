"""jax-md cell_list built inside jit from example positions: a helper returns onp.max of a traced count.

source: jax-md/jax-md, jax_md/partition.py (pre-0.1.22 cell_list / _is_variable_compatible_with_positions / _estimate_cell_capacity / count_cell_filling); "Cell list allocation cannot be JIT" per the maintainer in https://github.com/jax-md/jax-md/issues/173
error: ConcretizationTypeError
category: helper-numpy-max-capacity
expect: report
notes: the capacity-estimation path of cell_list is copied (ops.index_update -> .at[].set, int64 -> int32, the NumPy-box branches of _cell_dimensions trimmed, jnp.ndarray in the positions test kept: tracers pass it). f constructs the cell list from the traced positions themselves, so _estimate_cell_capacity calls onp.max on a traced per-cell count (NumPy defers to the tracer's own .max, which stays traced) and then int() of it, and the buffer size would depend on the data: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
import numpy as onp
from jax import lax


def _cell_dimensions(spatial_dimension, box_size, minimum_cell_size):
    """Compute the number of cells-per-side and total number of cells in a box."""
    if isinstance(box_size, int) or isinstance(box_size, float):
        box_size = float(box_size)
    cells_per_side = onp.floor(box_size / minimum_cell_size)
    cell_size = box_size / cells_per_side
    cells_per_side = onp.array(cells_per_side, dtype=onp.int32)
    cell_count = cells_per_side ** spatial_dimension
    return box_size, cell_size, cells_per_side, int(cell_count)


def _compute_hash_constants(spatial_dimension, cells_per_side):
    if cells_per_side.size == 1:
        return np.array([[cells_per_side ** d for d in range(spatial_dimension)]],
                        dtype=np.int32)
    raise ValueError()


def count_cell_filling(R, box_size, minimum_cell_size):
    """Counts the number of particles per-cell in a spatial partition."""
    dim = int(R.shape[1])
    box_size, cell_size, cells_per_side, cell_count = \
        _cell_dimensions(dim, box_size, minimum_cell_size)

    hash_multipliers = _compute_hash_constants(dim, cells_per_side)

    particle_index = np.array(R / cell_size, dtype=np.int32)
    particle_hash = np.sum(particle_index * hash_multipliers, axis=1)
    filling = np.zeros((cell_count,), dtype=np.int32)

    def count(cell_hash, filling):
        count = np.sum(particle_hash == cell_hash)
        filling = filling.at[cell_hash].set(count)
        return filling

    return lax.fori_loop(0, cell_count, count, filling)


def _is_variable_compatible_with_positions(R):
    if (isinstance(R, np.ndarray) and
            len(R.shape) == 2 and
            np.issubdtype(R.dtype, np.floating)):
        return True
    return False


def _estimate_cell_capacity(R, box_size, cell_size, buffer_size_multiplier):
    spatial_dim = R.shape[-1]
    cell_capacity = onp.max(count_cell_filling(R, box_size, cell_size))
    return int(cell_capacity * buffer_size_multiplier)


def cell_list(box_size, minimum_cell_size, cell_capacity_or_example_R,
              buffer_size_multiplier=1.1):
    cell_capacity = cell_capacity_or_example_R
    if _is_variable_compatible_with_positions(cell_capacity):
        cell_capacity = _estimate_cell_capacity(
            cell_capacity, box_size, minimum_cell_size, buffer_size_multiplier)
    elif not isinstance(cell_capacity, int):
        raise ValueError('cell_capacity_or_example_positions must either be an integer '
                         'or a set of positions. Found {}.'.format(type(cell_capacity)))

    def build_cells(R):
        N, dim = R.shape
        _, cell_size, cells_per_side, cell_count = \
            _cell_dimensions(dim, box_size, minimum_cell_size)
        hash_multipliers = _compute_hash_constants(dim, cells_per_side)
        indices = np.array(R / cell_size, dtype=np.int32)
        hashes = np.sum(indices * hash_multipliers, axis=1)
        sort_map = np.argsort(hashes)
        sorted_hash = hashes[sort_map]
        sorted_id = lax.iota(np.int32, N)[sort_map]
        sorted_cell_id = np.mod(lax.iota(np.int32, N), cell_capacity)
        sorted_cell_id = sorted_hash * cell_capacity + sorted_cell_id
        cell_id = N * np.ones((cell_count * cell_capacity,), dtype=np.int32)
        return cell_id.at[sorted_cell_id].set(sorted_id)
    return build_cells


@jax.jit
def f(R):
    cell_list_fn = cell_list(6.0, 2.0, R)
    return cell_list_fn(R)
# --- end user code ---


def make_inputs(rng):
    return (rng.uniform(0.0, 5.99, size=(10, 2)).astype(onp.float32),)


INPUTS = make_inputs
