"""Melt-pool sampling under @jax.jit that builds its grid with `np.arange`/`np.meshgrid` and `.repeat` (all constants).

source: public code index, file id 70990003815 (a GAMMA conduction-vs-convection comparison script built on
    jax_am: imports jax_am.cfd.gamma / gamma_convection, functions interp_data, load_velocity_template,
    melt_metrics, simulation); the index does not name the repository.
error: none
category: negative (NumPy on compile-time constants; NumPy arrays times tracers; jax.scipy map_coordinates)
expect: untouched
notes: interp_data verbatim with the author's own @jax.jit; `f = interp_data`. Only the imports it needs
    are kept (jax, jnp, numpy, jax.scipy.ndimage.map_coordinates); the rest of the script (meshio, scipy
    interpolators, jax_am solvers, logging, the simulation loop) is dropped. Every `np.*` call acts on
    constants, `gridx*rot[0]` defers to the tracer (NumPy array times tracer), and map_coordinates is the
    jax.scipy one, so nothing needs a concrete value. Inputs are a smooth temperature box large enough
    that every sample point is inside it (no jump to the constant-0 boundary).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.ndimage import map_coordinates


@jax.jit
def interp_data(T, rot, xl, yl, dx, dy):
    surface_T = (T[1:-1, 1:-1, -1] + T[1:-1, 1:-1, -2])/2
    gridx_ = np.arange(-1e-3, 0.28e-3, 1e-5)
    gridy_ = np.arange(-0.32e-3, 0.32e-3, 1e-5)
    gridx, gridy = np.meshgrid(gridx_, gridy_, indexing="ij")
    X_rot = (gridx*rot[0] - gridy*rot[1] + xl - dx/2)/dx
    Y_rot = (gridx*rot[1] + gridy*rot[0] + yl - dy/2)/dy
    melt_2d = map_coordinates(surface_T, (X_rot, Y_rot), 1)
    X_3d = jnp.repeat(X_rot[:, :, None], 30, axis=2)
    Y_3d = jnp.repeat(Y_rot[:, :, None], 30, axis=2)
    Z_3d = np.arange(30)[None, None, :].repeat(64, axis=1).repeat(128, axis=0)
    melt_3d = map_coordinates(
        T[1:-1, 1:-1, -31:-1], (X_3d, Y_3d, Z_3d), 1
    )
    return melt_2d, melt_3d


f = interp_data
# --- end user code ---


def make_inputs(rng):
    # a smooth temperature field, so float32 rounding of the sample coordinates stays negligible
    i, j, k = np.meshgrid(np.arange(260), np.arange(260), np.arange(34), indexing="ij")
    a, b, c = rng.uniform(0.02, 0.1, size=3)
    T = (1.0 + 0.5 * np.sin(a * i) * np.cos(b * j) + 0.1 * np.sin(c * k)).astype(np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    rot = np.array([np.cos(ang), np.sin(ang)], dtype=np.float32)
    dx = dy = 1e-5
    xl = np.float32(rng.uniform(1.25e-3, 1.35e-3))
    yl = np.float32(rng.uniform(1.25e-3, 1.35e-3))
    return (T, rot, xl, yl, np.float32(dx), np.float32(dy))


INPUTS = make_inputs
