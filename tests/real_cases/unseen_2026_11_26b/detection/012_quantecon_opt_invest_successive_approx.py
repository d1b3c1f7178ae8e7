"""Value function iteration: a lambda over a jitted Bellman operator is handed to a Python-loop solver.

source: QuantEcon/lecture-jax lectures/opt_invest.md at c4a8e80ce7a7fc4bb5bd0c92800341918fe9abc5 (successive_approx, B, T, get_greedy, value_iteration; the stored revision still has the Python-`while` successive_approx that later lectures replaced by a `@partial(jit, static_argnums=(0,))` version built on `lax.while_loop`)
error: TracerBoolConversionError
category: lambda-to-helper-while
expect: fix
notes: successive_approx, B, T, get_greedy and value_iteration are verbatim. `value_iteration`
  builds `_T = lambda v: T(v, constants, sizes, arrays)` and hands it to `successive_approx`,
  whose `while error > tolerance and k <= max_iter:` tests the traced error (and whose final
  `if error > tolerance:` prints a warning). `f` jits `value_iteration` with the scalar constants
  and grid sizes static (B/T already treat `sizes` as static); `create_investment_model` is not
  included because it needs quantecon's `tauchen`: make_inputs builds the same grids and a
  Tauchen matrix with NumPy, on a small problem (r = 0.1, 12 output points, 5 shock states) so
  the eager run converges quickly. The lecture's `jax_enable_x64` switch is dropped.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


def successive_approx(T,                     # Operator (callable)
                      x_0,                   # Initial condition
                      tolerance=1e-6,        # Error tolerance
                      max_iter=10_000,       # Max iteration bound
                      print_step=25,         # Print at multiples
                      verbose=False):
    x = x_0
    error = tolerance + 1
    k = 1
    while error > tolerance and k <= max_iter:
        x_new = T(x)
        error = jnp.max(jnp.abs(x_new - x))
        if verbose and k % print_step == 0:
            print(f"Completed iteration {k} with error {error}.")
        x = x_new
        k += 1
    if error > tolerance:
        print(f"Warning: Iteration hit upper bound {max_iter}.")
    elif verbose:
        print(f"Terminated successfully in {k} iterations.")
    return x


def B(v, constants, sizes, arrays):
    """
    A vectorized version of the right-hand side of the Bellman equation
    (before maximization)
    """

    # Unpack
    β, a_0, a_1, γ, c = constants
    y_size, z_size = sizes
    y_grid, z_grid, Q = arrays

    # Compute current rewards r(y, z, yp) as array r[i, j, ip]
    y  = jnp.reshape(y_grid, (y_size, 1, 1))    # y[i]   ->  y[i, j, ip]
    z  = jnp.reshape(z_grid, (1, z_size, 1))    # z[j]   ->  z[i, j, ip]
    yp = jnp.reshape(y_grid, (1, 1, y_size))    # yp[ip] -> yp[i, j, ip]
    r = (a_0 - a_1 * y + z - c) * y - γ * (yp - y)**2

    # Calculate continuation rewards at all combinations of (y, z, yp)
    v = jnp.reshape(v, (1, 1, y_size, z_size))  # v[ip, jp] -> v[i, j, ip, jp]
    Q = jnp.reshape(Q, (1, z_size, 1, z_size))  # Q[j, jp]  -> Q[i, j, ip, jp]
    EV = jnp.sum(v * Q, axis=3)                 # sum over last index jp

    # Compute the right-hand side of the Bellman equation
    return r + β * EV

# Create a jitted function
B = jax.jit(B, static_argnums=(2,))


def T(v, constants, sizes, arrays):
    """The Bellman operator."""
    return jnp.max(B(v, constants, sizes, arrays), axis=2)

T = jax.jit(T, static_argnums=(2,))


def get_greedy(v, constants, sizes, arrays):
    "Computes a v-greedy policy, returned as a set of indices."
    return jnp.argmax(B(v, constants, sizes, arrays), axis=2)

get_greedy = jax.jit(get_greedy, static_argnums=(2,))


# Implements VFI-Value Function iteration

def value_iteration(model, tol=1e-5):
    constants, sizes, arrays = model
    _T = lambda v: T(v, constants, sizes, arrays)
    vz = jnp.zeros(sizes)

    v_star = successive_approx(_T, vz, tolerance=tol)
    return get_greedy(v_star, constants, sizes, arrays)


@partial(jax.jit, static_argnames=("constants", "sizes"))
def f(y_grid, z_grid, Q, constants, sizes):
    return value_iteration((constants, sizes, (y_grid, z_grid, Q)))
# --- end user code ---

import math

import numpy as np


def _tauchen(n, rho, sigma, m=3):
    std_y = sigma / math.sqrt(1 - rho ** 2)
    grid = np.linspace(-m * std_y, m * std_y, n)
    step = grid[1] - grid[0]
    cdf = lambda x: 0.5 * (1 + math.erf(x / math.sqrt(2)))
    P = np.empty((n, n))
    for i in range(n):
        for j in range(n):
            hi = (grid[j] - rho * grid[i] + step / 2) / sigma
            lo = (grid[j] - rho * grid[i] - step / 2) / sigma
            if j == 0:
                P[i, j] = cdf(hi)
            elif j == n - 1:
                P[i, j] = 1 - cdf(lo)
            else:
                P[i, j] = cdf(hi) - cdf(lo)
    return grid, P


def make_inputs(rng):
    r = 0.1
    a_0 = float(np.round(rng.uniform(8.0, 12.0), 3))
    γ = float(np.round(rng.uniform(5.0, 30.0), 3))
    y_size, z_size = 12, 5
    constants = (1 / (1 + r), a_0, 1.0, γ, 1.0)
    y_grid = np.linspace(0.0, 20.0, y_size).astype(np.float32)
    z_grid, Q = _tauchen(z_size, 0.9, float(np.round(rng.uniform(0.5, 1.5), 3)))
    return (y_grid, z_grid.astype(np.float32), Q.astype(np.float32), constants, (y_size, z_size))


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("constants", "sizes"))
def reference_fix(y_grid, z_grid, Q, constants, sizes, tol=1e-5, max_iter=10_000):
    arrays = (y_grid, z_grid, Q)
    _T = lambda v: T(v, constants, sizes, arrays)

    def cond(c):
        x, error, k = c
        return (error > tol) & (k <= max_iter)

    def body(c):
        x, error, k = c
        x_new = _T(x)
        return x_new, jnp.max(jnp.abs(x_new - x)), k + 1

    v_star, _, _ = jax.lax.while_loop(cond, body, (jnp.zeros(sizes), jnp.float32(tol + 1), 1))
    return get_greedy(v_star, constants, sizes, arrays)
