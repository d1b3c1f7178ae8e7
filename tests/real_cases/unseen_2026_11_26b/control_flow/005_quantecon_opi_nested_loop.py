"""Optimistic policy iteration: a traced `while error > tol:` around a static inner `for _ in range(m)`.

source: QuantEcon/lecture-jax lectures/opt_invest.md at 011d6c9d8c627c00c72ffdeb76f26513a7c492fc (B, compute_r_σ, T, get_greedy, T_σ, optimistic_policy_iteration)
error: TracerBoolConversionError
category: while-traced-test-nested-static-for
expect: fix
notes: the operators and `optimistic_policy_iteration` are verbatim, with the lecture's `jax.jit(..., static_argnums=...)` wrappers. `create_investment_model` needs quantecon's `tauchen`, so the model tuple is built directly instead: constants from the lecture defaults except r = 0.1 (β = 1/1.1, so the eager run stays under a second), sizes (12, 5), and the arrays (y_grid, z_grid, Q) are the traced inputs (Q a random row-stochastic matrix standing in for the Tauchen matrix). The lecture runs OPI eagerly; `f` jits the whole solve over the arrays and the tolerance, as a user timing the three solvers under jit would. tol is 1e-2, 1e-1 or 1 (float32: the lecture's 1e-5 is below the float32 resolution of values near 1e3).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
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


def T(v, constants, sizes, arrays):
    """The Bellman operator."""
    return jnp.max(B(v, constants, sizes, arrays), axis=2)

T = jax.jit(T, static_argnums=(2,))


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


r, a_0, a_1, γ, c = 0.1, 10.0, 1.0, 25.0, 1.0
constants = 1 / (1 + r), a_0, a_1, γ, c
sizes = 12, 5

f = jax.jit(lambda arrays, tol: optimistic_policy_iteration((constants, sizes, arrays), tol=tol))
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    y_size, z_size = sizes
    y_grid = np.linspace(0.0, rng.uniform(8.0, 20.0), y_size).astype(np.float32)
    z_grid = np.sort(rng.normal(scale=2.0, size=z_size)).astype(np.float32)
    Q = rng.dirichlet(np.ones(z_size) * 2.0, size=z_size).astype(np.float32)
    tol = float(rng.choice([1e-2, 1e-1, 1.0]))
    return ((y_grid, z_grid, Q), tol)


INPUTS = make_inputs


@jax.jit
def reference_fix(arrays, tol):
    m = 10

    def cond(state):
        v, error = state
        return error > tol

    def body(state):
        v, _ = state
        last_v = v
        σ = get_greedy(v, constants, sizes, arrays)
        v = lax.fori_loop(0, m, lambda _, v: T_σ(v, σ, constants, sizes, arrays), v)
        return v, jnp.max(jnp.abs(v - last_v))

    v, _ = lax.while_loop(cond, body, (jnp.zeros(sizes), tol + 1))
    return get_greedy(v, constants, sizes, arrays)
