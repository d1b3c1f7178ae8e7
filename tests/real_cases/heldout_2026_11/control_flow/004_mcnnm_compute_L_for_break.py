"""MC-NNM's compute_L: soft-impute iterations in `for _ in range(max_iter)` with a traced-convergence `break`.

source: tobias-schnabel/mcnnm src/mcnnm/main.py (early revision with compute_L/p_o/p_perp_o/shrink_lambda, before the package moved to lax loops; later revisions of the same path, e.g. 022aab67833e6f651ad0b56fe9a4e6ddaefb25da, no longer contain it)
error: TracerBoolConversionError
category: for-range-break
expect: fix
notes: p_o, p_perp_o, shrink_lambda and compute_L verbatim (docstrings shortened, `Array` alias inlined); f jits compute_L on (Y, O, lambda_L, X, H); gamma/delta/beta/Omega_inv are left as None, so the `is None` defaults stay static Python branches and only the `break` test is traced. X and H are passed because that revision's `H is None` default builds an H whose shape does not fit X (a bug of its own, unrelated to tracing).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Optional

import jax
import jax.numpy as jnp

Array = jnp.ndarray


def p_o(A: Array, mask: Array) -> Array:
    if A.shape != mask.shape:
        raise ValueError("Shapes of A and mask must match.")
    return jnp.where(mask, A, jnp.zeros_like(A))


def p_perp_o(A: Array, O: Array) -> Array:
    if A.shape != O.shape:
        raise ValueError("Shapes of A and mask must match.")
    return jnp.where(O, jnp.zeros_like(A), A)


@jax.jit
def shrink_lambda(A: Array, lambda_: float) -> Array:
    u, s, v_transpose = jnp.linalg.svd(A, full_matrices=False)
    s_shrunk = jnp.maximum(s - lambda_, 0)
    return jnp.dot(u * s_shrunk, v_transpose)


def compute_L(
    Y: Array, O: Array, lambda_L: float, gamma: Optional[Array] = None, delta: Optional[Array] = None,
    beta: Optional[Array] = None, H: Optional[Array] = None, X: Optional[Array] = None,
    Omega_inv: Optional[Array] = None, max_iter: int = 1000, tol: float = 1e-4
) -> Array:
    N, T = Y.shape
    if gamma is None:
        gamma = jnp.zeros(N)
    if delta is None:
        delta = jnp.zeros(T)
    if beta is None:
        beta = jnp.zeros((N, T))
    if H is None or X is None:
        H = jnp.zeros((N + Y.shape[1], T + Y.shape[0]))
        X = jnp.zeros((N, T))
    if Omega_inv is None:
        Omega_inv = jnp.eye(T)

    L = jnp.zeros_like(Y)
    for _ in range(max_iter):
        Y_adj = Y - jnp.outer(gamma, jnp.ones(T)) - jnp.outer(jnp.ones(N), delta) - beta - jnp.dot(X, H)
        L_new = shrink_lambda(p_o(jnp.dot(Y_adj, Omega_inv), O) + p_perp_o(L, O), lambda_L / jnp.sqrt(jnp.sum(O)))
        if jnp.linalg.norm(L_new - L, ord='fro') < tol:
            break
        L = L_new

    return L


@jax.jit
def f(Y, O, lambda_L, X, H):
    return compute_L(Y, O, lambda_L, H=H, X=X)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    N, T = 6, 5
    U = rng.normal(size=(N, 2))
    V = rng.normal(size=(T, 2))
    Y = (U @ V.T + 0.05 * rng.normal(size=(N, T))).astype(np.float32)
    O = rng.uniform(size=(N, T)) < 0.8
    lam = np.float32(rng.uniform(0.5, 3.0))
    X = rng.normal(size=(N, 3)).astype(np.float32)
    H = (0.1 * rng.normal(size=(3, T))).astype(np.float32)
    return (Y, O, lam, X, H)


INPUTS = make_inputs


@jax.jit
def reference_fix(Y, O, lambda_L, X, H):
    N, T = Y.shape
    thr = lambda_L / jnp.sqrt(jnp.sum(O))
    Y_adj = Y - jnp.dot(X, H)

    def step(L):
        return shrink_lambda(jnp.where(O, Y_adj, 0.0) + jnp.where(O, 0.0, L), thr)

    def cond(c):
        i, L, stop = c
        return (i < 1000) & ~stop

    def body(c):
        i, L, _ = c
        L_new = step(L)
        conv = jnp.linalg.norm(L_new - L, ord='fro') < 1e-4
        return i + 1, jnp.where(conv, L, L_new), conv

    _, L, _ = jax.lax.while_loop(cond, body, (0, jnp.zeros_like(Y), False))
    return L
