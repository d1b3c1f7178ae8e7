"""A spectral heat-equation step, run as a `lax.scan` body, recovers the grid side with `int(jnp.sqrt(len(new_u)))`.

source: public JAX Chebyshev/Fourier spectral-solver script in the code index (get_cheb_grid, pad_mat_with_zeros, assembleChebDiffMat, eq_cheb_2D, perform_timestep_cheb_2D, perform_simulation_cheb_2D, run_cheb_cheb_sim_2D); content-search id 2466671832, the index did not name the repository
error: ConcretizationTypeError
category: scan-body-helper-int-of-jnp-on-static-len
expect: fix
notes: `pad_mat_with_zeros`, `eq_cheb_2D` and `perform_timestep_cheb_2D` are verbatim. The script's driver `perform_simulation_cheb_2D` steps with a Python `for` loop appending to a list; here the steps run inside `jax.lax.scan` (the usual jit port of that loop) and `f` returns the final field, so the leak sits two calls below the jitted function, in the scan body. The Laplacian matrix is passed in (the script builds it with `jnp.kron` of Chebyshev differentiation matrices). `len(new_u)` is static, but `jnp.sqrt` makes it a tracer; the fix computes N with NumPy/math.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def pad_mat_with_zeros(mat):
    return jnp.block([[jnp.zeros((1, mat.shape[1]+2))], [jnp.zeros((mat.shape[0], 1)), mat, jnp.zeros((mat.shape[0], 1))], [jnp.zeros((1, mat.shape[1]+2))]])


def eq_cheb_2D(u, mat=None):
    return mat@u
    # return lap_u


def perform_timestep_cheb_2D (u, dt, mat):
    new_u = u + eq_cheb_2D(u, mat) * dt
    N = int(jnp.sqrt(len(new_u)))
    new_u_bc = (pad_mat_with_zeros(new_u.reshape((N, N))[1:-1,1:-1])).flatten()
    return new_u_bc


@jax.jit
def f(u0, dt, lap_mat):
    def step(u, _):
        return perform_timestep_cheb_2D(u, dt, lap_mat), None
    u_final, _ = jax.lax.scan(step, u0, None, length=5)
    return u_final
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 5
    u0 = rng.normal(size=(n * n,)).astype(np.float32)
    lap = (0.1 * rng.normal(size=(n * n, n * n))).astype(np.float32)
    dt = np.float32(rng.uniform(1e-3, 1e-2))
    return (u0, dt, lap)


INPUTS = make_inputs


@jax.jit
def reference_fix(u0, dt, lap_mat):
    def step(u, _):
        new_u = u + (lap_mat @ u) * dt
        N = int(np.sqrt(len(new_u)))
        inner = new_u.reshape((N, N))[1:-1, 1:-1]
        return jnp.pad(inner, 1).flatten(), None
    u_final, _ = jax.lax.scan(step, u0, None, length=5)
    return u_final
