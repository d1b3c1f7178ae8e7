"""A teaching bisection: a traced `if f(a) > f(b): a, b = b, a` swap, then `while True:` with `if abs(y) < 1e-4: break` and an if/else update.

source: sdrave/braunschweig09 bisec/d/bisec.py (bisec)
error: TracerBoolConversionError
category: while-true-break-swap
expect: fix
notes: bisec verbatim (its unused `tol` parameter included; it returns f at the final midpoint, as written). The course code is written for plain floats; here it is handed a jax.numpy function and called from a jitted f, as a JAX user would reuse it: the cube-root problem x**3 - p on a traced bracket. The bracket is given in either order so the pre-loop swap (a tuple assignment under a traced test) is exercised.
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
def f(p, a, b):
    return bisec(lambda x: x ** 3 - p, a, b)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    p = np.float32(rng.uniform(1.0, 8.0))
    lo, hi = np.float32(0.0), np.float32(2.5)
    if rng.uniform() < 0.5:
        lo, hi = hi, lo
    return (p, lo, hi)


INPUTS = make_inputs


@jax.jit
def reference_fix(p, a, b):
    g = lambda x: x ** 3 - p
    swap = g(a) > g(b)
    a, b = jnp.where(swap, b, a), jnp.where(swap, a, b)

    def cond(s):
        a, b, y, done = s
        return ~done

    def body(s):
        a, b, _, _ = s
        c = (a + b) / 2
        y = g(c)
        done = abs(y) < 1e-4
        b2 = jnp.where(done, b, jnp.where(y > 0, c, b))
        a2 = jnp.where(done, a, jnp.where(y > 0, a, c))
        return a2, b2, y, done

    return jax.lax.while_loop(cond, body, (a, b, jnp.float32(0.0), False))[2]
