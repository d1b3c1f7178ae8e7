"""A hand-written JAX BFGS: a backtracking `while` on the Armijo test and a gradient-norm `break` in the outer `for`.

source: public JAX BFGS script in the code index (code-index file id 33394546895: backtracking_line_search, an unfinished zoom_line_search stub, bfgs, and a Rosenbrock `__main__` example; the index does not name the repository)
error: TracerBoolConversionError
category: while-line-search-and-for-break
expect: fix
notes: backtracking_line_search and bfgs verbatim. Dropped: the unfinished `zoom_line_search` stub (a `def` with no body, so the file does not parse
  as stored), the Rosenbrock `__main__` block, and the module-level `jax.config.update("jax_enable_x64", True)` (a process-wide switch that
  would change every other case run in the same interpreter). Entry point added: `f(A, b, x0)` jits
  `bfgs(objective, x0, max_iter=10, tol=1e-2)` on a convex quadratic-plus-quartic objective with
  traced data A, b (the file's Rosenbrock example with the defaults max_iter=100, tol=1e-15 never stops
  early in float32, and its eager and compiled float32 trajectories drift apart). Two leaks: `while f(x + alpha * p) > ...` in the line
  search and `if jnp.linalg.norm(g) < tol: ... break` in bfgs. A fix needs a lax.while_loop for the line
  search and a while_loop (or a done-flag fori_loop) for the outer iteration that leaves `x` and the rows of
  `xs` untouched after convergence. Half of the start points sit next to the minimiser (|grad| < tol, the `break`
  fires at i = 0 and `xs` stays zero), the others are far away and run all 10 iterations (each with a few
  line-search reductions).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def backtracking_line_search(f, x, p, grad_x, alpha=1.0, rho=0.8, c=9e-1):
    """
    Simple backtracking line search using the Armijo condition.

    f: objective function.
    x: current point.
    p: search direction.
    grad_x: gradient at x.
    alpha: initial step size.
    rho: factor to decrease alpha.
    c: Armijo constant.
    """
    # Evaluate the current function value.
    fx = f(x)
    # Iteratively decrease alpha until the Armijo condition is met.
    while f(x + alpha * p) > fx + c * alpha * jnp.dot(grad_x, p):
        alpha *= rho
    return alpha


def bfgs(f, x0, max_iter=100, tol=1e-15):
    """
    BFGS optimization using JAX.

    f: function to minimize.
    x0: initial point as a JAX array.
    max_iter: maximum iterations.
    tol: tolerance for stopping criterion (based on gradient norm).
    """
    # Current point and dimension.
    x = x0
    n = x0.shape[0]
    # Initialize the inverse Hessian approximation as the identity matrix.
    Hinv = jnp.eye(n)
    # Function to compute the gradient using automatic differentiation.
    grad_f = jax.grad(f)
    xs = jnp.zeros((max_iter, n))
    for i in range(max_iter):
        g = grad_f(x)
        # Check for convergence.
        if jnp.linalg.norm(g) < tol:
            print(f"Convergence reached at iteration {i}")
            break

        # Compute the search direction.
        p = -Hinv @ g
        # Perform a line search to determine step size.
        alpha = backtracking_line_search(f, x, p, g)

        # Update step.
        s = alpha * p
        x_new = x + s
        y = grad_f(x_new) - g

        # Compute scaling factor.
        rho = 1.0 / jnp.dot(y, s)

        # BFGS Hessian update.
        # H = (I - rho * jnp.outer(s, y)) @ H @ (I - rho * jnp.outer(y, s)) + rho * jnp.outer(s, s)
        Hinv = (
            Hinv
            + ((jnp.dot(s, y) + y.T @ (Hinv @ y)) * (jnp.outer(s, s)))
            / (jnp.dot(s, y) ** 2)
            - (jnp.outer(Hinv @ y, s) + jnp.outer(s, jnp.dot(y.T, Hinv)))
            / (jnp.dot(s, y))
        )

        # Move to the next point.
        x = x_new
        xs = xs.at[i].set(x)
    return x,xs


@jax.jit
def f(A, b, x0):
    def objective(x):
        return 0.5 * x @ A @ x - b @ x + 0.25 * jnp.sum(x ** 4)

    return bfgs(objective, x0, max_iter=10, tol=1e-2)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 3
    q, _ = np.linalg.qr(rng.normal(size=(n, n)))
    A = q @ np.diag(rng.uniform(1.0, 3.0, size=n)) @ q.T
    b = rng.normal(size=n)
    if rng.random() < 0.5:
        # start at the minimiser (Newton in float64) plus a tiny offset: |grad| < tol, so bfgs breaks at once
        x = np.zeros(n)
        for _ in range(50):
            g = A @ x - b + x ** 3
            H = A + np.diag(3 * x ** 2)
            x = x - np.linalg.solve(H, g)
        x0 = x + 1e-3 * rng.normal(size=n)
    else:
        # far start: the gradient norm stays well above tol for all 10 iterations
        x0 = 2.0 * rng.normal(size=n)
    return (A.astype(np.float32), b.astype(np.float32), x0.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(A, b, x0):
    def f_obj(x):
        return 0.5 * x @ A @ x - b @ x + 0.25 * jnp.sum(x ** 4)

    max_iter, tol = 10, 1e-2
    grad_f = jax.grad(f_obj)
    n = x0.shape[0]

    def line_search(x, p, g, alpha=1.0, rho=0.8, c=9e-1):
        fx = f_obj(x)
        gp = jnp.dot(g, p)
        return jax.lax.while_loop(
            lambda a: f_obj(x + a * p) > fx + c * a * gp,
            lambda a: a * rho,
            jnp.asarray(alpha, dtype=x.dtype))

    def step(carry):
        i, x, Hinv, xs, g = carry
        p = -Hinv @ g
        alpha = line_search(x, p, g)
        s = alpha * p
        x_new = x + s
        y = grad_f(x_new) - g
        Hinv = (
            Hinv
            + ((jnp.dot(s, y) + y.T @ (Hinv @ y)) * (jnp.outer(s, s)))
            / (jnp.dot(s, y) ** 2)
            - (jnp.outer(Hinv @ y, s) + jnp.outer(s, jnp.dot(y.T, Hinv)))
            / (jnp.dot(s, y))
        )
        return i + 1, x_new, Hinv, xs.at[i].set(x_new), grad_f(x_new)

    def cond(carry):
        i, x, Hinv, xs, g = carry
        return (i < max_iter) & ~(jnp.linalg.norm(g) < tol)

    init = (0, x0, jnp.eye(n), jnp.zeros((max_iter, n)), grad_f(x0))
    _, x, _, xs, _ = jax.lax.while_loop(cond, step, init)
    return x, xs
