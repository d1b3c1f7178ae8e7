"""Gradient descent with a backtracking (Armijo) `while` nested in a `for` that `break`s on the gradient norm.

source: code-index file id 47917023137 (an optimisation-course module: `plot_surface`, `plot_contour`, `gradient_descent`, `gradient_descent_backtracking`, `exact_line_search_quadratic`, `stochastic_gradient_descent`, `newton_method`, `bfgs_inverse_update`; the index does not name its repository), function gradient_descent_backtracking
error: TracerBoolConversionError
category: while-in-for-linesearch-break
expect: fix
notes: gradient_descent_backtracking is verbatim. Plotting helpers and the other solvers are dropped. The objective is the module's own quadratic f(x) = 0.5 xᵀ A x + bᵀ x (from exact_line_search_quadratic's docstring) with A, b traced; the entry point `f` is added and returns only the minimiser `x` (the `path` list is built but not returned, since its length depends on when the loop breaks). The entry point passes tol=1e-1, max_iter=100: with tighter tolerances the float32 Armijo comparison near the optimum is decided by rounding noise, so eager and jitted runs take different step sizes. Inputs use a well-conditioned A so that both the inner while and the outer break fire (the loop breaks after 5 to 15 steps).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def gradient_descent_backtracking(
    func, grad_func, x0, alpha=0.3, beta=0.8, tol=1e-6, max_iter=100
):
    """
    Perform gradient descent with backtracking line search.

    Args:
        func (callable): The objective function to minimize.
        grad_func (callable): Gradient of the objective function.
        x0 (jnp.ndarray): Initial point.
        alpha (float): Parameter for sufficient decrease condition (default 0.3).
        beta (float): Backtracking step size reduction factor (default 0.8).
        tol (float): Convergence tolerance on gradient norm.
        max_iter (int): Maximum number of iterations.

    Returns:
        x (jnp.ndarray): Estimated minimizer.
        path (list): List of iterates for visualization purposes.
    """
    x = x0
    path = [x]
    for _ in range(max_iter):
        grad_val = grad_func(x)
        t = 1.0
        # Backtracking line search
        while func(x - t * grad_val) > func(x) - alpha * t * jnp.dot(
            grad_val, grad_val
        ):
            t *= beta
        x = x - t * grad_val
        path.append(x)
        if jnp.linalg.norm(grad_val) < tol:
            break
    return x, path


@jax.jit
def f(x0, A, b):
    quadratic = lambda x: 0.5 * jnp.dot(x, jnp.dot(A, x)) + jnp.dot(b, x)
    x, path = gradient_descent_backtracking(
        quadratic, jax.grad(quadratic), x0, tol=1e-1, max_iter=100
    )
    return x
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n = 3
    Q = rng.normal(size=(n, n))
    A = (Q @ Q.T / n + np.eye(n) * rng.uniform(0.5, 2.0)).astype(np.float32)
    b = rng.normal(size=(n,)).astype(np.float32)
    x0 = rng.normal(scale=3.0, size=(n,)).astype(np.float32)
    return (x0, A, b)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, A, b):
    alpha, beta, tol, max_iter = 0.3, 0.8, 1e-1, 100
    func = lambda x: 0.5 * jnp.dot(x, jnp.dot(A, x)) + jnp.dot(b, x)
    grad_func = jax.grad(func)

    def outer_cond(state):
        x, i, done = state
        return (~done) & (i < max_iter)

    def outer_body(state):
        x, i, done = state
        g = grad_func(x)
        gg = jnp.dot(g, g)
        t = lax.while_loop(
            lambda t: func(x - t * g) > func(x) - alpha * t * gg,
            lambda t: t * beta,
            jnp.asarray(1.0, x.dtype),
        )
        x = x - t * g
        return x, i + 1, jnp.linalg.norm(g) < tol

    x, _, _ = lax.while_loop(outer_cond, outer_body, (x0, 0, jnp.asarray(False)))
    return x
