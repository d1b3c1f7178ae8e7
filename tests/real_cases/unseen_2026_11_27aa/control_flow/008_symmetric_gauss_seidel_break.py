"""Symmetric Gauss-Seidel sweep loop with an early `break` on the traced residual norm.

source: public JAX linear-solver module in the code index ("Linear algebra solvers using JAX": coordinate_descent, forward_substitution, backward_substitution, forward/backward/symmetric_gauss_seidel, encoder_decoder_tl; code-index file id 12014140126; the index does not name its repository or commit)
error: TracerBoolConversionError
category: for-break-on-convergence
expect: fix
notes: coordinate_descent, forward_substitution, backward_substitution and symmetric_gauss_seidel are verbatim (forward_gauss_seidel / backward_gauss_seidel kept as in the file). Dropped: the two-level `encoder_decoder_tl` (uses scipy on device arrays) and the test functions / __main__ block, and the unused `import scipy as sp`. Added the entry point `f = jax.jit(symmetric_gauss_seidel)` (tol, max_iter and verbose keep their Python defaults). `if jnp.linalg.norm(r) < tol: break` needs the concrete residual; the fix is a lax.while_loop carrying a done flag (coordinate sweeps as fori_loops or unrolled static loops).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""
Linear algebra solvers using JAX
"""

import jax
import jax.numpy as jnp
from jax import jit
from typing import Tuple


# Dense matrix solvers
@jit
def coordinate_descent(
    matrix: jnp.ndarray, x: jnp.ndarray, r: jnp.ndarray, i: int
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """
    Do coordinate descent on the linear system Ax = b,
    for a given guess x and residual r = b - Ax.
    Assumes that matrix is dense.
    """
    t = r[i] / matrix[i, i]  # Compute the step size
    x = x.at[i].add(t)  # Update x[i]
    temp = t * matrix[:, i]  # Compute the update to the residual
    r = r - temp  # Update the residual
    return x, r


def forward_substitution(
    matrix: jnp.ndarray, x: jnp.ndarray, b: jnp.ndarray
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """
    Do forward substitution on the linear system Ax = b,
    for a given guess x and residual r = b - Ax.
    Assumes that matrix is dense.
    """
    r = b - jnp.dot(matrix, x)
    for i in range(len(x)):
        x, r = coordinate_descent(matrix, x, r, i)
    return x, r


def backward_substitution(
    matrix: jnp.ndarray, x: jnp.ndarray, b: jnp.ndarray
) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """
    Do backward substitution on the linear system Ax = b,
    for a given guess x and residual r = b - Ax.
    Assumes that matrix is dense.
    """
    r = b - jnp.dot(matrix, x)
    for i in range(len(x) - 1, -1, -1):
        x, r = coordinate_descent(matrix, x, r, i)
    return x, r


def forward_gauss_seidel(
    matrix: jnp.ndarray,
    x: jnp.ndarray,
    b: jnp.ndarray,
    tol: float = 1e-6,
    max_iter: int = 1_000,
    verbose: bool = False,
) -> jnp.ndarray:
    """
    Solve the linear system Ax = b using the Gauss-Seidel method.
    Assumes that matrix is dense.
    """
    for i in range(int(max_iter)):
        x, r = forward_substitution(matrix, x, b)
        if jnp.linalg.norm(r) < tol:
            break
        if verbose:
            print(f"Iteration {i}: norm = {jnp.linalg.norm(r)}")
    return x


def backward_gauss_seidel(
    matrix: jnp.ndarray,
    x: jnp.ndarray,
    b: jnp.ndarray,
    tol: float = 1e-6,
    max_iter: int = 1_000,
    verbose: bool = False,
) -> jnp.ndarray:
    """
    Solve the linear system Ax = b using the Gauss-Seidel method.
    Assumes that matrix is dense.
    """
    for i in range(int(max_iter)):
        x, r = backward_substitution(matrix, x, b)
        if jnp.linalg.norm(r) < tol:
            break
        if verbose:
            print(f"Iteration {i}: norm = {jnp.linalg.norm(r)}")
    return x


def symmetric_gauss_seidel(
    matrix: jnp.ndarray,
    x: jnp.ndarray,
    b: jnp.ndarray,
    tol: float = 1e-6,
    max_iter: int = 1_000,
    verbose: bool = False,
) -> jnp.ndarray:
    """
    Solve the linear system Ax = b using the Gauss-Seidel method.
    """
    for i in range(int(max_iter)):
        x, r = forward_substitution(matrix, x, b)
        x, r = backward_substitution(matrix, x, b)
        if jnp.linalg.norm(r) < tol:
            break
        if verbose:
            print(f"Iteration {i}: norm = {jnp.linalg.norm(r)}")
    return x


f = jax.jit(symmetric_gauss_seidel)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n = 6
    off = rng.uniform(-0.6, 0.6, size=(n, n))
    off = 0.5 * (off + off.T)
    np.fill_diagonal(off, 0.0)
    matrix = off + np.diag(np.abs(off).sum(axis=1) + rng.uniform(0.5, 2.0, size=n))
    x_true = rng.normal(size=n)
    b = matrix @ x_true
    if rng.uniform() < 0.25:
        x0 = x_true.copy()          # already solved: breaks after the first sweep
    else:
        x0 = rng.normal(size=n) * 3.0
    return (matrix.astype(np.float32), x0.astype(np.float32), b.astype(np.float32))


INPUTS = make_inputs


def _sweep(matrix, x, b, order):
    r = b - jnp.dot(matrix, x)

    def body(k, xr):
        x, r = xr
        i = order[k]
        t = r[i] / matrix[i, i]
        return x.at[i].add(t), r - t * matrix[:, i]

    return lax.fori_loop(0, order.shape[0], body, (x, r))


@jax.jit
def reference_fix(matrix, x, b):
    tol, max_iter = 1e-6, 1000
    n = x.shape[0]
    fwd = jnp.arange(n)
    bwd = jnp.arange(n - 1, -1, -1)

    def cond(s):
        i, x, done = s
        return (i < max_iter) & ~done

    def body(s):
        i, x, _ = s
        x, r = _sweep(matrix, x, b, fwd)
        x, r = _sweep(matrix, x, b, bwd)
        return i + 1, x, jnp.linalg.norm(r) < tol

    _, x, _ = lax.while_loop(cond, body, (0, x, jnp.array(False)))
    return x
