"""Sheet-model electric field on a grid: a `for` over grid points with a traced `while x_sorted[j] <= x_grid` and `break`, ported to jax.numpy.

source: diogodcarvalho/gns-sheet-model sheet_model/utils.py at 1b864cd74818d56d8a67c01b6a03e9f334976961 (get_Efield; code-index file id 766880912). The same module also has the author's vectorised rewrite, get_Efield_vectorized (histogram + cumsum).
error: TracerBoolConversionError
category: while-break-on-array
expect: fix
notes: get_Efield is verbatim with `import numpy as np` replaced by `import jax.numpy as np`; the in-place `Ef[i + 1] -= j * dx_eq` became `Ef = Ef.at[i + 1].add(-j * dx_eq)` and `Ef /= dx_eq` stays (rebinding). `f` jits it with the grid size `nx` static; sheet positions and dx_eq are traced. The outer `for` is over a static-length grid; the leak is the inner `while` on a sorted traced position (plus the `break`).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


def get_Efield(
    x: np.ndarray, nx: int, dx_eq: float, L: float = 1.0
) -> tuple[np.ndarray, np.ndarray]:
    """
    Compute electric field inside the box.

    Args:
        x - sheet positions
        nx - number of grid points in which to compute the electric field
        dx_eq - intersheet equilibrium distance
        L - box size

    Returns:
        grid - points in which electric field as calculated [dx_eq]
        Ef - electric field [m_e e^-1 dx_eq w_p^2]
    """
    grid = np.linspace(0.0, L, nx)
    Ef = np.copy(grid)

    j = 0
    x_sorted = np.sort(x)

    for i, x_grid in enumerate(grid[1:]):
        if j < len(x):
            while x_sorted[j] <= x_grid:
                j += 1
                if j == len(x):
                    break

        Ef = Ef.at[i + 1].add(-j * dx_eq)

    Ef /= dx_eq

    return grid / dx_eq, Ef


f = jax.jit(get_Efield, static_argnums=(1,))
# --- end user code ---

import numpy


def make_inputs(rng):
    n_sheets = 8
    x = rng.uniform(0.0, 1.0, size=n_sheets).astype(numpy.float32)
    if rng.random() < 0.5:   # some sheets bunched at the right wall: the break fires early
        x[: n_sheets // 2] = rng.uniform(0.9, 1.0, size=n_sheets // 2)
    return (x, 17, 1.0 / n_sheets)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, nx, dx_eq):
    nx = 17
    grid = np.linspace(0.0, 1.0, nx)
    x_sorted = np.sort(x)
    counts = np.searchsorted(x_sorted, grid[1:], side="right")
    Ef = grid.at[1:].add(-counts * dx_eq)
    return grid / dx_eq, Ef / dx_eq
