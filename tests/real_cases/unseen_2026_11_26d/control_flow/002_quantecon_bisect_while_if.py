"""QuantEcon bisection: `while upper - lower > tol` with a traced `if f(middle) > 0` inside.

source: QuantEcon/QuantEcon.py, bisection.py (function `bisect`), as stored in the code index
error: TracerBoolConversionError
category: while-with-if-bisection
expect: fix
notes: `bisect` verbatim (pure Python, written for NumPy floats). Wrapped in a jitted `f(c, a, b)` that finds the root of the increasing function tanh(x - c) on [a, b]; a, b, c are traced scalars, so both the loop test and the inner `if` leak.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def bisect(f, a, b, tol=10e-5):
    """
    Implements the bisection root finding algorithm, assuming that f is a
    real-valued function on [a, b] satisfying f(a) < 0 < f(b).
    """
    lower, upper = a, b

    while upper - lower > tol:
        middle = 0.5 * (upper + lower)
        # === if root is between lower and middle === #
        if f(middle) > 0:
            lower, upper = lower, middle
        # === if root is between middle and upper  === #
        else:
            lower, upper = middle, upper

    return 0.5 * (upper + lower)


@jax.jit
def f(c, a, b):
    return bisect(lambda x: jnp.tanh(x - c), a, b)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    c = np.float32(rng.uniform(-1.5, 1.5))
    a = np.float32(-2.0 - rng.uniform(0, 1))
    b = np.float32(2.0 + rng.uniform(0, 1))
    return (c, a, b)


INPUTS = make_inputs


@jax.jit
def reference_fix(c, a, b):
    g = lambda x: jnp.tanh(x - c)
    tol = 10e-5

    def cond(s):
        lower, upper = s
        return upper - lower > tol

    def body(s):
        lower, upper = s
        middle = 0.5 * (upper + lower)
        pos = g(middle) > 0
        return jnp.where(pos, lower, middle), jnp.where(pos, middle, upper)

    lower, upper = lax.while_loop(cond, body, (a, b))
    return 0.5 * (upper + lower)
