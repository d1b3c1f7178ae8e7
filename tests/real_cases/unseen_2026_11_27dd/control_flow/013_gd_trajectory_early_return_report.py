"""Gradient descent that returns its whole trajectory and stops early when the gradient is small: the output length depends on the data.

source: public "Optimization Module" in the code index ("Implementation of optimization algorithms including gradient descent."; code-index file id 36468146108, function gradient_descent_jax next to its NumPy twin gradient_descent_numpy); the index does not name the repository
error: TracerBoolConversionError
category: dynamic-shape-early-return
expect: report
notes: gradient_descent_jax verbatim with the module's imports and its JAX_AVAILABLE fallback. The module's quadratic_cost calls float() and cannot be differentiated, so the entry point uses a jnp transcription of the same J(w) = w^T A w + d^T w + c (quadratic_cost_jax, added) and `f = jax.jit(...)` around one descent run. Under jit the `if jnp.linalg.norm(grad) < tol: return trajectory, True` test is traced; a rewrite cannot keep the result, because the trajectory list has one entry per step taken (a data-dependent length) and the converged flag is a Python bool chosen by the same test. It should be reported, not fixed.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import numpy as np
from typing import Callable, List, Tuple, Optional

# Try to import JAX, fall back to numpy if not available
try:
    import jax
    import jax.numpy as jnp
    JAX_AVAILABLE = True
except ImportError:
    JAX_AVAILABLE = False
    jnp = np


def gradient_descent_jax(x0, f: Callable, lr: float = 0.1, 
                         tol: float = 1e-6, max_iter: int = 1000):
    """
    Gradient descent optimization using JAX automatic differentiation.
    
    Parameters
    ----------
    x0 : jax.numpy.ndarray
        Initial guess
    f : Callable
        Cost function to minimize
    lr : float
        Learning rate
    tol : float
        Convergence tolerance
    max_iter : int
        Maximum iterations
    
    Returns
    -------
    trajectory : List
        Optimization trajectory
    converged : bool
        Whether algorithm converged
    """
    if not JAX_AVAILABLE:
        raise ImportError("JAX is required for this function")
    
    grad_f = jax.grad(jax.jit(f))
    x = x0
    trajectory = [x]
    
    for i in range(max_iter):
        grad = grad_f(x)
        if jnp.linalg.norm(grad) < tol:
            return trajectory, True
        x = x - lr * grad
        trajectory.append(x)
    
    return trajectory, False


def quadratic_cost_jax(w, A, d, c):
    return w @ A @ w + d @ w + c


@jax.jit
def f(x0, A, d, c):
    return gradient_descent_jax(x0, lambda w: quadratic_cost_jax(w, A, d, c),
                                lr=0.05, tol=1e-4, max_iter=200)
# --- end user code ---


def make_inputs(rng):
    n = 3
    V = rng.normal(size=(8, n))
    y = rng.normal(size=8)
    A = V.T @ V / 8.0 + 0.5 * np.eye(n)
    d = -2.0 * V.T @ y / 8.0
    c = float(y @ y / 8.0)
    x0 = rng.normal(size=n)
    return (x0.astype(np.float32), A.astype(np.float32), d.astype(np.float32), np.float32(c))


INPUTS = make_inputs
