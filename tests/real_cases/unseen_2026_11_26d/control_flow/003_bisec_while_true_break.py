"""Course-exercise bisection: traced swap `if`, `while True` with a traced `break`, and an inner if/else.

source: sdrave/braunschweig09, bisec/d/bisec.py (function `bisec`), commit f3869681c6d296c0f71128a376103485cafa9b51
error: TracerBoolConversionError
category: while-true-break
expect: fix
notes: `bisec` verbatim (note it returns the residual y, not the root). Wrapped in a jitted `f(s, r, a, b)` bisecting s*sinh(x - r); s = +1/-1 so the initial swap branch runs on some trials.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def bisec(f, a, b, tol=1e-4):
    if f(a) > f(b):
        a, b = b, a
    while True:
        c = (a + b)/2
        y = f(c)
        if abs(y) < 1e-4:
            break
        if y > 0:
            b = c
        else:
            a = c

    return y


@jax.jit
def f(s, r, a, b):
    return bisec(lambda x: s * jnp.sinh(x - r), a, b)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    s = np.float32(rng.choice([-1.0, 1.0]))
    r = np.float32(rng.uniform(-2.0, 2.0))
    return (s, r, np.float32(-3.0), np.float32(3.0))


INPUTS = make_inputs


@jax.jit
def reference_fix(s, r, a, b):
    g = lambda x: s * jnp.sinh(x - r)
    swap = g(a) > g(b)
    a, b = jnp.where(swap, b, a), jnp.where(swap, a, b)
    c = (a + b) / 2
    y = g(c)

    def cond(st):
        a, b, y = st
        return ~(jnp.abs(y) < 1e-4)

    def body(st):
        a, b, y = st
        c = (a + b) / 2
        pos = y > 0
        b = jnp.where(pos, c, b)
        a = jnp.where(pos, a, c)
        c = (a + b) / 2
        return a, b, g(c)

    _, _, y = lax.while_loop(cond, body, (a, b, y))
    return y
