"""QuantEcon's regular-grid linear interpolation: bracket index from `max(min(int(s * (len_g - 1)), len_g - 2), 0)` on a traced query point.

source: https://github.com/QuantEcon/QuantEcon.py/issues/722 (mmcky, "ENH: Add basic interpolation routine": the numba-jitted `interp(grid, vals, x)` posted in the issue description)
error: ConcretizationTypeError
category: builtin-min-max-int-index
expect: fix
notes: function verbatim from the issue, with the numba `np` read as `jax.numpy` (`import jax.numpy as np`) and numba's `@jit` as `jax.jit`, which is how such a helper gets ported to the JAX lectures; docstring kept. The grid and values are traced arrays, `x` a traced scalar; trials place `x` inside the grid and beyond both ends so both clamps of the builtin `min`/`max` act.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
from jax import jit


@jit
def interp(grid, vals, x):
    """
    Linearly interpolate (grid, vals) to evaluate at x.
    Here grid must be regular (evenly spaced).

    Parameters
    ----------
    grid and vals are numpy arrays, x is a float

    Returns
    -------
    a float, the interpolated value
    """

    a, b, len_g = np.min(grid), np.max(grid), len(grid)
    s = (x - a) / (b - a)
    q_0 = max(min(int(s * (len_g - 1)), (len_g - 2)), 0)
    v_0 = vals[q_0]
    v_1 = vals[q_0 + 1]
    λ = s * (len_g - 1) - q_0
    return (1 - λ) * v_0 + λ * v_1


f = interp
# --- end user code ---

import numpy as onp
import jax.numpy as jnp


def make_inputs(rng):
    n = 8
    lo = rng.uniform(-1.0, 1.0)
    grid = onp.linspace(lo, lo + rng.uniform(1.0, 3.0), n).astype(onp.float32)
    vals = onp.cumsum(rng.uniform(0.1, 1.0, n)).astype(onp.float32)
    u = rng.uniform()
    span = grid[-1] - grid[0]
    if u < 0.2:      # below the grid: extrapolate from the first segment
        x = grid[0] - rng.uniform(0.05, 0.5) * span
    elif u < 0.4:    # above the grid: extrapolate from the last segment
        x = grid[-1] + rng.uniform(0.05, 0.5) * span
    else:
        x = rng.uniform(grid[0], grid[-1])
    return (grid, vals, onp.float32(x))


INPUTS = make_inputs


@jax.jit
def reference_fix(grid, vals, x):
    a, b, len_g = jnp.min(grid), jnp.max(grid), len(grid)
    s = (x - a) / (b - a)
    q_0 = jnp.maximum(jnp.minimum((s * (len_g - 1)).astype(jnp.int32), len_g - 2), 0)
    v_0 = vals[q_0]
    v_1 = vals[q_0 + 1]
    λ = s * (len_g - 1) - q_0
    return (1 - λ) * v_0 + λ * v_1
