"""Generalised gradient-descent solvers that return a NumPy history whose length is the (traced) stopping iteration.

source: public JAX teaching script in the code index, "SAME GENERALIZED SOLVERS" (code-index file id 57414195534: project, gradient_descent, gradient_descent_momentum, gradient_descent_adam, gnorm_history, classify and the test problems f1, f2, f3; the index does not name the repository)
error: TracerArrayConversionError
category: dynamic-shape-history
expect: report
notes: project, gradient_descent_adam and f3 verbatim (the plain and momentum twins, the plotting and the tables
  are left out). Dropped: the module-level `jax.config.update("jax_enable_x64", True)` (a process-wide switch)
  and the matplotlib import. Entry point added: `f(x0, lr)` jits `gradient_descent_adam(f3, x0, lr=lr,
  max_iter=300)`. Under jit the first failure is `history = [np.array(x)]` (a tracer into NumPy), then the
  `if jnp.linalg.norm(g) < tol: return ...` early exit. Reportable rather than fixable: the function returns
  `np.array(history)` with one row per iteration actually run and the iteration count `i`, so the output
  shape itself depends on when the traced convergence test fires; a jit-safe version must change the
  interface (a padded history plus a length), which is the author's call.
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


def gradient_descent_adam(f, x0, lr=0.05, b1=0.9, b2=0.999, eps=1e-8,
                          bounds=None, tol=1e-6, max_iter=5000):
    grad_f = jax.grad(f)
    x = jnp.array(x0, dtype=float)
    m = jnp.zeros_like(x)
    v = jnp.zeros_like(x)
    history = [np.array(x)]
    for i in range(1, max_iter + 1):
        g = grad_f(x)
        if jnp.linalg.norm(g) < tol:
            return np.array(x), i, np.array(history), True
        m = b1*m + (1-b1)*g
        v = b2*v + (1-b2)*g**2
        m_hat = m / (1 - b1**i)
        v_hat = v / (1 - b2**i)
        x = x - lr * m_hat / (jnp.sqrt(v_hat) + eps)
        x = project(x, bounds)
        history.append(np.array(x))
    return np.array(x), max_iter, np.array(history), False


def f3(x):
    return x[0]**4 - 4*x[0]*x[1] + x[1]**4


@jax.jit
def f(x0, lr):
    return gradient_descent_adam(f3, x0, lr=lr, max_iter=300)
# --- end user code ---


def make_inputs(rng):
    x0 = rng.uniform(-2.0, 2.0, size=2).astype(np.float32)
    lr = np.float32(rng.uniform(0.02, 0.08))
    return (x0, lr)


INPUTS = make_inputs
