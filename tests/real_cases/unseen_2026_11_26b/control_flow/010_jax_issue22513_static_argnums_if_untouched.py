"""An early `return` behind `if dx == 0:` where `dx` is a `static_argnums` argument; the loop bound is static too.

source: https://github.com/jax-ml/jax/issues/22513 (YigitElma, 2024-07-25 comment: `fun2`, "Same function without custom_jvp decorator", `@functools.partial(jax.jit, static_argnums=2)`)
error: none
category: negative-static-argnums-branch
expect: untouched
notes: `fun2` verbatim with its decorator; `f = fun2`. `dx` is static, so `if dx == 0:` and `fori_loop(0, dx, ...)` see a Python int; `n` is an ordinary (traced) argument used only arithmetically. The issue calls it with `x = jnp.arange(1000)` and `n = 10`; here x is a float vector (to keep x**10 in range), n in 3..10 and dx in 0..3, so both the early return and the fori_loop path run.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.lax import fori_loop
import functools


@functools.partial(jax.jit, static_argnums=2)
def fun2(x, n, dx):
    """Same function without custom_jvp decorator."""
    if dx == 0:
        return x**n
    out = x**(n-dx)
    coef = fori_loop(0, dx, lambda i, x: x*(n-i), 1)
    return coef*out


f = fun2
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.uniform(0.0, 2.0, size=(16,)).astype(np.float32)
    n = int(rng.integers(3, 11))
    dx = int(rng.integers(0, 4))
    return (x, n, dx)


INPUTS = make_inputs
