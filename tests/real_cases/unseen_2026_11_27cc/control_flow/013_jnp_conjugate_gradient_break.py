"""A bare jax.numpy conjugate gradient with a matvec callback: `for _ in range(maxiter)` and a traced `break`.

source: public jax.numpy conjugate-gradient module in the code index (code-index file id 69353605160: `conjugate_gradient(A, b, matvec, tol=1e-8, maxiter=1000)`, the whole file; the index does not name the repository)
error: TracerBoolConversionError
category: for-break-convergence
expect: fix
notes: the function verbatim (the file is just this function). Entry point added: `f(A, b)` jits
  `conjugate_gradient(A, b, lambda M, v: M @ v, tol=1e-4, maxiter=6)`; the module defaults (tol=1e-8,
  maxiter=1000) never stop early in float32 and run into 0/0 once the residual is exhausted. Unlike a
  solver that also reports an iteration count, only `x` is returned, so a fix may keep iterating with masked
  updates (fori_loop + jnp.where on a done flag) or use lax.while_loop. Inputs (n = 10): half of the trials
  use c*I + u u^T (converged after two iterations, the `break` path), the rest an SPD matrix with
  eigenvalues spread over [1, 100] (all 6 iterations run).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

def conjugate_gradient(A, b, matvec, tol=1e-8, maxiter=1000):
    n = A.shape[0]
    x = jnp.zeros_like(b)
    r = b - matvec(A, x)
    p = r
    rsold = jnp.dot(r, r)

    for _ in range(maxiter):
        Ap = matvec(A, p)
        alpha = rsold / jnp.dot(p, Ap)
        x = x + alpha * p
        r = r - alpha * Ap
        rsnew = jnp.dot(r, r)
        if jnp.sqrt(rsnew) < tol:
            break
        beta = rsnew / rsold
        p = r + beta * p
        rsold = rsnew
    return x


@jax.jit
def f(A, b):
    return conjugate_gradient(A, b, lambda M, v: M @ v, tol=1e-4, maxiter=6)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 10
    b = rng.normal(size=(n,))
    if rng.random() < 0.5:
        u = rng.normal(size=(n,))
        A = (0.5 + rng.random()) * np.eye(n) + np.outer(u, u)
    else:
        q, _ = np.linalg.qr(rng.normal(size=(n, n)))
        A = q @ np.diag(np.geomspace(1.0, 100.0, n)) @ q.T
    return (A.astype(np.float32), b.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(A, b):
    tol, maxiter = 1e-4, 6
    x = jnp.zeros_like(b)
    r = b - A @ x
    p = r
    rsold = jnp.dot(r, r)

    def body(_, carry):
        x, r, p, rsold, done = carry
        Ap = A @ p
        alpha = rsold / jnp.dot(p, Ap)
        x_new = x + alpha * p
        r_new = r - alpha * Ap
        rsnew = jnp.dot(r_new, r_new)
        stop = jnp.sqrt(rsnew) < tol
        p_new = r_new + (rsnew / rsold) * p
        x = jnp.where(done, x, x_new)
        r = jnp.where(done, r, r_new)
        p = jnp.where(done | stop, p, p_new)
        rsold = jnp.where(done | stop, rsold, rsnew)
        return x, r, p, rsold, done | stop

    x, r, p, rsold, done = jax.lax.fori_loop(0, maxiter, body, (x, r, p, rsold, jnp.bool_(False)))
    return x
