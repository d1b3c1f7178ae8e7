"""GADES' inverse power iteration: a convergence loop already written with lax.while_loop (look-alike, must stay untouched).

source: GADES ("Gentlest Ascent Dynamics for Enhanced Sampling") utils module with the Muller-Brown potential helpers, code-index file id 22973127964 (`inverse_power_iteration`; the index does not name the repository)
error: none
category: negative-while-loop-already
expect: untouched
notes: `inverse_power_iteration` verbatim with the module's import lines (numpy, jax, scipy.optimize.approx_fprime);
  the Muller-Brown potential/force/Hessian helpers, the BAOAB integrator and the finite-difference Hessian of the
  same module are left out. It looks leaky (a `tol` convergence test, `num_iters`, `A.shape[0]`, a `mu` shift, a
  fixed PRNGKey(0) start vector) but the test lives in the cond_fun of lax.while_loop and the shape is static,
  so `@jit` with traced `mu` is fine. `f` is the function itself. Inputs: random symmetric 3x3 matrices and a
  shift `mu` drawn near one of the eigenvalues.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import numpy as np
from jax import vmap, jit, grad, hessian, random, lax
import jax.numpy as jnp
from scipy.optimize import approx_fprime


@jit
def inverse_power_iteration(A, mu=0., num_iters=100, tol=1e-6):
    """
    Computes the smallest eigenvalue and eigenvector of a matrix using inverse power iteration.

    Parameters:
        A (jax.numpy.ndarray): The square matrix (n x n) for which to find the eigenvalue/vector pair with eval closest to mu.
        mu (float): Shift value applied to A to condition search on eigenvalue/vector pair with eval closest to mu.
        num_iters (int): Maximum number of iterations.
        tol (float): Convergence tolerance for the eigenvector.

    Returns:
        eigenvalue (float): Smallest eigenvalue of the matrix.
        eigenvector (jax.numpy.ndarray): Corresponding eigenvector (normalized).
    """
    n = A.shape[0]

    # Initialize a random vector as initial guess for evec
    b_k = random.normal(random.PRNGKey(0), shape=(n,))
    b_k = b_k / jnp.linalg.norm(b_k)  # Normalize initial vector

    # Applying shift to matrix A -> A - mu*I
    A_shift = A - mu*jnp.identity(n)

    # Body function implementing inverse power iteration
    def body_fun(state):
        b_k, prev_b_k, iteration = state
        # Solve (A - mu*I)x = b for x as prescribed by inverse power iteration
        b_k_new = jnp.linalg.solve(A_shift, b_k)
        b_k_new = b_k_new / jnp.linalg.norm(b_k_new)  # Normalize the vector
        return b_k_new, b_k, iteration + 1

    # Conditional function defining convergence
    def cond_fun(state):
        b_k, prev_b_k, iteration = state
        not_converged = jnp.linalg.norm(b_k - prev_b_k) > tol
        not_max_iter = iteration < num_iters
        return not_converged & not_max_iter

    # Initialize state with (current vector, previous vector, iteration count)
    initial_state = (b_k, jnp.zeros_like(b_k), 0)

    # Iterate using lax.while_loop
    final_state = lax.while_loop(cond_fun, body_fun, initial_state)

    # Extract the final vector
    b_k = final_state[0]

    # Compute the smallest eigenvalue using the Rayleigh quotient
    eigenvalue = jnp.dot(b_k, jnp.dot(A, b_k)) / jnp.dot(b_k, b_k)

    return eigenvalue, b_k


f = inverse_power_iteration
# --- end user code ---


def make_inputs(rng):
    q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    evals = np.sort(rng.uniform(-5.0, 5.0, size=3))
    evals = evals + np.array([0.0, 1.0, 2.0])  # keep the eigenvalues apart
    A = q @ np.diag(evals) @ q.T
    A = 0.5 * (A + A.T)
    target = evals[rng.integers(0, 3)]
    mu = np.float32(target - 0.3)
    return (A.astype(np.float32), mu)


INPUTS = make_inputs
