"""socialjym quadtree map query: a nested closure tests `jnp.sum(mask) == 0` and uses `jnp.argwhere(mask)`.

source: socialjym cell-decomposition (quadtree) module in the public code index (code-index file id 22384269567; imports `socialjym.utils.cell_decompositions.utils` get_grid_map_center, is_cell_occupied, edge_intersects_cell; functions decompose, query_map). The index does not name the repository or commit.
error: TracerBoolConversionError
category: closure-reads-traced
expect: fix
notes: query_map verbatim (the quadtree builder `decompose` and the socialjym utils import are dropped: query_map uses neither). The leak hides in the inner helper `_find_cell`, a closure called on the outer function's traced arguments: its `if jnp.sum(mask) == 0` needs a concrete bool, and the else-branch `jnp.argwhere(mask)[0][0]` has a data-dependent size. Entry point: `f = jax.jit(query_map)` (the query runs on every robot step, so it is what one would jit). Local fix: first True index via argmax, selected with jnp.where against the NaN row.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from jax import lax, jit, vmap, debug
import jax
import jax.numpy as jnp
from functools import partial


def query_map(free_cells, point):
    """
    Query the quadtree map to find the cell containing the given point.

    parameters:
    - free_cells: Array of shape (n_cells, 4) containing the (x, y) coordinates of each grid cell center and its size (width, height)
    - point: (x, y) coordinates of the point to query

    returns:
    - cell: Array of shape (4,) containing the (x, y) coordinates of the cell center and its size (width, height) if the point is inside a free cell, None otherwise
    """
    @jit
    def _is_point_in_cell(cell, point):
        half_size = cell[2:] / 2.
        return (point[0] >= cell[0] - half_size[0]) & (point[0] <= cell[0] + half_size[0]) & (point[1] >= cell[1] - half_size[1]) & (point[1] <= cell[1] + half_size[1])
    def _find_cell(cells, point):
        mask = vmap(_is_point_in_cell, in_axes=(0, None))(cells, point)
        if jnp.sum(mask) == 0:
            return jnp.array([jnp.nan, jnp.nan, jnp.nan, jnp.nan])
        else:
            return cells[jnp.argwhere(mask)[0][0]]
    return _find_cell(free_cells, point)


f = jax.jit(query_map)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # quadtree leaves of a 4 m x 4 m map centred at the origin: 1 m cells, some
    # occupied ones removed, one free 2 m cell in a corner
    cells = [[-1.0, 1.0, 2.0, 2.0]]
    for ix in range(4):
        for iy in range(2):
            cx, cy = -1.5 + ix, -1.5 + iy
            cells.append([cx, cy, 1.0, 1.0])
    for cx, cy in [(0.5, 0.5), (1.5, 0.5), (0.5, 1.5), (1.5, 1.5)]:
        cells.append([cx, cy, 1.0, 1.0])
    cells = np.array(cells, dtype=np.float32)
    keep = rng.uniform(size=len(cells)) > 0.25
    keep[0] = True
    free = cells.copy()
    free[~keep] = cells[0]          # occupied cells replaced by a duplicate of cell 0 (fixed shape)
    # points: inside the map (may hit an occupied cell -> no free cell) or outside it
    point = rng.uniform(-2.6, 2.6, size=(2,)).astype(np.float32)
    return (free, point)


INPUTS = make_inputs


@jax.jit
def reference_fix(free_cells, point):
    half = free_cells[:, 2:] / 2.
    mask = ((point[0] >= free_cells[:, 0] - half[:, 0]) & (point[0] <= free_cells[:, 0] + half[:, 0])
            & (point[1] >= free_cells[:, 1] - half[:, 1]) & (point[1] <= free_cells[:, 1] + half[:, 1]))
    found = free_cells[jnp.argmax(mask)]
    return jnp.where(jnp.any(mask), found, jnp.full((4,), jnp.nan, free_cells.dtype))
