"""Newton iteration in a `for` loop with `break` on a NumPy norm of a traced update.

source: njkrichardson/picard, src/newton.py (functions `newton`, `get_newton_update`), as stored in the code index
error: TracerArrayConversionError
category: for-break-numpy-on-tracer
expect: fix
notes: `newton` verbatim except the debugging `print(x_)` is dropped; `get_newton_update` reduced to its scalar branch (the vector branch references an undefined `jacobian`). `norm` is numpy.linalg.norm as in the source. Wrapped in a jitted `f(c, x0)` solving x**3 - c = 0 with max_iterations=8, so some trials break early and some exhaust the loop.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from copy import deepcopy

import jax
import jax.numpy as np
from jax import grad
from numpy.linalg import norm


def newton(function: callable, x_initial: np.ndarray, **kwargs) -> np.ndarray:
    x_ = deepcopy(x_initial)
    update = get_newton_update(function, x_.size)
    for _ in range(kwargs.get("max_iterations", int(1e2))):
        update_ = update(x_)
        x_ -= update_
        if norm(update_) <= kwargs.get("convergence_tol", 1e-3):
            break
    return x_


def get_newton_update(function: callable, output_dimension: int) -> callable:
    return lambda x: function(x)/grad(function)(x)


@jax.jit
def f(c, x0):
    return newton(lambda x: x ** 3 - c, x0, max_iterations=8, convergence_tol=1e-3)
# --- end user code ---

import numpy
import jax.numpy as jnp
from jax import lax


def make_inputs(rng):
    c = numpy.float32(rng.uniform(1.0, 30.0))
    x0 = numpy.float32(rng.choice([rng.uniform(1.0, 3.5), rng.uniform(0.3, 0.6)]))
    return (c, x0)


INPUTS = make_inputs


@jax.jit
def reference_fix(c, x0):
    fn = lambda x: x ** 3 - c
    upd = lambda x: fn(x) / jax.grad(fn)(x)

    def cond(s):
        i, x, done = s
        return (i < 8) & ~done

    def body(s):
        i, x, done = s
        u = upd(x)
        x = x - u
        return i + 1, x, jnp.abs(u) <= 1e-3

    _, x, _ = lax.while_loop(cond, body, (0, x0, False))
    return x
