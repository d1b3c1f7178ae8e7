"""Damped Gauss-Newton iterations that stop on a small step and return the iteration count.

source: https://github.com/Dawid-Lukasiewicz/Numerical_Methodes/blob/HEAD/solvers_lab8.py (Damped_Newton_Gauss)
error: TracerBoolConversionError
category: for-break
expect: fix
notes: NumPy -> jax.numpy under @jax.jit; the residual and Jacobian are a fixed system of the
  module; `x += p` kept; the loop index is returned.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.numpy.linalg import inv


def residual(x):
    return jnp.array([x[0] - 1.0, x[1] ** 2 - 4.0])


def jacobian(x):
    return jnp.array([[1.0, 0.0], [0.0, 2 * x[1]]])


@jax.jit
def f(x0):
    x = x0
    tol = 1e-6
    damping_factor = 0.01
    for i in range(100):
        F = residual(x)
        J = jacobian(x)
        p = jnp.dot(inv(J + damping_factor * jnp.eye(len(x))), -F)
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
        p = jnp.dot(inv(jacobian(x) + 0.01 * jnp.eye(2)), -residual(x))
        return i + 1, x + p, jnp.linalg.norm(p) < 1e-6

    i, x, _ = lax.while_loop(lambda s: (s[0] < 100) & ~s[2], body, (0, x0, False))
    return x, i - 1
