"""Newton root finder already written with `lax.while_loop` (cond uses `&`) and `lax.custom_root`: fine.

source: pjanul/hmfast src/hmfast/tools/newton_root.py at aece08562d6eb3ccacfc5f5158083778fd9cc379 (`newton_solver`, `newton_root`)
error: none
category: negative
expect: untouched
notes: Both functions are verbatim. The jitted entry point `f` (a square-root solve `x**2 - a` started from `a`) is written by the collector; in hmfast the helper is called from jitted halo-model code. The look-alike: the convergence test `(jnp.abs(f(x)) > tol) & (i < max_iter)` is on traced values but lives in a `lax.while_loop` cond and uses `&`, not `and`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax

def newton_solver(f, x0, tol=1e-8, max_iter=50):
    df = jax.grad(f)
    def cond_fn(state):
        x, i = state
        return (jnp.abs(f(x)) > tol) & (i < max_iter)
    def body_fn(state):
        x, i = state
        fx = f(x)
        dfx = df(x)
        x_new = x - fx / dfx
        return (x_new, i + 1)
    x_final, _ = lax.while_loop(cond_fn, body_fn, (x0, 0))
    return x_final

def newton_root(f, x0, tol=1e-8, max_iter=50):
    def solve(f, x0):
        return newton_solver(f, x0, tol=tol, max_iter=max_iter)
    # For scalar roots, use the recommended tangent_solve
    tangent_solve = lambda g, y: y / g(1.0)
    return lax.custom_root(f, x0, solve, tangent_solve=tangent_solve)


@jax.jit
def f(a):
    return newton_root(lambda x: x ** 2 - a, a)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(0.5, 4.0)),)


INPUTS = make_inputs
