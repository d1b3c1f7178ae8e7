"""Gauss-Newton iterations that stop on a small step and return the iteration count.

source: https://github.com/Dawid-Lukasiewicz/Numerical_Methodes/blob/HEAD/solvers_lab8.py (Newton_Gauss)
error: TracerBoolConversionError
category: for-break
expect: fix
notes: NumPy -> jax.numpy under @jax.jit; the residual and Jacobian are a fixed 2-D system defined
  in the module instead of callables passed in; `x += p` kept; the loop index is returned.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.numpy.linalg import inv


def residual(x):
    return jnp.array([x[0] ** 2 + x[1] ** 2 - 4.0, x[0] - x[1]])


def jacobian(x):
    return jnp.array([[2 * x[0], 2 * x[1]], [1.0, -1.0]])


@jax.jit
def f(x0):
    x = x0
    tol = 1e-6
    for i in range(100):
        F = -residual(x)
        J = jacobian(x)
        p = jnp.dot(inv(J), F)
        x += p
        if jnp.linalg.norm(p) < tol:
            break
    return x, i
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    return (rng.uniform(0.5, 3.0, size=(2,)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0):
    def body(state):
        i, x, stop = state
        p = jnp.dot(inv(jacobian(x)), -residual(x))
        return i + 1, x + p, jnp.linalg.norm(p) < 1e-6

    i, x, _ = lax.while_loop(lambda s: (s[0] < 100) & ~s[2], body, (0, x0, False))
    return x, i - 1
