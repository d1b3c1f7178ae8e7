"""Preconditioned conjugate gradients with an iteration counter, already written with lax.while_loop (`M is None` switch, jnp.where guards).

source: public JAX solver module in the code index (code-index file id 61473229369: `cg_count`, "Preconditioned CG with iteration counter, compatible with jax.jit"). The index does not name the repository.
error: none
category: negative-while-loop-already
expect: untouched
notes: cg_count is verbatim. Its first line, `import utils.precision  # noqa: F401 -- side effect: configures JAX`, imports a sibling module of the project that is not available and is dropped. Entry point: `f` jits a solve of K x = b with the operator `lambda v: K @ v` and the Jacobi preconditioner `lambda r: r / jnp.diag(K)` built from the traced matrix, tol = 1e-4, maxiter = 200 (static Python values, as the docstring requires). Look-alike features: `(lambda x: x) if M is None else M` (a static None test), `tol * b_norm` and `k < maxiter` inside the cond function, `jnp.where(pAp != 0.0, pAp, 1.0)` guards and a traced `converged` flag returned instead of branched on.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def cg_count(
    A,
    b:       jnp.ndarray,
    x0:      jnp.ndarray,
    tol:     float,
    maxiter: int,
    M=None,
) -> tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    """
    Preconditioned CG with iteration counter, compatible with jax.jit.

    Implements conjugate gradients via jax.lax.while_loop so the iteration
    count is a traced integer returned alongside the solution.

    Parameters
    ----------
    A       : callable  linear operator  y = A(x)
    b       : (N,)      right-hand side
    x0      : (N,)      initial guess
    tol     : float     relative residual tolerance  ‖r‖ / ‖b‖ < tol
    maxiter : int       maximum iterations (must be static for JIT)
    M       : callable or None  preconditioner  z = M(r)  (M ≈ A⁻¹)

    Returns
    -------
    x          : (N,)        solution
    iter_count : int array   actual number of iterations performed
    converged  : bool array  True if ‖r‖ / ‖b‖ < tol at exit
    """
    M_op   = (lambda x: x) if M is None else M
    b_norm = jnp.linalg.norm(b)
    atol   = tol * b_norm

    r0  = b - A(x0)
    z0  = M_op(r0)
    p0  = z0
    rz0 = jnp.dot(r0, z0)

    def cond(state):
        _, r, _, _, k = state
        return (k < maxiter) & (jnp.linalg.norm(r) > atol)

    def body(state):
        x, r, p, rz, k = state
        Ap    = A(p)
        pAp   = jnp.dot(p, Ap)
        alpha = rz / jnp.where(pAp != 0.0, pAp, 1.0)
        x_new = x + alpha * p
        r_new = r - alpha * Ap
        z_new = M_op(r_new)
        rz_new = jnp.dot(r_new, z_new)
        beta   = rz_new / jnp.where(rz != 0.0, rz, 1.0)
        p_new  = z_new + beta * p
        return x_new, r_new, p_new, rz_new, k + 1

    x_f, r_f, _, _, k_f = jax.lax.while_loop(
        cond, body, (x0, r0, p0, rz0, jnp.int32(0))
    )

    converged = jnp.linalg.norm(r_f) <= atol
    return x_f, k_f, converged


@jax.jit
def f(K, b, x0):
    return cg_count(lambda v: K @ v, b, x0, 1e-4, 200, M=lambda r: r / jnp.diag(K))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 8
    Q = rng.normal(size=(n, n))
    K = (Q.T @ Q / n + np.diag(rng.uniform(0.5, 3.0, size=n))).astype(np.float32)
    b = rng.normal(size=n).astype(np.float32)
    x0 = np.zeros(n, dtype=np.float32)
    return (K, b, x0)


INPUTS = make_inputs
