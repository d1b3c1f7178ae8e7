"""Power iteration: early `return` from a for loop when `norm_l1(x - x1) <= tol or norm_l1(x + x1) <= tol`.

source: luk036/ellalgo experiment/power_iteration.py at 0d82088098ca70f1864520c4f936c75f3c74d2da (Options, norm_l1, power_iteration)
error: TracerBoolConversionError
category: for-early-return-or-of-traced-tests, config-object-static
expect: fix
notes: NumPy-era code. `import numpy as np` becomes `import jax.numpy as np`; Options, norm_l1 and power_iteration are
  verbatim (the in-place `x /= ...` rebinds a jax array, so it needs no change). The module's test-data driver is
  replaced by a jitted `f(A, x)` with a static Options(max_iters=40, tolerance=1e-5). Trials use random symmetric 3x3
  matrices, some with a negative dominant eigenvalue (the `x + x1` test fires) and some with a small eigenvalue gap
  (the loop runs out and returns options.max_iters).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
from typing import Tuple

"""
Power method for finding the largest eigenvalue of a square matrix
"""


class Options:
    def __init__(self, max_iters: int, tolerance: float) -> None:
        self.max_iters = max_iters
        self.tolerance = tolerance


def norm_l1(x: np.ndarray) -> float:
    return np.sum(np.abs(x))


def power_iteration(
    A: np.ndarray, x: np.ndarray, options: Options
) -> Tuple[np.ndarray, float, int]:
    """Power iteration method

    Performs the power iteration algorithm to find the largest eigenvalue and corresponding eigenvector of the input matrix A.
    """
    x /= np.sqrt(np.sum(x**2))
    for niter in range(options.max_iters):
        x1 = x
        x = A @ x1
        x /= np.sqrt(np.sum(x**2))
        if norm_l1(x - x1) <= options.tolerance or norm_l1(x + x1) <= options.tolerance:
            return x, x @ (A @ x), niter
    return x, x @ (A @ x), options.max_iters


options = Options(max_iters=40, tolerance=1e-5)


@jax.jit
def f(A, x):
    return power_iteration(A, x, options)
# --- end user code ---

import numpy as onp
import jax.numpy as jnp


def make_inputs(rng):
    q, _ = onp.linalg.qr(rng.normal(size=(3, 3)))
    top = rng.choice([5.0, -5.0])
    gap = rng.choice([0.3, 0.9])            # |lambda2 / lambda1|
    lam = onp.array([top, top * gap * rng.choice([1.0, -1.0]), 0.5])
    A = (q @ onp.diag(lam) @ q.T).astype(onp.float32)
    x = onp.abs(rng.normal(size=3)).astype(onp.float32) + 0.1
    return (A, x)


INPUTS = make_inputs


@jax.jit
def reference_fix(A, x):
    max_iters, tol = 40, 1e-5
    x = x / jnp.sqrt(jnp.sum(x ** 2))

    def cond(s):
        i, x, done = s
        return (i < max_iters) & ~done

    def body(s):
        i, x, done = s
        x1 = x
        x = A @ x1
        x = x / jnp.sqrt(jnp.sum(x ** 2))
        done = (jnp.sum(jnp.abs(x - x1)) <= tol) | (jnp.sum(jnp.abs(x + x1)) <= tol)
        return i + 1, x, done

    i, x, done = jax.lax.while_loop(cond, body, (0, x, jnp.bool_(False)))
    niter = jnp.where(done, i - 1, max_iters)
    return x, x @ (A @ x), niter
