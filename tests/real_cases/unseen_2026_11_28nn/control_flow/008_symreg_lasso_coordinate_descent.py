"""Equation-discovery feature selection: LASSO coordinate descent with `if z < 1e-10` per feature and a convergence `break`.

source: sparse-regression model-selection module of an equation-discovery package (greedy_forward_selection, greedy_backward_elimination, exhaustive_search, coordinate_descent_lasso, lasso_path_selection, coordinate_descent_elastic_net, compute_pareto_front, select_features over a basis library of candidate terms), public code index file id 13286729287; the index does not name the repository or commit.
error: TracerBoolConversionError
category: nested-for-if-and-break-on-traced
expect: fix
notes: coordinate_descent_lasso is verbatim (`Optional` imported from typing). lasso_path_selection
  calls it once per alpha of the regularisation path with a warm start; `f` jits it with the design
  matrix, target and alpha traced and max_iter/tol at their defaults. Two leaks: the per-feature
  `if z < 1e-10` on a column norm and the outer `if jnp.max(jnp.abs(w - w_old)) < tol: break`.
  Inputs are a 24x5 standardised design whose third column is zeroed in half the trials (so both
  branches of the per-feature test run) and alpha spanning the active/inactive range.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Optional

import jax
import jax.numpy as jnp


def coordinate_descent_lasso(
    Phi: jnp.ndarray,
    y: jnp.ndarray,
    alpha: float,
    max_iter: int = 1000,
    tol: float = 1e-6,
    warm_start: Optional[jnp.ndarray] = None,
) -> jnp.ndarray:
    """
    Solve LASSO using coordinate descent.

    minimize (1/2n) ||y - Phi @ w||^2 + alpha * ||w||_1

    Parameters
    ----------
    Phi : jnp.ndarray
        Design matrix (should be standardized).
    y : jnp.ndarray
        Target vector (should be centered).
    alpha : float
        Regularization parameter.
    max_iter : int
        Maximum iterations.
    tol : float
        Convergence tolerance.
    warm_start : jnp.ndarray, optional
        Initial coefficients.

    Returns
    -------
    coefficients : jnp.ndarray
        LASSO coefficients.
    """
    n_samples, n_features = Phi.shape

    if warm_start is not None:
        w = warm_start.copy()
    else:
        w = jnp.zeros(n_features)

    # Precompute for efficiency
    Phi_sq_sum = jnp.sum(Phi ** 2, axis=0)

    for iteration in range(max_iter):
        w_old = w.copy()

        for j in range(n_features):
            # Compute partial residual
            residual = y - Phi @ w + Phi[:, j] * w[j]

            # Coordinate update with soft thresholding
            rho = jnp.dot(Phi[:, j], residual)
            z = Phi_sq_sum[j]

            if z < 1e-10:
                w = w.at[j].set(0.0)
            else:
                # Soft thresholding
                w_j = jnp.sign(rho) * jnp.maximum(jnp.abs(rho) - n_samples * alpha, 0) / z
                w = w.at[j].set(w_j)

        # Check convergence
        if jnp.max(jnp.abs(w - w_old)) < tol:
            break

    return w


f = jax.jit(coordinate_descent_lasso)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n, p = 24, 5
    X = rng.normal(size=(n, p))
    X = (X - X.mean(0)) / X.std(0)
    if rng.uniform() < 0.5:
        X[:, 2] = 0.0
    coef = rng.normal(size=p) * (rng.uniform(size=p) < 0.6)
    y = X @ coef + 0.1 * rng.normal(size=n)
    y = y - y.mean()
    alpha = rng.uniform(0.01, 0.5)
    return X.astype(np.float32), y.astype(np.float32), np.float32(alpha)


INPUTS = make_inputs


@jax.jit
def reference_fix(Phi, y, alpha, max_iter=1000, tol=1e-6):
    n_samples, n_features = Phi.shape
    Phi_sq_sum = jnp.sum(Phi ** 2, axis=0)

    def sweep(w):
        for j in range(n_features):
            residual = y - Phi @ w + Phi[:, j] * w[j]
            rho = jnp.dot(Phi[:, j], residual)
            z = Phi_sq_sum[j]
            w_j = jnp.sign(rho) * jnp.maximum(jnp.abs(rho) - n_samples * alpha, 0) / z
            w = w.at[j].set(jnp.where(z < 1e-10, 0.0, w_j))
        return w

    def cond(c):
        it, w, done = c
        return (~done) & (it < max_iter)

    def body(c):
        it, w, _ = c
        w_new = sweep(w)
        return it + 1, w_new, jnp.max(jnp.abs(w_new - w)) < tol

    _, w, _ = lax.while_loop(cond, body, (0, jnp.zeros(n_features), jnp.array(False)))
    return w
