"""exojax check_eslog_wavenumber_grid: NumPy reductions on a traced grid, then `val1 < crit1 and val2 < crit2`.

source: HajimeKawahara/exojax src/exojax/utils/grids.py at 055ef7bb668cda567a66bdb214d43ba7b06106de (check_eslog_wavenumber_grid; code-index file id 38040293185). exojax is a JAX spectrum code whose grid utilities are still NumPy.
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: the function verbatim (numpy as np, as in the module). Only `f = jax.jit(check_eslog_wavenumber_grid)` was added, so the grid and both criteria are traced: np.log10 on the traced grid raises first, and the `and` of two traced comparisons would need their truth values next. The jit-safe port uses jnp reductions and jnp.logical_and. Inputs: a float32 log-spaced grid with random jitter and criteria drawn around the achieved deviations, so both outcomes occur.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np


def check_eslog_wavenumber_grid(nus,
                                crit1=1.e-5,
                                crit2=1.e-14,
                                gridmode='ESLOG'):
    """checking if wavenumber_grid is evenly spaced in a logarithm scale (ESLOG) or a
    liner scale (ESLIN)

    Args:
       nus: wavenumber grid
       crit1: criterion for the maximum deviation of log10(nu)/median(log10(nu)) from ESLOG
       crit2: criterion for the maximum deviation of log10(nu) from ESLOG
       gridmode: ESLOG or ESLIN

    Returns:
       True (wavenumber grid is ESLOG) or False (not)
    """

    q = np.log10(nus)
    p = q[1:] - q[:-1]
    w = (p - np.mean(p))
    val1 = np.max(np.abs(w)) / np.median(p)
    val2 = np.max(np.abs(w))

    return (val1 < crit1 and val2 < crit2)


f = jax.jit(check_eslog_wavenumber_grid)
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    nus = np.logspace(np.log10(4000.0), np.log10(4100.0), 32)
    amp = 10.0 ** rng.uniform(-9.0, -5.0)
    nus = (nus * (1.0 + amp * rng.normal(size=nus.shape))).astype(np.float32)
    crit1 = np.float32(10.0 ** rng.uniform(-4.0, 0.0))
    crit2 = np.float32(10.0 ** rng.uniform(-7.5, -3.5))
    return (nus, crit1, crit2)


INPUTS = make_inputs


@jax.jit
def reference_fix(nus, crit1=1.e-5, crit2=1.e-14):
    q = jnp.log10(nus)
    p = q[1:] - q[:-1]
    w = p - jnp.mean(p)
    val1 = jnp.max(jnp.abs(w)) / jnp.median(p)
    val2 = jnp.max(jnp.abs(w))
    return jnp.logical_and(val1 < crit1, val2 < crit2)
