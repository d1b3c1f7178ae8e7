"""LSMR whose `lax.while_loop` condition is a nested function with a ternary on the enclosing `b`.

source: lenardrommel/linox linox/_algorithms/_lsmr.py, early revision of lsmr_solve (the one with `if beta == 0:` early returns, the `converged` closure's `test2 = ... if jnp.linalg.norm(b) > 0 else normr`, the Python `if itn >= maxiter: istop = 5 ...` chain and `float(normr)` in `info`); later revisions of the same file (e.g. 6ad988aceb05ded8702ea870bdf14f047410aedc) and linox/linalg/approx/lsmr.py at 47edab4c6d6218e3f18283b2ba565bd6b9cd0f4b rewrote it with `jnp.where` so that it traces
error: TracerBoolConversionError
category: closure-cond-fun-ternary
expect: fix
notes: lsmr_solve is verbatim (docstring shortened) except one unrelated bug of that revision:
  `final_carry, _ = lax.while_loop(...)` (while_loop returns the carry itself, so the unpacking
  failed even eagerly) is written `final_carry = lax.while_loop(...)`; `linox.typing` aliases are
  replaced by `Any`.
  `f = jax.jit(lsmr_solve)` is how a user calls it on a dense matrix (A supports `@` and `.T`).
  Several leaks sit at different depths: the `converged` function handed to `lax.while_loop` reads
  the enclosing function's `b` and uses it in a ternary (the first to fire once the early-return
  guards are fixed), the `if beta == 0` / `if alpha == 0` early returns, the `istop` chain and the
  `float()` conversions. Inputs include b = 0 (beta == 0), b orthogonal to range(A) (alpha == 0),
  a scaled orthonormal A (converges at once, istop 3) and random A (runs to maxiter, istop 5).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any

import jax
import jax.numpy as jnp
from jax import lax

ArrayLike = Any
LinearOperatorLike = Any


def lsmr_solve(
    A: LinearOperatorLike,
    b: ArrayLike,
    atol: float = 1e-6,
    btol: float = 1e-6,
    conlim: float = 1e8,
    maxiter: int | None = None,
    damp: float = 0.0,
    x0: ArrayLike | None = None,
) -> tuple[jax.Array, dict]:
    """Solve least-squares problem min ||Ax - b||_2 using LSMR algorithm."""
    b = jnp.asarray(b)
    m = b.shape[0]

    # Get matrix shape
    if hasattr(A, "shape"):
        n = A.shape[1]
    else:
        n = A.shape[1]

    if maxiter is None:
        maxiter = min(m, n)

    # Initialize x
    if x0 is None:
        x = jnp.zeros(n)
        u = b.copy()
        beta = jnp.linalg.norm(u)
    else:
        x = jnp.asarray(x0)
        u = b - A @ x
        beta = jnp.linalg.norm(u)

    # Handle zero RHS
    if beta == 0:
        return x, {
            "istop": 0,
            "itn": 0,
            "normr": 0.0,
            "normar": 0.0,
            "normA": 0.0,
            "condA": 0.0,
            "normx": jnp.linalg.norm(x),
        }

    u = u / beta

    # Apply A^T to u
    if hasattr(A, "T"):
        v = A.T @ u
    else:
        v = A.T @ u

    alpha = jnp.linalg.norm(v)

    if alpha == 0:
        return x, {
            "istop": 0,
            "itn": 0,
            "normr": beta,
            "normar": 0.0,
            "normA": 0.0,
            "condA": 0.0,
            "normx": jnp.linalg.norm(x),
        }

    v = v / alpha

    # Initialize variables
    alphabar = alpha
    zetabar = alpha * beta
    rho = 1.0
    rhobar = 1.0
    cbar = 1.0
    sbar = 0.0

    h = v.copy()
    hbar = jnp.zeros(n)

    # Norms and stopping criteria
    normA2 = alpha * alpha
    maxrbar = 0.0
    minrbar = 1e100
    normA = jnp.sqrt(normA2)
    condA = 1.0
    normx = 0.0

    # Iteration state
    def lsmr_step(carry, _):
        (
            x,
            u,
            v,
            alpha,
            beta,
            alphabar,
            zetabar,
            rho,
            rhobar,
            cbar,
            sbar,
            h,
            hbar,
            normA2,
            maxrbar,
            minrbar,
            k,
        ) = carry

        # Bidiagonalization
        u = A @ v - alpha * u
        beta = jnp.linalg.norm(u)
        u = lax.cond(beta > 0, lambda: u / beta, lambda: u)

        normA2 = normA2 + alpha * alpha + beta * beta + damp * damp

        if hasattr(A, "T"):
            v = A.T @ u - beta * v
        else:
            v = A.T @ u - beta * v

        alpha = jnp.linalg.norm(v)
        v = lax.cond(alpha > 0, lambda: v / alpha, lambda: v)

        # Construct and apply rotation
        rhobar1 = jnp.sqrt(rhobar * rhobar + damp * damp)
        cs1 = rhobar / rhobar1
        sn1 = damp / rhobar1
        psi = sn1 * alphabar
        alphabar = cs1 * alphabar

        # Second rotation
        rho = jnp.sqrt(rhobar1 * rhobar1 + beta * beta)
        cs = rhobar1 / rho
        sn = beta / rho
        theta = sn * alpha
        rhobar = -cs * alpha
        phi = cs * zetabar
        zetabar = sn * zetabar

        # Update h, hbar, and x
        hbar = h - (theta * rhobar / (rho * rho)) * hbar
        x = x + (phi / rho) * hbar
        h = v - (theta / rho) * h

        # Estimate norms
        normA = jnp.sqrt(normA2)
        condA = normA * jnp.sqrt(jnp.abs(maxrbar / minrbar))
        normr = jnp.abs(zetabar)
        normx = jnp.linalg.norm(x)

        # Update min/max rbar
        maxrbar = jnp.maximum(maxrbar, rhobar)
        minrbar = lax.cond(k == 0, lambda: rhobar, lambda: jnp.minimum(minrbar, rhobar))

        return (
            x,
            u,
            v,
            alpha,
            beta,
            alphabar,
            zetabar,
            rho,
            rhobar,
            cbar,
            sbar,
            h,
            hbar,
            normA2,
            maxrbar,
            minrbar,
            k + 1,
        ), None

    # Convergence condition
    def converged(carry):
        (
            _,
            _,
            _,
            _,
            _,
            _,
            zetabar,
            _,
            _,
            _,
            _,
            _,
            _,
            normA2,
            _,
            _,
            k,
        ) = carry
        normA = jnp.sqrt(normA2)
        normr = jnp.abs(zetabar)
        # Test convergence
        test1 = normr / (normA * jnp.linalg.norm(x) + jnp.linalg.norm(b))
        test2 = normr / jnp.linalg.norm(b) if jnp.linalg.norm(b) > 0 else normr

        converged = (test1 <= atol) | (test2 <= btol)
        continue_iter = (~converged) & (k < maxiter)

        return continue_iter

    # Run iterations
    init_carry = (
        x,
        u,
        v,
        alpha,
        beta,
        alphabar,
        zetabar,
        rho,
        rhobar,
        cbar,
        sbar,
        h,
        hbar,
        normA2,
        maxrbar,
        minrbar,
        0,
    )

    final_carry = lax.while_loop(converged, lambda c: lsmr_step(c, None)[0], init_carry)

    (
        x,
        _,
        _,
        _,
        _,
        _,
        zetabar,
        _,
        _,
        _,
        _,
        _,
        _,
        normA2,
        maxrbar,
        minrbar,
        itn,
    ) = final_carry

    # Determine stopping condition
    normA = jnp.sqrt(normA2)
    condA = normA * jnp.sqrt(jnp.abs(maxrbar / minrbar))
    normr = jnp.abs(zetabar)
    normar = jnp.abs(zetabar) * normA
    normx = jnp.linalg.norm(x)

    test1 = normr / (normA * normx + jnp.linalg.norm(b))
    test2 = normr / jnp.linalg.norm(b) if jnp.linalg.norm(b) > 0 else normr

    if itn >= maxiter:
        istop = 5
    elif test1 <= atol and test2 <= btol:
        istop = 3
    elif test1 <= atol:
        istop = 1
    elif test2 <= btol:
        istop = 2
    elif condA >= conlim:
        istop = 4
    else:
        istop = 0

    info = {
        "istop": istop,
        "itn": itn,
        "normr": float(normr),
        "normar": float(normar),
        "normA": float(normA),
        "condA": float(condA),
        "normx": float(normx),
    }

    return x, info


f = jax.jit(lsmr_solve)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    m, n = 7, 4
    kind = rng.integers(0, 4)
    if kind == 0:        # zero right-hand side: beta == 0
        A = rng.normal(size=(m, n))
        b = np.zeros(m)
    elif kind == 1:      # b orthogonal to range(A): alpha == 0
        A = rng.normal(size=(m, n))
        A[n:, :] = 0.0
        b = np.zeros(m)
        b[n:] = rng.normal(size=m - n)
    elif kind == 2:      # scaled orthonormal columns: converges in one step (istop 3)
        q, _ = np.linalg.qr(rng.normal(size=(m, n)))
        A = (1.0 + rng.random()) * q
        b = A @ rng.normal(size=n)
    else:                # generic least squares: runs to maxiter (istop 5)
        A = rng.normal(size=(m, n))
        b = rng.normal(size=m)
    return (A.astype(np.float32), b.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(A, b, atol=1e-6, btol=1e-6, conlim=1e8, damp=0.0):
    b = jnp.asarray(b)
    m = b.shape[0]
    n = A.shape[1]
    maxiter = min(m, n)
    x = jnp.zeros(n)
    u = b.copy()
    beta = jnp.linalg.norm(u)
    normb = jnp.linalg.norm(b)
    u = u / jnp.where(beta == 0, 1.0, beta)
    v = A.T @ u
    alpha = jnp.linalg.norm(v)
    v = v / jnp.where(alpha == 0, 1.0, alpha)

    def step(c):
        x, u, v, alpha, beta, alphabar, zetabar, rho, rhobar, h, hbar, normA2, maxrbar, minrbar, k = c
        u = A @ v - alpha * u
        beta = jnp.linalg.norm(u)
        u = jnp.where(beta > 0, u / jnp.where(beta > 0, beta, 1.0), u)
        normA2 = normA2 + alpha * alpha + beta * beta + damp * damp
        v = A.T @ u - beta * v
        alpha = jnp.linalg.norm(v)
        v = jnp.where(alpha > 0, v / jnp.where(alpha > 0, alpha, 1.0), v)
        rhobar1 = jnp.sqrt(rhobar * rhobar + damp * damp)
        cs1 = rhobar / rhobar1
        alphabar = cs1 * alphabar
        rho = jnp.sqrt(rhobar1 * rhobar1 + beta * beta)
        cs = rhobar1 / rho
        sn = beta / rho
        theta = sn * alpha
        rhobar = -cs * alpha
        phi = cs * zetabar
        zetabar = sn * zetabar
        hbar = h - (theta * rhobar / (rho * rho)) * hbar
        x = x + (phi / rho) * hbar
        h = v - (theta / rho) * h
        maxrbar = jnp.maximum(maxrbar, rhobar)
        minrbar = jnp.where(k == 0, rhobar, jnp.minimum(minrbar, rhobar))
        return (x, u, v, alpha, beta, alphabar, zetabar, rho, rhobar, h, hbar, normA2, maxrbar, minrbar, k + 1)

    x_init = x

    def cond(c):
        zetabar, normA2, k = c[6], c[11], c[14]
        normA = jnp.sqrt(normA2)
        normr = jnp.abs(zetabar)
        test1 = normr / (normA * jnp.linalg.norm(x_init) + normb)
        test2 = jnp.where(normb > 0, normr / jnp.where(normb > 0, normb, 1.0), normr)
        return (~((test1 <= atol) | (test2 <= btol))) & (k < maxiter)

    init = (x, u, v, alpha, beta, alpha, alpha * beta, jnp.float32(1.0), jnp.float32(1.0), v, jnp.zeros(n),
            alpha * alpha, jnp.float32(0.0), jnp.float32(1e30), 0)
    fc = jax.lax.while_loop(cond, step, init)
    xm, zetabar, normA2, maxrbar, minrbar, itn = fc[0], fc[6], fc[11], fc[12], fc[13], fc[14]
    normA = jnp.sqrt(normA2)
    condA = normA * jnp.sqrt(jnp.abs(maxrbar / minrbar))
    normr = jnp.abs(zetabar)
    normar = normr * normA
    normx = jnp.linalg.norm(xm)
    test1 = normr / (normA * normx + normb)
    test2 = jnp.where(normb > 0, normr / jnp.where(normb > 0, normb, 1.0), normr)
    istop = jnp.select(
        [itn >= maxiter, (test1 <= atol) & (test2 <= btol), test1 <= atol, test2 <= btol, condA >= conlim],
        [5, 3, 1, 2, 4], 0)

    early = (beta == 0) | (alpha == 0)
    z = jnp.float32(0.0)
    info = {
        "istop": jnp.where(early, 0, istop),
        "itn": jnp.where(early, 0, itn),
        "normr": jnp.where(beta == 0, z, jnp.where(alpha == 0, beta, normr)),
        "normar": jnp.where(early, z, normar),
        "normA": jnp.where(early, z, normA),
        "condA": jnp.where(early, z, condA),
        "normx": jnp.where(early, jnp.linalg.norm(x_init), normx),
    }
    return jnp.where(early, x_init, xm), info
