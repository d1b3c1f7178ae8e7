"""Conjugate-gradient normal-equation solver of a trust-region-reflective least-squares code: @jit with an early `return` inside the loop.

source: NLSQ (JAX port of scipy's curve_fit/least_squares; `from nlsq.stability.svd_fallback import compute_svd_with_fallback`) trust-region module in the code index (code-index file id 9637682960: class `TrustRegionJITFunctions.create_iterative_solvers` defining `conjugate_gradient_solve`, `solve_tr_subproblem_cg`, `solve_tr_subproblem_cg_bounds`; class `TrustRegionReflective`). A later stored revision of the same module (code-index file id 53785197673) says "The while_loop convergence check provides early exit", i.e. the loop was moved to lax.while_loop. The index does not name the repository.
error: TracerBoolConversionError
category: for-early-return-convergence
expect: fix
notes: `conjugate_gradient_solve` is verbatim, including its `@jit` decorator; in the package it is a closure created
  inside `TrustRegionJITFunctions.create_iterative_solvers(self)` and stored as `self.conjugate_gradient_solve`;
  here it is lifted to module level (it uses nothing from `self`). The module constants it reads are copied from
  the same file: NUMERICAL_ZERO_THRESHOLD = 1e-14, DEFAULT_TOLERANCE = 1e-6. `f = conjugate_gradient_solve`.
  `if max_iter is None: max_iter = min(n, 100)` is static (shape), `jnp.where` already guards pAp, but
  `if jnp.sqrt(rsnew) < tol: return x, jnp.sqrt(rsnew), i + 1` needs a concrete value. Three results, one of them
  the iteration count (`i + 1` or `max_iter`). Inputs: J with orthonormal columns and a scaling d with 1, 2 or 4
  distinct levels, so CG stops after 1, 2 or 4 steps with the residual far below tol (and far above it before),
  plus some residual vectors holding a NaN (the test never passes; the loop runs out and returns max_iter).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import jit

# Numerical stability thresholds
NUMERICAL_ZERO_THRESHOLD = 1e-14  # Threshold for values considered numerically zero
DEFAULT_TOLERANCE = 1e-6  # Default tolerance for iterative solvers


@jit
def conjugate_gradient_solve(
    J: jnp.ndarray,
    f: jnp.ndarray,
    d: jnp.ndarray,
    alpha: float = 0.0,
    max_iter: int = None,
    tol: float = DEFAULT_TOLERANCE,
) -> tuple[jnp.ndarray, jnp.ndarray, int]:
    """Solve the normal equations using conjugate gradient method.

    Solves (J^T J + alpha*I) p = -J^T f using CG without forming J^T J explicitly.

    Parameters
    ----------
    J : jnp.ndarray
        Jacobian matrix (m x n)
    f : jnp.ndarray
        Residual vector (m,)
    d : jnp.ndarray
        Scaling diagonal (n,)
    alpha : float
        Regularization parameter
    max_iter : int, optional
        Maximum CG iterations (default: min(n, 100))
    tol : float
        Convergence tolerance

    Returns
    -------
    p : jnp.ndarray
        Solution vector (n,)
    residual_norm : jnp.ndarray
        Final residual norm
    n_iter : int
        Number of CG iterations
    """
    # Solve (J^T J + alpha I) x = -J^T f using conjugate gradient
    _m, n = J.shape
    if max_iter is None:
        max_iter = min(n, 100)

    # Scale Jacobian and setup RHS
    J_scaled = J * d[None, :]
    b = -J_scaled.T @ f

    # Initialize CG
    x = jnp.zeros(n)
    r = b
    p = r.copy()
    rsold = jnp.dot(r, r)

    for i in range(max_iter):
        # Matrix-vector product: (J^T J + alpha I) p
        Jp = J_scaled @ p
        JTJp = J_scaled.T @ Jp
        Ap = JTJp + alpha * p

        # Step size
        pAp = jnp.dot(p, Ap)
        pAp = jnp.where(
            jnp.abs(pAp) < NUMERICAL_ZERO_THRESHOLD,
            NUMERICAL_ZERO_THRESHOLD,
            pAp,
        )
        alpha_cg = rsold / pAp

        # Update solution and residual
        x = x + alpha_cg * p
        r = r - alpha_cg * Ap
        rsnew = jnp.dot(r, r)

        # Check convergence
        if jnp.sqrt(rsnew) < tol:
            return x, jnp.sqrt(rsnew), i + 1

        # Update search direction
        beta = rsnew / rsold
        p = r + beta * p
        rsold = rsnew

    return x, jnp.sqrt(rsold), max_iter


f = conjugate_gradient_solve
# --- end user code ---

import numpy as np
import jax
from jax import lax


def make_inputs(rng):
    m, n = 8, 4
    # J^T J = I, so the scaled normal matrix has eigenvalues d_i^2 + alpha: CG stops (well below tol) after as
    # many steps as d has distinct values (1, 2 or 4 here); the residual before that stays far above tol.
    Q, _ = np.linalg.qr(rng.normal(size=(m, n)))
    k = int(rng.choice([1, 2, 4]))
    levels = rng.uniform(0.5, 2.0, size=k)
    d = levels[np.arange(n) % k]
    f = 1e-3 * rng.normal(size=m)
    if rng.uniform() < 0.2:
        f[int(rng.integers(m))] = np.nan      # a NaN residual: the test never passes, the loop runs out
    alpha = float(rng.choice([0.0, 0.1]))
    return (Q.astype(np.float32), f.astype(np.float32), d.astype(np.float32), alpha)


INPUTS = make_inputs


@jax.jit
def reference_fix(J, f, d, alpha=0.0, tol=DEFAULT_TOLERANCE):
    _m, n = J.shape
    max_iter = min(n, 100)
    J_scaled = J * d[None, :]
    b = -J_scaled.T @ f

    def cond(c):
        i, x, r, p, rsold, rsnew, done = c
        return (i < max_iter) & ~done

    def body(c):
        i, x, r, p, rsold, _, done = c
        Ap = J_scaled.T @ (J_scaled @ p) + alpha * p
        pAp = jnp.dot(p, Ap)
        pAp = jnp.where(jnp.abs(pAp) < NUMERICAL_ZERO_THRESHOLD, NUMERICAL_ZERO_THRESHOLD, pAp)
        a = rsold / pAp
        x = x + a * p
        r = r - a * Ap
        rsnew = jnp.dot(r, r)
        done = jnp.sqrt(rsnew) < tol
        p_next = r + (rsnew / rsold) * p
        return (i + 1, x, r, jnp.where(done, p, p_next), jnp.where(done, rsold, rsnew), rsnew, done)

    rs0 = jnp.dot(b, b)
    i, x, r, p, rsold, rsnew, done = lax.while_loop(
        cond, body, (0, jnp.zeros(n), b, b, rs0, rs0, jnp.array(False)))
    return x, jnp.where(done, jnp.sqrt(rsnew), jnp.sqrt(rsold)), jnp.where(done, i, max_iter)
