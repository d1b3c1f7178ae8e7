"""SCaSML's Legendre-Gauss quadrature: a Newton `while` on jnp.max(...) > eps, jitted.

source: Francis-Fan-create/SCaSML solvers/ScaSML.py at 04c729061b6768e18ba07a36c6df82329c9ea83e (ScaSML.lgwt, the jax.numpy port of the classic MATLAB lgwt.m)
error: TracerBoolConversionError
category: while-traced-convergence
expect: fix
notes: The method body is verbatim (comments included); only `self` was dropped because lgwt never
  uses it. The original calls lgwt eagerly from approx_parameters; here it is jitted with the node count
  N static (static_argnums=0) and the interval ends a, b traced. Under jit even the N-only iterate `y` is a
  tracer, so `while jnp.max(jnp.abs(y - y0)) > eps and iteration < max_iter` fails although nothing in
  the loop depends on a or b. Inner `for k in range(2, N1 + 1)` is a static loop and must stay as it is.
  With eps = 2.2204e-16 in float32 the loop usually runs to max_iter; a fix must keep both exits.
  The port is numerically chaotic for N >= 5 (eager and compiled rounding diverge), so make_inputs
  draws N from {2, 3, 4}; N = 2 gives a NaN weight in the original too.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def lgwt(N, a, b):
    '''
    Computes the Legendre-Gauss nodes and weights for numerical integration.

    Args:
        N (int): The number of nodes and weights to compute.
        a (float): The lower bound of the integration interval.
        b (float): The upper bound of the integration interval.

    Returns:
        tuple: A tuple containing two arrays. The first array contains the nodes (shape: (N,)),
            and the second array contains the weights (shape: (N,)).
    '''
    N -= 1  # Adjust N for zero-based indexing
    N1, N2 = N + 1, N + 2  # Adjusted counts for nodes and weights
    xu = jnp.linspace(-1, 1, N1).reshape(1, -1)  # Initial uniform nodes on [-1, 1], reshaped to row vector
    # Initial guess for nodes using cosine transformation and correction term
    y = jnp.cos((2 * jnp.arange(0, N + 1, 1) + 1) * jnp.pi / (2 * N + 2)) + (0.27 / N1) * jnp.sin(jnp.pi * xu * N / N2)
    L = jnp.zeros((N1, N2))  # Initialize Legendre-Gauss Vandermonde Matrix
    Lp = jnp.zeros((N1, N2))  # Initialize derivative of LG Vandermonde Matrix
    y0 = 2  # Initial value for iteration comparison
    # Iterative computation using Newton-Raphson method
    eps = 2.2204e-16
    iteration = 0
    max_iter = 100
    while jnp.max(jnp.abs(y - y0)) > eps and iteration < max_iter:
        L = L.at[:, 0].set(1)
        Lp = Lp.at[:, 0].set(0)
        L = L.at[:, 1].set(y[0,0])
        Lp = Lp.at[:, 1].set(1)
        for k in range(2, N1 + 1):
            L = L.at[:, k].set((((2 * k - 1) * y * L[:, k - 1] - (k - 1) * L[:, k - 2]) / k)[0])
        Lp = (N2) * (L[:, N1 - 1] - y * L[:, N2 - 1]) / (1 - y * y)
        y0 = y
        y = y0 - L[:, N2 - 1] / Lp
        iteration += 1
    x = (a * (1 - y) + b * (1 + y)) / 2  # Map nodes to [a, b]
    w = (b - a) / ((1 - y * y) * (Lp * Lp)) * (N2 * N2) / (N1 * N1)  # Compute weights
    return x[0], w[0]


f = jax.jit(lgwt, static_argnums=0)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    N = int(rng.choice([2, 3, 4]))
    a = np.float32(rng.uniform(-1.0, 0.5))
    b = np.float32(a + rng.uniform(0.5, 2.0))
    return (N, a, b)


INPUTS = make_inputs


def _reference(N, a, b):
    N -= 1
    N1, N2 = N + 1, N + 2
    xu = jnp.linspace(-1, 1, N1).reshape(1, -1)
    y = jnp.cos((2 * jnp.arange(0, N + 1, 1) + 1) * jnp.pi / (2 * N + 2)) + (0.27 / N1) * jnp.sin(jnp.pi * xu * N / N2)
    L = jnp.zeros((N1, N2))
    Lp = jnp.zeros((N1, N2))
    y0 = jnp.full_like(y, 2.0)
    eps = 2.2204e-16
    max_iter = 100

    def cond(c):
        y, y0, L, Lp, it = c
        return (jnp.max(jnp.abs(y - y0)) > eps) & (it < max_iter)

    def body(c):
        y, y0, L, Lp, it = c
        L = L.at[:, 0].set(1)
        Lp = Lp.at[:, 0].set(0)
        L = L.at[:, 1].set(y[0, 0])
        Lp = Lp.at[:, 1].set(1)
        for k in range(2, N1 + 1):
            L = L.at[:, k].set((((2 * k - 1) * y * L[:, k - 1] - (k - 1) * L[:, k - 2]) / k)[0])
        Lp_new = (N2) * (L[:, N1 - 1] - y * L[:, N2 - 1]) / (1 - y * y)
        y_new = y - L[:, N2 - 1] / Lp_new
        # Lp changes shape after the first pass ((N1, N2) -> (1, N1)); keep a fixed carry shape
        return y_new, y, L, Lp_new, it + 1

    # The first pass turns Lp from (N1, N2) into (1, N1); run it once outside the loop
    # (the loop always runs at least once: max|y - 2| > eps) so the carry has a fixed shape.
    y, y0, L, Lp, it = body((y, y0, L, Lp, 0))
    y, y0, L, Lp, it = lax.while_loop(cond, body, (y, y0, L, Lp, it))
    x = (a * (1 - y) + b * (1 + y)) / 2
    w = (b - a) / ((1 - y * y) * (Lp * Lp)) * (N2 * N2) / (N1 * N1)
    return x[0], w[0]


reference_fix = jax.jit(_reference, static_argnums=0)
