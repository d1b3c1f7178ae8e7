"""Backtracking line search: a `while` whose Armijo test is a traced comparison.

source: hrchengmike/eecs498_hw hw2/backtracking.py at 02709a5d925a4d7b5bd657c27c33b4694f5da214 (backtracking)
error: TracerBoolConversionError
category: while-traced-cond (line search)
expect: fix
notes: backtracking verbatim. The objective (x**4 + x**2/2, with its derivative from jax.grad) and the jitted caller f are ours; alpha and beta are Python floats (static config). Small x accept the full step (the loop runs zero times), large x need many halvings.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


### backtracking line search for single varible function
# f : objective function
# x : evaluate at x
# alpha, beta: input parameter for backtracking line search
# df(x): first derivative of f
def backtracking(f, df, x, alpha, beta):
    t = 1
    dx = - df(x)
    while f(x + t*dx) > f(x) + alpha * t * (df(x) * dx):
        t = beta * t
    return t


def objective(x):
    return x ** 4 + 0.5 * x ** 2


@jax.jit
def f(x):
    return backtracking(objective, jax.grad(objective), x, 0.1, 0.5)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    scale = rng.choice([0.1, 1.0, 3.0])
    return (np.asarray(np.float32(rng.uniform(-1, 1) * scale)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    df = jax.grad(objective)
    dx = -df(x)
    alpha, beta = 0.1, 0.5

    def cond(t):
        return objective(x + t * dx) > objective(x) + alpha * t * (df(x) * dx)

    return lax.while_loop(cond, lambda t: beta * t, jnp.asarray(1.0, dtype=x.dtype))
