"""Value function iteration through `successive_approx`: a traced `while ... and k <= max_iter` loop followed by an `if/elif` that prints a warning on the traced error.

source: QuantEcon/lecture-jax lectures/opt_invest.md at 011d6c9d8c627c00c72ffdeb76f26513a7c492fc (successive_approx, B, T, get_greedy, value_iteration)
error: TracerBoolConversionError
category: while-and-traced-test-then-if-elif-print
expect: report
notes: `successive_approx`, `B`, `T`, `get_greedy` and `value_iteration` verbatim, with the lecture's jit wrappers; the model tuple is built directly (quantecon's `tauchen` is not available): lecture default constants with r = 0.1, sizes (12, 5), and the traced arrays (y_grid, z_grid, Q). The lecture calls `value_iteration(model)` eagerly; `f` jits it over the arrays and the tolerance. The loop itself has a while_loop equivalent, but after the loop `if error > tolerance: print("Warning: ...")` / `elif verbose: print(...)` is a data-dependent side effect, so the function should be reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
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


r, a_0, a_1, γ, c = 0.1, 10.0, 1.0, 25.0, 1.0
constants = 1 / (1 + r), a_0, a_1, γ, c
sizes = 12, 5

f = jax.jit(lambda arrays, tol: value_iteration((constants, sizes, arrays), tol=tol))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    y_size, z_size = sizes
    y_grid = np.linspace(0.0, rng.uniform(8.0, 20.0), y_size).astype(np.float32)
    z_grid = np.sort(rng.normal(scale=2.0, size=z_size)).astype(np.float32)
    Q = rng.dirichlet(np.ones(z_size) * 2.0, size=z_size).astype(np.float32)
    tol = float(rng.choice([1e-2, 1e-1, 1.0]))
    return ((y_grid, z_grid, Q), tol)


INPUTS = make_inputs
