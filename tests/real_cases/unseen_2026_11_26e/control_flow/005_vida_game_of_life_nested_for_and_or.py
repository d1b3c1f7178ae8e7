"""Game of Life update: nested for loops with `if a == 1 and (n == 2 or n == 3): ... elif ...` on traced cells.

source: bernal9913/SimulacionesFinales vida.py (`update(grid)`, N = 5), found in the public code index
error: TracerBoolConversionError
category: nested-for-if-elif-and-or
expect: fix
notes: `update` verbatim with `import jax.numpy as np` in place of NumPy and the in-place `new_grid[i, j] = 1` written as `.at[i, j].set(1)`; jitted. The driver loop that prints 5 iterations is dropped. The slice `grid[i-1:i+2, j-1:j+2]` keeps its NumPy quirk (empty at i = 0 or j = 0).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np

# tamaño de la cuadricula
N = 5


@jax.jit
def f(grid):
    # crea una nueva cuadricula para almacenar el estado actualizado
    new_grid = np.zeros_like(grid)

    # recorre cada celda de la cuadricula
    for i in  range(N):
        for j in range(N):
            # cuenta el numero de vecinos vivos
            neighbors = np.sum(grid[i-1:i+2,j-1:j+2]) - grid[i,j]

            # Aplica las reglas del Juego de la Vida
            if grid[i, j] == 1 and (neighbors == 2 or neighbors == 3):
                new_grid = new_grid.at[i, j].set(1)
            elif grid[i, j] == 0 and neighbors == 3:
                new_grid = new_grid.at[i, j].set(1)
    # devuelve la cuadricula actualizada
    return new_grid
# --- end user code ---

import jax.numpy as jnp
import numpy


def make_inputs(rng):
    grid = (rng.random((N, N)) < rng.uniform(0.25, 0.6)).astype(numpy.int32)
    return (grid,)


INPUTS = make_inputs


@jax.jit
def reference_fix(grid):
    new_grid = jnp.zeros_like(grid)
    for i in range(N):
        for j in range(N):
            neighbors = jnp.sum(grid[i-1:i+2, j-1:j+2]) - grid[i, j]
            survive = (grid[i, j] == 1) & ((neighbors == 2) | (neighbors == 3))
            born = (grid[i, j] == 0) & (neighbors == 3)
            new_grid = new_grid.at[i, j].set(jnp.where(survive | born, 1, new_grid[i, j]))
    return new_grid
