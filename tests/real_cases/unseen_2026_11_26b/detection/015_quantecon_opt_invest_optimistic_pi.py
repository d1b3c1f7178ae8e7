"""Optimistic policy iteration: a Python `while` on an error computed from jitted policy operators.

source: QuantEcon/lecture-jax lectures/opt_invest.md at c4a8e80ce7a7fc4bb5bd0c92800341918fe9abc5 (B, compute_r_σ, get_greedy, T_σ and optimistic_policy_iteration, "Implements the OPI-Optimal policy Iteration routine")
error: TracerBoolConversionError
category: while-on-helper-output-nested-static-loop
expect: fix
notes: B, compute_r_σ, get_greedy, T_σ and optimistic_policy_iteration are verbatim (same lecture
  as case 012, a different solver). Every operator is a jitted function with `sizes` static; the
  leak is the outer `while error > tol:` on the error between successive value arrays, while the
  inner `for _ in range(m)` is static and fine. `f` jits `optimistic_policy_iteration` with the
  scalar constants, sizes and `m` static; the grids are built as in case 012 (small problem,
  r = 0.1, quantecon's tauchen replaced by a NumPy one in make_inputs, x64 switch dropped).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


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


def compute_r_σ(σ, constants, sizes, arrays):
    """
    Compute the array r_σ[i, j] = r[i, j, σ[i, j]], which gives current
    rewards given policy σ.
    """

    # Unpack model
    β, a_0, a_1, γ, c = constants
    y_size, z_size = sizes
    y_grid, z_grid, Q = arrays

    # Compute r_σ[i, j]
    y = jnp.reshape(y_grid, (y_size, 1))
    z = jnp.reshape(z_grid, (1, z_size))
    yp = y_grid[σ]
    r_σ = (a_0 - a_1 * y + z - c) * y - γ * (yp - y)**2

    return r_σ


# Create the jitted function
compute_r_σ = jax.jit(compute_r_σ, static_argnums=(2,))


def get_greedy(v, constants, sizes, arrays):
    "Computes a v-greedy policy, returned as a set of indices."
    return jnp.argmax(B(v, constants, sizes, arrays), axis=2)

get_greedy = jax.jit(get_greedy, static_argnums=(2,))


def T_σ(v, σ, constants, sizes, arrays):
    """The σ-policy operator."""

    # Unpack model
    β, a_0, a_1, γ, c = constants
    y_size, z_size = sizes
    y_grid, z_grid, Q = arrays

    r_σ = compute_r_σ(σ, constants, sizes, arrays)

    # Compute the array v[σ[i, j], jp]
    zp_idx = jnp.arange(z_size)
    zp_idx = jnp.reshape(zp_idx, (1, 1, z_size))
    σ = jnp.reshape(σ, (y_size, z_size, 1))
    V = v[σ, zp_idx]

    # Convert Q[j, jp] to Q[i, j, jp]
    Q = jnp.reshape(Q, (1, z_size, z_size))

    # Calculate the expected sum Σ_jp v[σ[i, j], jp] * Q[i, j, jp]
    Ev = jnp.sum(V * Q, axis=2)

    return r_σ + β * jnp.sum(V * Q, axis=2)

T_σ = jax.jit(T_σ, static_argnums=(3,))


# Implements the OPI-Optimal policy Iteration routine

def optimistic_policy_iteration(model, tol=1e-5, m=10):
    constants, sizes, arrays = model
    v = jnp.zeros(sizes)
    error = tol + 1
    while error > tol:
        last_v = v
        σ = get_greedy(v, constants, sizes, arrays)
        for _ in range(m):
            v = T_σ(v, σ, constants, sizes, arrays)
        error = jnp.max(jnp.abs(v - last_v))
    return get_greedy(v, constants, sizes, arrays)


@partial(jax.jit, static_argnames=("constants", "sizes", "m"))
def f(y_grid, z_grid, Q, constants, sizes, m):
    return optimistic_policy_iteration((constants, sizes, (y_grid, z_grid, Q)), m=m)
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
    return (y_grid, z_grid.astype(np.float32), Q.astype(np.float32), constants, (y_size, z_size),
            int(rng.choice([5, 10, 20])))


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("constants", "sizes", "m"))
def reference_fix(y_grid, z_grid, Q, constants, sizes, m, tol=1e-5):
    arrays = (y_grid, z_grid, Q)

    def body(c):
        v, _ = c
        last_v = v
        σ = get_greedy(v, constants, sizes, arrays)
        v = jax.lax.fori_loop(0, m, lambda _, v: T_σ(v, σ, constants, sizes, arrays), v)
        return v, jnp.max(jnp.abs(v - last_v))

    v, _ = jax.lax.while_loop(lambda c: c[1] > tol, body, (jnp.zeros(sizes), jnp.float32(tol + 1)))
    return get_greedy(v, constants, sizes, arrays)
