"""Secant root finder from a "numerical methods with JAX" module: `return x_new` inside the loop on a traced step size, fall-through `return x_curr`.

source: code-index file id 10051573580 (a module "Implementations of numerical methods / Jax can easily take the with just jax.grad(function)" defining derivative, integral, newton_raphson, secant_method, taylor_series; a second stored copy is id 10206779688; the index does not name its repository)
error: TracerBoolConversionError
category: root-finder-for-early-return
expect: fix
notes: secant_method verbatim (including its unused `df_dx = jax.grad(f)`); the other functions of the module are dropped.
  Entry point added: f = jax.jit over a call of secant_method on the cubic x**3 - c with c and both starting points
  traced (the module only defines the solver; the cubic is the caller's function). The leak is the early
  `if jnp.abs(delta_x) < tol: return x_new` inside `for _ in range(max_iter)`, with a second return after the loop.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def secant_method(f, x0, x1, max_iter=100, tol=1e-6):
    """
    Apply the Secant method to find the root of a function.

    Args:
        f (function): The function for which to find the root.
        x0 (float): First initial guess for the root.
        x1 (float): Second initial guess for the root.
        max_iter (int, optional): Maximum number of iterations. Defaults to 100.
        tol (float, optional): Tolerance for convergence. The iteration stops when the
            absolute difference between consecutive x values is less than this value. Defaults to 1e-6.

    Returns:
        float: Approximated root of the function.
    """
    df_dx = jax.grad(f)  # Compute the derivative of f using JAX's autograd

    x_curr = x1
    x_prev = x0
    for _ in range(max_iter):
        f_curr = f(x_curr)
        f_prev = f(x_prev)
        delta_x = (x_curr - x_prev) * f_curr / (f_curr - f_prev)
        x_new = x_curr - delta_x

        if jnp.abs(delta_x) < tol:
            return x_new

        x_prev = x_curr
        x_curr = x_new

    return x_curr


@jax.jit
def f(c, x0, x1):
    return secant_method(lambda x: x**3 - c, x0, x1)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    c = np.float32(rng.uniform(1.0, 27.0))
    x0 = np.float32(rng.uniform(0.5, 1.5))
    x1 = np.float32(rng.uniform(2.0, 3.5))
    return (c, x0, x1)


INPUTS = make_inputs


@jax.jit
def reference_fix(c, x0, x1):
    g = lambda x: x**3 - c

    def cond(state):
        i, x_prev, x_curr, out, done = state
        return (i < 100) & (~done)

    def body(state):
        i, x_prev, x_curr, out, done = state
        f_curr = g(x_curr)
        f_prev = g(x_prev)
        delta_x = (x_curr - x_prev) * f_curr / (f_curr - f_prev)
        x_new = x_curr - delta_x
        conv = jnp.abs(delta_x) < 1e-6
        return (i + 1, jnp.where(conv, x_prev, x_curr), jnp.where(conv, x_curr, x_new),
                jnp.where(conv, x_new, x_new), conv)

    init = (0, x0, x1, x1, jnp.array(False))
    _, _, x_curr, out, done = jax.lax.while_loop(cond, body, init)
    return jnp.where(done, out, x_curr)
