"""FD CEV pricer: the fori_loop closure reads traced K, r, q, phi correctly; the leak is the float() of the interpolated price.

source: ql_jax (a JAX port of QuantLib), "FD CEV vanilla engine" module `fd_cev_price`, public code index file id 52424227925 (imports `ql_jax.methods.finitedifferences.operators.tridiag_solve`); the index does not give the repository owner or commit.
error: ConcretizationTypeError
category: closure-then-float-return
expect: fix
notes: `fd_cev_price` verbatim. Adapted: `from __future__ import annotations` dropped (it cannot follow
  the case header); the ql_jax import of `tridiag_solve` replaced by a three-line stand-in on
  jax.lax.linalg.tridiagonal_solve with the same (lower, diag, upper, rhs) signature. Entry point added:
  `f = jax.jit(fd_cev_price, static_argnames=("n_x", "n_t", "s_max_mult"))` (grid sizes are shapes).
  Inside, the `time_step` closure of `lax.fori_loop` reads the traced enclosing K, r, q, phi, s_grid and
  is_american only through jnp.where (jit-safe, must stay); the single leak is
  `return float(jnp.interp(x_target, x_grid, V))`. jnp.float64 requests fall back to float32 (x64 off).
  Inputs mix calls and puts, European and American exercise.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""FD CEV vanilla engine.

Solves the CEV PDE on a log-spot grid using Crank-Nicolson time
stepping with jax.lax.fori_loop, modeled after the BS FD engine.
"""

import jax
import jax.numpy as jnp


def tridiag_solve(lower, diag, upper, rhs):
    # stand-in for ql_jax.methods.finitedifferences.operators.tridiag_solve
    dl = jnp.concatenate([jnp.zeros(1, diag.dtype), lower])
    du = jnp.concatenate([upper, jnp.zeros(1, diag.dtype)])
    return jax.lax.linalg.tridiagonal_solve(dl, diag, du, rhs[:, None])[:, 0]


def fd_cev_price(S, K, T, r, q, sigma, beta, option_type=1,
                 n_x=200, n_t=200, is_american=False, s_max_mult=4.0):
    """CEV model FD price.

    Parameters
    ----------
    S, K, T, r, q : standard params
    sigma, beta : CEV params (dS = (r-q)S dt + sigma*S^beta dW)
    option_type : 1=call, -1=put
    n_x : spatial grid points
    n_t : time steps
    is_american : early exercise
    s_max_mult : grid range (K/mult to K*mult)

    Returns
    -------
    price : option price
    """
    S, K, T, r, q, sigma = (jnp.asarray(x, dtype=jnp.float64)
                             for x in (S, K, T, r, q, sigma))
    phi = jnp.asarray(jnp.where(option_type == 1, 1.0, -1.0), dtype=jnp.float64)

    # Log-spot grid
    x_min = jnp.log(K / s_max_mult)
    x_max = jnp.log(K * s_max_mult)
    dx = (x_max - x_min) / n_x
    dt = T / n_t

    x_grid = jnp.linspace(x_min, x_max, n_x + 1)
    s_grid = jnp.exp(x_grid)

    # CEV PDE coefficients in log-spot space
    a_coeff = 0.5 * sigma**2 * s_grid**(2.0 * (beta - 1.0))
    b_coeff = (r - q) - a_coeff

    a_int = a_coeff[1:-1]
    b_int = b_coeff[1:-1]
    al = a_int / dx**2 - b_int / (2.0 * dx)
    ad = -2.0 * a_int / dx**2 - r
    au = a_int / dx**2 + b_int / (2.0 * dx)

    # Terminal condition
    V = jnp.maximum(phi * (s_grid - K), 0.0)
    exercise_values = V

    # Tridiagonal LHS
    theta_fd = 0.5
    lower_vec = -theta_fd * dt * al[1:]
    diag_vec = 1.0 - theta_fd * dt * ad
    upper_vec = -theta_fd * dt * au[:-1]

    # Precompute boundary values for call and put at each step
    # Use jnp.where to avoid Python if inside fori_loop
    def time_step(i, V):
        remaining = T - (i + 1) * dt

        rhs_inner = V[1:-1] + (1.0 - theta_fd) * dt * (
            al * V[:-2] + ad * V[1:-1] + au * V[2:]
        )

        # Use jnp.where for call/put boundary
        V_left = jnp.where(phi > 0, 0.0,
                           K * jnp.exp(-r * remaining) - s_grid[0] * jnp.exp(-q * remaining))
        V_right = jnp.where(phi > 0,
                            s_grid[-1] * jnp.exp(-q * remaining) - K * jnp.exp(-r * remaining),
                            0.0)

        rhs_inner = rhs_inner.at[0].add(theta_fd * dt * al[0] * V_left)
        rhs_inner = rhs_inner.at[-1].add(theta_fd * dt * au[-1] * V_right)

        V_inner = tridiag_solve(lower_vec, diag_vec, upper_vec, rhs_inner)

        V = V.at[0].set(V_left)
        V = V.at[-1].set(V_right)
        V = V.at[1:-1].set(V_inner)

        # American early exercise via jnp.where
        V = jnp.where(is_american, jnp.maximum(V, exercise_values), V)

        return V

    V = jax.lax.fori_loop(0, n_t, time_step, V)

    x_target = jnp.log(S)
    return float(jnp.interp(x_target, x_grid, V))


f = jax.jit(fd_cev_price, static_argnames=("n_x", "n_t", "s_max_mult"))
# --- end user code ---

import warnings

import numpy as np

warnings.filterwarnings("ignore", message=".*float64.*")


def make_inputs(rng):
    K = np.float32(100.0)
    S = np.float32(rng.uniform(80.0, 120.0))
    T = np.float32(rng.uniform(0.25, 1.5))
    r = np.float32(rng.uniform(0.0, 0.06))
    q = np.float32(rng.uniform(0.0, 0.03))
    sigma = np.float32(rng.uniform(1.0, 3.0))   # CEV scale: local vol = sigma * S**(beta - 1)
    beta = np.float32(rng.uniform(0.5, 0.8))
    option_type = int(rng.choice([1, -1]))
    is_american = bool(rng.random() < 0.5)
    return (S, K, T, r, q, sigma, beta, option_type, 60, 60, is_american)


INPUTS = make_inputs


from functools import partial


@partial(jax.jit, static_argnames=("n_x", "n_t"))
def reference_fix(S, K, T, r, q, sigma, beta, option_type, n_x, n_t, is_american):
    s_max_mult = 4.0
    phi = jnp.where(option_type == 1, 1.0, -1.0)
    x_grid = jnp.linspace(jnp.log(K / s_max_mult), jnp.log(K * s_max_mult), n_x + 1)
    dx = (jnp.log(K * s_max_mult) - jnp.log(K / s_max_mult)) / n_x
    dt = T / n_t
    s_grid = jnp.exp(x_grid)
    a = 0.5 * sigma**2 * s_grid**(2.0 * (beta - 1.0))
    b = (r - q) - a
    al = a[1:-1] / dx**2 - b[1:-1] / (2.0 * dx)
    ad = -2.0 * a[1:-1] / dx**2 - r
    au = a[1:-1] / dx**2 + b[1:-1] / (2.0 * dx)
    V0 = jnp.maximum(phi * (s_grid - K), 0.0)

    def step(i, V):
        rem = T - (i + 1) * dt
        rhs = V[1:-1] + 0.5 * dt * (al * V[:-2] + ad * V[1:-1] + au * V[2:])
        vl = jnp.where(phi > 0, 0.0, K * jnp.exp(-r * rem) - s_grid[0] * jnp.exp(-q * rem))
        vr = jnp.where(phi > 0, s_grid[-1] * jnp.exp(-q * rem) - K * jnp.exp(-r * rem), 0.0)
        rhs = rhs.at[0].add(0.5 * dt * al[0] * vl).at[-1].add(0.5 * dt * au[-1] * vr)
        inner = tridiag_solve(-0.5 * dt * al[1:], 1.0 - 0.5 * dt * ad, -0.5 * dt * au[:-1], rhs)
        V = V.at[0].set(vl).at[-1].set(vr).at[1:-1].set(inner)
        return jnp.where(is_american, jnp.maximum(V, V0), V)

    V = jax.lax.fori_loop(0, n_t, step, V0)
    return jnp.interp(jnp.log(S), x_grid, V)
