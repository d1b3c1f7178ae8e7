"""Golden-section search: `while b - a > tolerance:` with an `if f(c) < f(d):` / `else:` update.

source: louisrutgeerts01/powell-dfo-linesearch src/line_search.py (gss, "Python program for golden section search")
error: TracerBoolConversionError
category: while-if-else-line-search
expect: fix
notes: gss verbatim (pure-Python line search used by the repo's Powell method); the caller jits it on a 1-D quartic whose bracket ends and shape parameter are traced arrays.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as jnp

invphi = (math.sqrt(5) - 1) / 2  # 1 / phi


def gss(f, a, b, tolerance=1e-5):
    """
    Golden-section search
    to find the minimum of f on [a,b]

    * f: a strictly unimodal function on [a,b]
    """
    while b - a > tolerance:
        c = b - (b - a) * invphi
        d = a + (b - a) * invphi
        if f(c) < f(d):
            b = d
        else:  # f(c) > f(d) to find the maximum
            a = c

    return (b + a) / 2


@jax.jit
def f(a, b, m):
    return gss(lambda x: (x - m) ** 2 + 0.1 * (x - m) ** 4, a, b, tolerance=1e-4)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    a = np.float32(rng.uniform(-3.0, -1.0))
    b = np.float32(rng.uniform(1.0, 3.0))
    m = np.float32(rng.uniform(-4.0, 4.0))  # sometimes outside [a, b]: the search walks to an end
    return (a, b, m)


INPUTS = make_inputs


@jax.jit
def reference_fix(a, b, m):
    fn = lambda x: (x - m) ** 2 + 0.1 * (x - m) ** 4

    def body(state):
        a, b = state
        c = b - (b - a) * invphi
        d = a + (b - a) * invphi
        left = fn(c) < fn(d)
        return jnp.where(left, a, c), jnp.where(left, d, b)

    a, b = lax.while_loop(lambda s: s[1] - s[0] > 1e-4, body, (a, b))
    return (b + a) / 2
