"""Conjugate gradient with `return x, k` inside the Python `for` loop when the residual is small.

source: bogdantoader/simplecryoem src/algorithm.py at 05c13c01283ed9817776542835b875b86f6fd1e0 (conjugate_gradient)
error: TracerBoolConversionError
category: for-early-return-solver
expect: fix
notes: conjugate_gradient verbatim (the commented-out tqdm/print lines dropped); the caller passes op as a dense matvec, jits it with `iterations` static and eps=1e-4 (the default 1e-16 is never reached in float32, so the early return would never run).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


def conjugate_gradient(op, b, x0, iterations, eps = 1e-16, verbose = False):
    """ Apply the conjugate gradient method where op(x) performs Ax for
    Hermitian positive-definite matrix A."""
    r = b - op(x0)

    x = x0
    p = r
    for k in range(iterations):
        rkTrk = jnp.sum(jnp.conj(r) * r)
        Ap = op(p)

        alpha = rkTrk / jnp.sum(jnp.conj(p) * Ap)

        x = x + alpha * p
        r = r - alpha * Ap

        norm_r = jnp.linalg.norm(r.ravel(),2)
        if norm_r < eps:
            return x, k

        beta = jnp.sum(jnp.conj(r) * r) / rkTrk
        p = r + beta * p

        if verbose and jnp.mod(k,10) == 0:
            print("  cg iter", k, "||r|| =", norm_r)

    return x, k


@partial(jax.jit, static_argnames=("iterations",))
def f(A, b, x0, iterations):
    return conjugate_gradient(lambda v: A @ v, b, x0, iterations, eps=1e-4)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n = 6
    M = rng.normal(size=(n, n))
    A = (M @ M.T + n * np.eye(n)).astype(np.float32)
    b = rng.normal(size=(n,)).astype(np.float32)
    x0 = np.zeros(n, dtype=np.float32)
    iterations = int(rng.choice([2, 3, 12]))  # 2, 3: stops before convergence; 12: early return
    return (A, b, x0, iterations)


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("iterations",))
def reference_fix(A, b, x0, iterations):
    eps = 1e-4
    op = lambda v: A @ v
    r = b - op(x0)

    def body(k, state):
        x, r, p, k_out, done = state

        def step(_):
            rkTrk = jnp.sum(jnp.conj(r) * r)
            Ap = op(p)
            alpha = rkTrk / jnp.sum(jnp.conj(p) * Ap)
            x2 = x + alpha * p
            r2 = r - alpha * Ap
            conv = jnp.linalg.norm(r2.ravel(), 2) < eps
            beta = jnp.sum(jnp.conj(r2) * r2) / rkTrk
            p2 = jnp.where(conv, p, r2 + beta * p)
            return x2, r2, p2, jnp.where(conv, k, k_out), conv

        return lax.cond(done, lambda _: (x, r, p, k_out, done), step, None)

    init = (x0, r, r, jnp.int32(iterations - 1), jnp.array(False))
    x, _, _, k_out, _ = lax.fori_loop(0, iterations, body, init)
    return x, k_out
