"""Jitted Game of Life whose iteration count is a traced argument, used only as a `lax.fori_loop` bound: fine.

source: rayanehmi/game-of-life-jax src/game_of_life.py at 01d7c954f06cb88a9e7a04d009fc38c091c4d458 (`augment_grid`, `compute_neighbors`, `next_turn`, `compiled_gameoflife`)
error: none
category: negative
expect: untouched
notes: The four functions are verbatim except that the jaxtyping annotations (`Int[Array, '...']`) are removed, since jaxtyping is not installed here. `f = compiled_gameoflife` (already `@jax.jit` in the repository). The look-alike: `n_iter` is traced, but it only bounds a `lax.fori_loop` (lowered to a while loop); the repository's unjitted `optimized_gameoflife` is the variant with `for _ in range(n_iter)`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def augment_grid(grid):
    """Creates a new array with zeros padding on each side."""
    ret = jnp.pad(grid, ((1, 1), (1, 1)))
    return ret


def compute_neighbors(grid):
    """Returns an array where each cell is the number of non-zero neightbors of that cell in "grid"."""
    augmented_grid = augment_grid(grid)
    left = jnp.roll(augmented_grid, -1)
    right = jnp.roll(augmented_grid, 1)
    down = jnp.roll(augmented_grid, shift=[1, 0], axis=[0, 1])
    up = jnp.roll(augmented_grid, shift=[-1, 0], axis=[0, 1])
    left_up = jnp.roll(augmented_grid, shift=[-1, -1], axis=[0, 1])
    right_up = jnp.roll(augmented_grid, shift=[-1, 1], axis=[0, 1])
    down_left = jnp.roll(augmented_grid, shift=[1, -1], axis=[0, 1])
    down_right = jnp.roll(augmented_grid, shift=[1, 1], axis=[0, 1])
    summation = up + down + left + right + left_up + right_up + down_left + down_right
    cropped_sum = summation[1: -1, 1:-1]
    return cropped_sum


def next_turn(grid):
    """Applies one turn of the Game of Life rules to the grid and returns the new grid."""
    neighbor_grid = compute_neighbors(grid)
    first_condition = (grid == 1) & ((neighbor_grid == 2) | (neighbor_grid == 3))
    second_condition = (grid == 0) & (neighbor_grid == 3)
    next_grid = jnp.where(first_condition | second_condition, 1, 0)
    return next_grid


@jax.jit
def compiled_gameoflife(grid, n_iter):
    """Compiles the optimized_gameoflife function."""
    return jax.lax.fori_loop(0, n_iter, lambda i, grid: next_turn(grid), grid)


f = compiled_gameoflife
# --- end user code ---

import numpy as np


def make_inputs(rng):
    grid = (rng.random((8, 8)) < 0.4).astype(np.int32)
    n_iter = np.int32(rng.integers(0, 6))
    return (grid, n_iter)


INPUTS = make_inputs
