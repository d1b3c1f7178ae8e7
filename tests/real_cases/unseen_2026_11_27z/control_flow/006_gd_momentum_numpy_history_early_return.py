"""Momentum gradient descent that records a NumPy history and returns early once the gradient norm is small.

source: code-index file id 57621168166 (a course script "GENERALIZED SOLVERS - x is ALWAYS a vector ... gradient comes from jax.grad(f), never from finite difference" with project, gradient_descent, gradient_descent_momentum, gradient_descent_adam, gnorm_history and test problems f1, f2, f3; the index does not name its repository), function gradient_descent_momentum with the script's problem f3
error: TracerArrayConversionError
category: for-early-return-variable-length-history
expect: report
notes: project, gradient_descent_momentum and f3 are verbatim; the plotting and printing driver code is dropped, and so is the module-level jax.config.update("jax_enable_x64", True) (it would change the precision of every other case in the process). The entry point `f` (jitting the script's own call `gradient_descent_momentum(f3, x0, lr=0.02, beta=0.85)`) is added. Under jit the first `np.array(x)` of a tracer fails; beyond that, the returned history has one row per iteration actually run, so its shape depends on when the traced `if` fires, and the iteration count and converged flag are returned as Python values: no jit-safe rewrite keeps the interface.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def project(x, bounds):
    if bounds is None:
        return x
    lo, hi = bounds
    return jnp.clip(x, lo, hi)


def gradient_descent_momentum(f, x0, lr=0.01, beta=0.85, bounds=None, tol=1e-6, max_iter=5000):
    grad_f = jax.grad(f)
    x = jnp.array(x0, dtype=float)
    v = jnp.zeros_like(x)
    history = [np.array(x)]
    for i in range(1, max_iter + 1):
        g = grad_f(x)
        if jnp.linalg.norm(g) < tol:
            return np.array(x), i, np.array(history), True
        v = beta * v + g
        x = x - lr * v
        x = project(x, bounds)
        history.append(np.array(x))
    return np.array(x), max_iter, np.array(history), False


def f3(x):
    return x[0]**4 - 4*x[0]*x[1] + x[1]**4


@jax.jit
def f(x0):
    return gradient_descent_momentum(f3, x0, lr=0.02, beta=0.85)
# --- end user code ---


def make_inputs(rng):
    return (rng.uniform(-1.8, 1.8, size=(2,)).astype(np.float32),)


INPUTS = make_inputs
