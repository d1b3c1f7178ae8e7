"""dwarf-d-sl-gt4py: the NumPy 2-D linear interpolation of the semi-Lagrangian dwarf, jitted as is.

source: maurinl26/dwarf-d-sl-gt4py src/sl_python/interpolation.py at 193753e578665221d9d59812934e9acbac73f663 (interpolate_lin_2d; code-index file id 41375499347), jitted by src/sl_gt4py/jax_interpolation.py at abd2007a64094af35cce86e2b2fd3584c70b7996 (`jax_interpolate_lin_2d = jax.jit(interpolate_lin_2d)`; code-index file id 41550580148)
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: The project's first JAX backend was `jax.jit` wrapped around the NumPy implementation. Under jit,
  `np.array([p0(lx), p1(lx)])` converts traced weights to NumPy (the first failure), the `np.where` index
  arithmetic does the same, `if bcx_kind == 0:` and `range(nx)` test traced ints (all arguments are traced
  by the plain `jax.jit`), and the per-cell lookup writes traced values into a NumPy buffer. A correct
  rewrite uses jnp throughout, gathers with index arrays, and marks `bcx_kind, bcy_kind, nx, ny` static
  (the project later rewrote the function this way in src/sl_jax/interpolation/interpolation_2d.py at
  7c19a0a73559ef4e6ce92256978f8cafa59f349a). Kept verbatim: the module-level Lagrange lambdas and
  interpolate_lin_2d; dropped: interpolate_cub_2d and interpolate_cub_3d (same file, not called here).
  The entry point is the line from jax_interpolation.py, renamed `f`. In the non-periodic branch the
  upper index is capped at `nx` (one past the end, as in the original); JAX indexing clamps it both
  eagerly and under jit.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np

p_1 = lambda l: (1 / 6) * l * (l - 1) * (2 - l)
p0 = lambda l: (1 - l**2) * (1 - l / 2)
p1 = lambda l: (1 / 2) * l * (l + 1) * (2 - l)
p2 = lambda l: (1 / 6) * l * (l**2 - 1)


def interpolate_lin_2d(
    psi: np.ndarray,
    lx: np.ndarray,
    ly: np.ndarray,
    i_d: np.ndarray,
    j_d: np.ndarray,
    bcx_kind: int,
    bcy_kind: int,
    nx: int,
    ny: int
):
    """Perform a 1d linear interpolation

    Args:
        lx (np.ndarray): _description_
        ly (np.ndarray): _description_
        psi (np.ndarray): _description_
        i_d (np.ndarray): _description_
        j_d (np.ndarray): _description_
        bcx_kind (int): _description_
        bcy_kind (int): _description_
        nx (int): _description_
        ny (int): _description_
    """
    # Polynômes de lagrange
    p0 = lambda l: 1 - l
    p1 = lambda l: l
    
    # Interp selon x -> field_hat_x
    px = np.array([p0(lx), p1(lx)])
    py = np.array([p0(ly), p1(ly)])
    
    # 1. Construire les tableaux d'indices i_d0, i_d1 / j_d0, j_d1
    # Non periodique
    if bcx_kind == 0: 
        id_0 = np.where(i_d < nx, i_d, nx)
        id_0 = np.where(id_0 >= 0, id_0, 0)
        
        id_p1 = np.where(i_d + 1 < nx, i_d + 1, nx)
        id_p1 = np.where(id_p1 >=0, id_p1, 0)
        
    # Periodique
    else:
        id_0 = np.where(i_d < nx, i_d, i_d % nx)
        id_0 = np.where(id_0 >= 0, id_0, id_0 % nx)
        
        id_p1 = np.where(i_d + 1 < nx, i_d + 1, 0)
        id_p1 = np.where(id_p1 >= 0, id_p1, id_p1 % nx)
    
    # Non periodique
    if bcy_kind == 0:
        jd_0 = np.where(j_d < ny, j_d, ny)
        jd_0 = np.where(jd_0 >= 0, jd_0, 0)
        
        jd_p1 = np.where(j_d + 1 < ny, j_d + 1, ny) 
        jd_p1 = np.where(jd_p1 >= 0, jd_p1, 0)
        
    # Periodique
    else:
        jd_0 = np.where(j_d < ny, j_d, j_d % ny)
        jd_0 = np.where(jd_0 >= 0, jd_0, jd_0 % ny)
        
        jd_p1 = np.where(j_d + 1 < ny, j_d + 1, 0)
        jd_p1 = np.where(jd_p1 >= 0, jd_p1, jd_p1 % ny)
        
    # Lookup 
    psi_d_i = np.zeros((4, nx, ny))
    for i in range(nx):
        for j in range(ny):

            psi_d_i[0, i, j] = psi[id_0[i, j], jd_0[i, j]]
            psi_d_i[1, i, j] = psi[id_p1[i, j], jd_0[i, j]]
            
            psi_d_i[2, i, j] = psi[id_0[i, j], jd_p1[i, j]]
            psi_d_i[3, i, j] = psi[id_p1[i, j], jd_p1[i, j]]
            
    psi_d_j = np.zeros((2, nx, ny))
    psi_d_j[0] = px[0] * psi_d_i[0] + px[1] * psi_d_i[1]    
    psi_d_j[1] = px[0] * psi_d_i[2] + px[1] * psi_d_i[3] 
    
    psi_d = py[0] * psi_d_j[0] + py[1] * psi_d_j[1]
    
    return psi_d


f = jax.jit(interpolate_lin_2d)
# --- end user code ---

from functools import partial

import jax.numpy as jnp

NX, NY = 6, 5


def make_inputs(rng):
    psi = rng.normal(size=(NX, NY)).astype(np.float32)
    lx = rng.uniform(0.0, 1.0, size=(NX, NY)).astype(np.float32)
    ly = rng.uniform(0.0, 1.0, size=(NX, NY)).astype(np.float32)
    # departure indices, including points left of the domain and the last cell
    i_d = rng.integers(-2, NX, size=(NX, NY)).astype(np.int32)
    j_d = rng.integers(-2, NY, size=(NX, NY)).astype(np.int32)
    bcx_kind = int(rng.integers(0, 2))  # 0: non-periodic, 1: periodic (static)
    bcy_kind = int(rng.integers(0, 2))
    return (psi, lx, ly, i_d, j_d, bcx_kind, bcy_kind, NX, NY)


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("bcx_kind", "bcy_kind", "nx", "ny"))
def reference_fix(psi, lx, ly, i_d, j_d, bcx_kind, bcy_kind, nx, ny):
    px = jnp.stack([1 - lx, lx])
    py = jnp.stack([1 - ly, ly])
    if bcx_kind == 0:
        id_0 = jnp.where(i_d < nx, i_d, nx)
        id_0 = jnp.where(id_0 >= 0, id_0, 0)
        id_p1 = jnp.where(i_d + 1 < nx, i_d + 1, nx)
        id_p1 = jnp.where(id_p1 >= 0, id_p1, 0)
    else:
        id_0 = jnp.where(i_d < nx, i_d, i_d % nx)
        id_0 = jnp.where(id_0 >= 0, id_0, id_0 % nx)
        id_p1 = jnp.where(i_d + 1 < nx, i_d + 1, 0)
        id_p1 = jnp.where(id_p1 >= 0, id_p1, id_p1 % nx)
    if bcy_kind == 0:
        jd_0 = jnp.where(j_d < ny, j_d, ny)
        jd_0 = jnp.where(jd_0 >= 0, jd_0, 0)
        jd_p1 = jnp.where(j_d + 1 < ny, j_d + 1, ny)
        jd_p1 = jnp.where(jd_p1 >= 0, jd_p1, 0)
    else:
        jd_0 = jnp.where(j_d < ny, j_d, j_d % ny)
        jd_0 = jnp.where(jd_0 >= 0, jd_0, jd_0 % ny)
        jd_p1 = jnp.where(j_d + 1 < ny, j_d + 1, 0)
        jd_p1 = jnp.where(jd_p1 >= 0, jd_p1, jd_p1 % ny)
    # out-of-range indices clamp, as JAX's indexing does for the original's per-cell lookups
    g = lambda a, b: psi[jnp.clip(a, 0, nx - 1), jnp.clip(b, 0, ny - 1)]
    s0 = px[0] * g(id_0, jd_0) + px[1] * g(id_p1, jd_0)
    s1 = px[0] * g(id_0, jd_p1) + px[1] * g(id_p1, jd_p1)
    return py[0] * s0 + py[1] * s1
