"""Damped Newton with Armijo backtracking that records every iterate: traced while loops plus a history of data-dependent length.

source: PrathamLalwani/BFGSProject BFGS.py at 21a8647b260bfbf36b5b6ac565ec4d56ab673848 (backtracking_line_search, newton; rosenbrock from the file's __main__ block)
error: TracerBoolConversionError
category: while-traced-cond-history
expect: report
notes: backtracking_line_search and newton verbatim (the file's `jax_enable_x64` update and its
  `from test_functions import *` dropped); rosenbrock is the 2-D one defined under `if __name__ == "__main__"`.
  `_f` follows the driver there (`opt_x, xs = <method>(f, x0, ...)`, which calls steepest_descent / commented-out
  gradient_descent and lbfgs the same way) with newton; f = jax.jit(_f). Both while loops test traced values,
  and newton appends each iterate to `xs` and returns `jnp.array(xs)`, whose length is the number of
  iterations the data needs, so no jit-safe rewrite keeps the output. The `print` after the loop is a
  further host side effect.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def backtracking_line_search(phi, phi_0, grad_phi_0, a_max, rho=0.8, c=9e-1):
    """
    Simple backtracking line search using the Armijo condition.

    phi: objective function.
    x: current point.
    p: search direction.
    grad_x: gradient at x.
    alpha: initial step size.
    rho: factor to decrease alpha.
    c: Armijo constant.
    """
    a = a_max
    while phi(a) > phi_0 + c * a * grad_phi_0:
        a *= rho
    return a


def newton(f, x0, max_iter=100, tol=1e-15):
    """
    Newton's method for optimization.
    """
    x = x0
    n = x0.shape[0]
    grad_f = jax.grad(f)
    hess_f = jax.hessian(f)
    xs = [x0]
    i = 0
    r = jnp.inf
    g = grad_f(x0)

    while jnp.abs(r) > tol and jnp.linalg.norm(g) > tol and i < max_iter:

        # Compute the search direction.
        p = -jnp.linalg.solve(hess_f(x), g)
        # Perform a line search to determine step size.
        phi = lambda alpha: f(x + alpha * p)
        grad_phi_0 = jnp.dot(g, p)
        alpha = backtracking_line_search(phi, phi(0.0), grad_phi_0, 1.0)
        # Update step.
        s = alpha * p
        x_new = x + s
        r = f(x) - f(x_new)
        # Move to the next point.
        x = x_new
        xs.append(x)
        g = grad_f(x)
        i += 1
    if i == max_iter:
        print("Max iterations reached")

    return x, jnp.array(xs)


def rosenbrock(x):
    """The Rosenbrock function in 2D."""
    return (1 - x[0]) ** 2 + 100 * (x[1] - x[0] ** 2) ** 2


def _f(x0):
    opt_x, xs = newton(rosenbrock, x0)
    return opt_x, xs


f = jax.jit(_f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(-1.0, 1.0, size=2).astype(np.float32),)


INPUTS = make_inputs
