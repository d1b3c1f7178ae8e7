"""Cellular Potts model Metropolis sweep: Python `for` over lattice sites with `if de < 0` / `if uniform < exp(-de/T)` on traced energies.

source: "Fully differentiable 2D cellular potts model powered by JAX" script in the public code index (code-index file id 40852334286; a later revision with a `main()` is id 40878562744); the index does not name the repository
error: TracerBoolConversionError
category: for-loop-metropolis-if-else
expect: fix
notes: cell_interaction_energy, delta_energy, propose_flip, accept_flip verbatim (with the file's `jit = partial(jit, backend="cpu")` and `from jax import numpy as np`). mc_sweep is rebuilt from the author's own pre-lax code, kept as a comment block under the lax.fori_loop/lax.cond version in both stored revisions ("# for i in range(grid.shape[0] * grid.shape[1]): # if de < 0: ... # else: key, subkey = jax.random.split(key) # if jax.random.uniform(subkey) < np.exp(-de / TEMPERATURE): ..."); the two lines that the comment leaves implicit (propose_flip / delta_energy at the top of each iteration) are taken from the author's loop_body. reference_fix is the author's committed lax.cond/fori_loop mc_sweep, verbatim. Script-level setup/plotting dropped; inputs are a small 6x6 lattice of 2x2 cells (the script uses 100x100) so that the eager loop stays fast.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
# Fully differentiable 2D cellular potts model powered by JAX

from functools import partial

import jax
from jax import jit
from jax import numpy as np

jit = partial(jit, backend="cpu")


@jit
def cell_interaction_energy(
    cell_id: int,
    cell_type: int,
    grid: np.ndarray,
    cell_types: np.ndarray,
    J: np.ndarray,
    V: float,
    lambda_v: float,
    x: int,
    y: int,
) -> float:
    energy = 0
    energy += np.where(
        np.logical_and(x > 0, cell_id != grid[x - 1, y]),
        J[cell_type, cell_types[x - 1, y]],
        0,
    )
    energy += np.where(
        np.logical_and(x < grid.shape[0] - 1, cell_id != grid[x + 1, y]),
        J[cell_type, cell_types[x + 1, y]],
        0,
    )
    energy += np.where(
        np.logical_and(y > 0, cell_id != grid[x, y - 1]),
        J[cell_type, cell_types[x, y - 1]],
        0,
    )
    energy += np.where(
        np.logical_and(y < grid.shape[1] - 1, cell_id != grid[x, y + 1]),
        J[cell_type, cell_types[x, y + 1]],
        0,
    )
    return energy


@jit
def delta_energy(
    grid: np.ndarray,
    cell_types: np.ndarray,
    flip_x: int,
    flip_y: int,
    new_cell_id: int,
    J: np.ndarray,
    V: float,
    lambda_v: float,
) -> float:
    """Compute the energy difference of the system after flipping a cell

    Args:
        grid: The current system state
        cell_types: The cell types of the cells in the system
        flip_x: The x coordinate of the cell to flip
        flip_y: The y coordinate of the cell to flip
        new_cell_id: The cell id of the cell to flip
        J: The interaction matrix between cell types
        V: The target volume of the cells
        lambda_v: The volume constraint strength
    """
    old_cell_id = grid[flip_x, flip_y]
    old_volume_old_cell = np.sum(np.where(grid == old_cell_id, 1, 0))
    new_volume_old_cell = old_volume_old_cell - 1
    old_volume_new_cell = np.sum(np.where(grid == new_cell_id, 1, 0))
    new_volume_new_cell = old_volume_new_cell + 1

    d_volume_energy_old_cell = np.where(
        old_cell_id == 0,
        0,
        lambda_v * ((new_volume_old_cell - V) ** 2 - (old_volume_old_cell - V) ** 2),
    )
    d_volume_energy_new_cell = np.where(
        new_cell_id == 0,
        0,
        lambda_v * ((new_volume_new_cell - V) ** 2 - (old_volume_new_cell - V) ** 2),
    )

    old_type = cell_types[grid[flip_x, flip_y]]
    new_type = cell_types[new_cell_id]

    old_neighbour_energy = cell_interaction_energy(
        old_cell_id, old_type, grid, cell_types[grid], J, V, lambda_v, flip_x, flip_y
    )
    new_neighbour_energy = cell_interaction_energy(
        new_cell_id, new_type, grid, cell_types[grid], J, V, lambda_v, flip_x, flip_y
    )

    return (
        d_volume_energy_old_cell
        + d_volume_energy_new_cell
        + 2 * new_neighbour_energy
        - 2 * old_neighbour_energy
    )


@jit
def propose_flip(
    key, grid: np.ndarray, cell_types: np.ndarray
) -> tuple[np.ndarray, int, int, int]:
    # select a random cell
    x = -1
    y = -1
    new_cell_id = -1

    def cond(args):
        key, x, y, cell_id, neighbours = args
        return np.all(neighbours == cell_id)

    def body(args):
        key, x, y, cell_id, neighbours = args
        key, subkey = jax.random.split(key)
        x = jax.random.randint(subkey, (1,), 0, grid.shape[0])[0]
        key, subkey = jax.random.split(key)
        y = jax.random.randint(subkey, (1,), 0, grid.shape[1])[0]

        cell_id = grid[x, y]
        # get surrounding cell types
        neighbours = np.hstack(
            [
                grid[np.maximum(0, x - 1), y],
                grid[np.minimum(x + 1, grid.shape[0] - 1), y],
                grid[x, np.maximum(0, y - 1)],
                grid[x, np.minimum(y + 1, grid.shape[1] - 1)],
            ]
        )
        return key, x, y, cell_id, neighbours

    key, x, y, cell_id, neighbours = jax.lax.while_loop(
        cond, body, (key, x, y, -1, np.array([-1, -1, -1, -1]))
    )

    u_neighbours = np.unique(neighbours, size=4, fill_value=cell_id)
    p = np.where(u_neighbours != cell_id, 1, 0)
    p /= np.sum(p)

    key, subkey = jax.random.split(key)
    new_cell_id = jax.random.choice(subkey, u_neighbours, p=p)

    return key, x, y, new_cell_id


@jit
def accept_flip(grid: np.ndarray, flip_x, flip_y, new_cell_id) -> np.ndarray:
    return grid.at[flip_x, flip_y].set(new_cell_id)


@jit
def mc_sweep(
    key,
    grid: np.ndarray,
    energy: float,
    cell_types: np.ndarray,
    J: np.ndarray,
    V: float,
    lambda_v: float,
    TEMPERATURE: float,
):
    for i in range(grid.shape[0] * grid.shape[1]):
        key, x, y, new_cell_id = propose_flip(key, grid, cell_types)
        de = delta_energy(grid, cell_types, x, y, new_cell_id, J, V, lambda_v)
        if de < 0:
            grid = np.where(de < 0, accept_flip(grid, x, y, new_cell_id), grid)
            energy += np.where(de < 0, de, 0)
        else:
            key, subkey = jax.random.split(key)
            if jax.random.uniform(subkey) < np.exp(-de / TEMPERATURE):
                grid = accept_flip(grid, x, y, new_cell_id)
                energy += de
    return grid, energy


f = mc_sweep
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    n, cell = 6, 2
    grid = onp.zeros((n, n), dtype=onp.int32)
    cell_index = 1
    for x in range(1, n - 1, cell):
        for y in range(1, n - 1, cell):
            grid[x:x + cell, y:y + cell] = cell_index
            cell_index += 1
    n_cells = cell_index - 1
    cell_types = onp.zeros(n_cells + 1, dtype=onp.int32)
    cell_types[1:] = rng.choice([1, 2], size=n_cells)
    key = onp.array([0, int(rng.integers(1 << 30))], dtype=onp.uint32)
    J = onp.array([[0, 16, 16], [16, 2, 11], [16, 11, 16]], dtype=onp.int32)
    energy = onp.int32(0)
    temperature = float(rng.choice([2.0, 10.0, 40.0]))
    return (key, grid, energy, cell_types, J, 4, 2, temperature)


INPUTS = make_inputs


@jit
def reference_fix(
    key,
    grid,
    energy,
    cell_types,
    J,
    V,
    lambda_v,
    TEMPERATURE,
):
    def negative_de(key, x, y, new_cell_id, grid, de):
        return key, accept_flip(grid, x, y, new_cell_id), de

    def positive_de(key, x, y, new_cell_id, grid, de):
        key, subkey = jax.random.split(key)
        randn = jax.random.uniform(subkey) - np.exp(-de / TEMPERATURE)
        return key, np.where(
            randn < 0,
            accept_flip(grid, x, y, new_cell_id),
            grid,
        ), np.where(randn < 0, de, 0)

    def loop_body(_, args):
        key, grid, energy = args
        key, x, y, new_cell_id = propose_flip(key, grid, cell_types)
        de = delta_energy(grid, cell_types, x, y, new_cell_id, J, V, lambda_v)

        key, grid, de = jax.lax.cond(
            de < 0, negative_de, positive_de, key, x, y, new_cell_id, grid, de
        )

        return key, grid, energy + de

    key, grid, energy = jax.lax.fori_loop(
        0, grid.shape[0] * grid.shape[1], loop_body, (key, grid, energy)
    )
    return grid, energy
