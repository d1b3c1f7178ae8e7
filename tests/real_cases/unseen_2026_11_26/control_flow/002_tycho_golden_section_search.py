"""Golden-section search: a `while` on a traced bracket width with a traced if/else inside.

source: wellimbharath/tycho-simulation protosim/src/gss.py at d4373f75e3dcc3a1431fed3c4c24a5f80824669b (gss)
error: TracerBoolConversionError
category: while-traced-cond-with-if-else (optimiser)
expect: fix
notes: gss verbatim. The jitted caller f (minimising a shifted parabola whose centre and bracket are traced inputs) is ours, the way a JAX user would call the routine inside a compiled objective. Inputs include an already-converged bracket (b - a <= tol) so that the loop may run zero times.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as jnp

gr = (math.sqrt(5) + 1) / 2

def gss(f, a, b, tol=1e-5):
    """Golden-section search
    to find the minimum of f on [a,b]
    f: a strictly unimodal function on [a,b]
    """
    c = b - (b - a) / gr
    d = a + (b - a) / gr
    while abs(b - a) > tol:
        if f(c) < f(d):  # f(c) > f(d) to find the maximum
            b = d
        else:
            a = c

        # We recompute both c and d here to avoid loss of precision which may lead to incorrect results or infinite loop
        c = b - (b - a) / gr
        d = a + (b - a) / gr

    return (b + a) / 2


@jax.jit
def f(a, b, center):
    return gss(lambda x: (x - center) ** 2, a, b, tol=1e-4)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    a = np.float32(rng.uniform(-3.0, 0.0))
    if rng.uniform() < 0.2:
        b = np.float32(a + 5e-5)          # already within tol: the loop body never runs
    else:
        b = np.float32(rng.uniform(1.0, 4.0))
    center = np.float32(rng.uniform(a, b))
    return (np.asarray(a), np.asarray(b), np.asarray(center))


INPUTS = make_inputs


@jax.jit
def reference_fix(a, b, center):
    fn = lambda x: (x - center) ** 2
    tol = 1e-4
    c = b - (b - a) / gr
    d = a + (b - a) / gr

    def cond(s):
        a, b, c, d = s
        return abs(b - a) > tol

    def body(s):
        a, b, c, d = s
        left = fn(c) < fn(d)
        b = jnp.where(left, d, b)
        a = jnp.where(left, a, c)
        c = b - (b - a) / gr
        d = a + (b - a) / gr
        return a, b, c, d

    a, b, c, d = lax.while_loop(cond, body, (a, b, c, d))
    return (b + a) / 2
