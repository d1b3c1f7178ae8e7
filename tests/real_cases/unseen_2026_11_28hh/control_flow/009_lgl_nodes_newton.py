"""Legendre-Gauss-Lobatto nodes by Newton iteration: `while jnp.max(jnp.abs(x - xold)) > eps`.

source: public spike-train quadrature script in the code index (code-index file id 18214644058; imports
    poisson_point_process.{utils, simulate, poisson_process_glm, poisson_process_obs_model, basis} and
    jaxopt.GradientDescent; functions glnodes, precompute_quad_nodes, compute_quadrature_nll, make_compute_nll);
    the index does not name the repository
error: TracerBoolConversionError
category: while-convergence
expect: fix
notes: glnodes verbatim; `f = jax.jit(glnodes, static_argnums=0)` added as the entry point (the script calls it from
    precompute_quad_nodes on each distinct node count). N is static; every array inside is still traced under jit,
    so the Python `while` on the convergence test leaks. The inner `for k in range(1, N)` is static and fine. With
    jax's default float32 the loop stops only at an exact fixed point, which the eager loop does not reach for some
    N (5, 8, 10, 11, 13, 16-18 oscillate forever), so inputs are restricted to N in {2, 3, 4, 6, 7, 9, 12}.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def glnodes(N):
    """
    Computes the Legendre-Gauss-Lobatto (LGL) nodes and weights.
    Parameters:
        N (int): The number of intervals (number of nodes is N+1)
    Returns:
        x (np.ndarray): LGL nodes (size N+1)
        w (np.ndarray): Corresponding weights for integration (size N+1)
        P (np.ndarray): Vandermonde matrix of Legendre polynomials evaluated at nodes (shape (N+1, N+1))
    """
    N1 = N + 1
    x = jnp.cos(jnp.pi * jnp.arange(N1) / N)  # Chebyshev-Gauss-Lobatto initial guess
    P = jnp.zeros((N1, N1))
    xold = 2 * jnp.ones_like(x)
    eps = jnp.finfo(float).eps
    # Newton-Raphson method
    while jnp.max(jnp.abs(x - xold)) > eps:
        xold = x.copy()
        # P[:, 0] = 1
        # P[:, 1] = x
        P = P.at[:, 0].set(1)
        P = P.at[:, 1].set(x)
        for k in range(1, N):
            P = P.at[:, k + 1].set(((2 * k + 1) * x * P[:, k] - k * P[:, k - 1]) / (k + 1))
        x = xold - (x * P[:, N] - P[:, N - 1]) / (N1 * P[:, N])
    w = 2.0 / (N * N1 * P[:, N] ** 2)
    return x, w, P


f = jax.jit(glnodes, static_argnums=0)
# --- end user code ---

from functools import partial

from jax import lax


def make_inputs(rng):
    return (int(rng.choice([2, 3, 4, 6, 7, 9, 12])),)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=0)
def reference_fix(N):
    N1 = N + 1
    x = jnp.cos(jnp.pi * jnp.arange(N1) / N)
    P = jnp.zeros((N1, N1))
    xold = 2 * jnp.ones_like(x)
    eps = jnp.finfo(float).eps

    def body(s):
        x, xold, P, it = s
        xold = x
        P = P.at[:, 0].set(1)
        P = P.at[:, 1].set(x)
        for k in range(1, N):
            P = P.at[:, k + 1].set(((2 * k + 1) * x * P[:, k] - k * P[:, k - 1]) / (k + 1))
        x = xold - (x * P[:, N] - P[:, N - 1]) / (N1 * P[:, N])
        return x, xold, P, it + 1

    # iteration cap only as a guard against a float32 2-cycle; the eager loop converges for the inputs used
    x, _, P, _ = lax.while_loop(lambda s: (jnp.max(jnp.abs(s[0] - s[1])) > eps) & (s[3] < 1000), body,
                                (x, xold, P, 0))
    w = 2.0 / (N * N1 * P[:, N] ** 2)
    return x, w, P
