"""Newton-Raphson minimiser: `for i in range(maxiter)` with an early `return x, True` on a traced step norm.

source: code-search index file id 12112602097 (a small JAX module defining `newton_raphson(fun, x_or_n, epsilon=1e-6,
  maxiter=10)` with a module logger named 'newton_raphson'); the index did not name the repository or path.
error: TracerBoolConversionError
category: for-early-return-flag
expect: fix
notes: `newton_raphson` and the logger set-up are verbatim (the logger still logs at DEBUG level, as in the
  original). The objective and the jitted entry point `f` are added: `f(x0, a)` minimises sum(exp(v) - a*v) (minimum
  at v = log(a)) from x0. Starting points far to the right need more than maxiter=10 Newton steps, so both the
  early `return x, True` and the fall-through `return x, False` run across trials.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
from jax import grad, jit, jacobian, Array
from jax.typing import ArrayLike
from typing import Callable
import logging

logging.basicConfig()
logger = logging.getLogger('newton_raphson')
logger.setLevel(logging.DEBUG)

def newton_raphson(
        fun: Callable[[jnp.ndarray], Array],
        x_or_n: jnp.ndarray | int,
        epsilon: float = 1e-6, 
        maxiter: int = 10):
    x = None
    n = None

    if isinstance(x_or_n, jnp.ndarray):
        x = x_or_n
    if isinstance(x_or_n, int):
        n = x_or_n

    if x is None:
        x = jnp.zeros(n)

    gradient = grad(fun)
    hessian = jacobian(gradient)

    logger.debug(f'Initial guess: {x}')
    logger.debug(f'Gradient {jnp.linalg.norm(gradient(x))=}')

    for i in range(maxiter):
        h_val = hessian(x)
        g_val = gradient(x)
        logger.debug(f"{h_val=}")

        step = jnp.linalg.inv(h_val) @ g_val
        logger.debug(f"Step size {jnp.linalg.norm(step)=}")

        x = x - step

        logger.debug(f"Step size {jnp.linalg.norm(step)=}")
        if jnp.linalg.norm(step) < epsilon:
            logger.debug(f"Converged in {i + 1} iterations.")
            return x, True

    return x, False


def _f(x0, a):
    return newton_raphson(lambda v: jnp.sum(jnp.exp(v) - a * v), x0)


f = jax.jit(_f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x0 = rng.uniform(-1.0, 10.0, size=(3,)).astype(np.float32)
    a = rng.uniform(0.5, 3.0, size=(3,)).astype(np.float32)
    return (x0, a)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, a):
    fun = lambda v: jnp.sum(jnp.exp(v) - a * v)
    gradient = grad(fun)
    hessian = jacobian(gradient)
    maxiter, epsilon = 10, 1e-6

    def cond(c):
        i, x, done = c
        return (i < maxiter) & ~done

    def body(c):
        i, x, done = c
        step = jnp.linalg.inv(hessian(x)) @ gradient(x)
        x = x - step
        return i + 1, x, jnp.linalg.norm(step) < epsilon

    _, x, done = jax.lax.while_loop(cond, body, (0, x0, jnp.array(False)))
    return x, done
