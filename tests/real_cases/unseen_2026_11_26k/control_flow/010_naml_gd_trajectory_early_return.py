"""Gradient descent that returns its whole trajectory list and a converged flag from inside a for loop.

source: miguelplanas/naml src/optimization.py at 78d5aabfe7dcba483e17384130967b6e9cbfc858 (gradient_descent_jax)
error: TracerBoolConversionError
category: for-early-return-growing-list
expect: report
notes: gradient_descent_jax is verbatim except that the `if not JAX_AVAILABLE: raise ImportError`
  guard is dropped (jax is imported directly). The project calls it eagerly; here it is jitted with
  the cost function and hyper-parameters bound by functools.partial. The early `return trajectory,
  True` inside the loop makes the number of returned iterates (and the Python bool) depend on the
  data, so there is no shape-preserving jit rewrite: the tool should report it.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import functools
from typing import Callable

import jax
import jax.numpy as jnp


def gradient_descent_jax(x0, f: Callable, lr: float = 0.1,
                         tol: float = 1e-6, max_iter: int = 1000):
    """
    Gradient descent optimization using JAX automatic differentiation.

    Returns
    -------
    trajectory : List
        Optimization trajectory
    converged : bool
        Whether algorithm converged
    """
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


def quadratic_cost(w):
    A = jnp.array([[2.0, 0.5], [0.5, 1.0]])
    d = jnp.array([-1.0, 0.5])
    return w @ A @ w + d @ w + 3.0


f = jax.jit(functools.partial(gradient_descent_jax, f=quadratic_cost, lr=0.1,
                              tol=1e-3, max_iter=50))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(2,)).astype(np.float32) * rng.choice([0.01, 1.0, 10.0]),)


INPUTS = make_inputs
