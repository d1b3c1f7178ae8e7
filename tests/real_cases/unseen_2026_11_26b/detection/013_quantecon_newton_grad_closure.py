"""One-dimensional Newton: a nested `q` closes over `jax.grad(f)` and a `while error > tol` tests its output.

source: QuantEcon/lecture-jax lectures/newtons_method.md at 01e332d6150d2c0641f92dc6e07fe02b113e07a0 ("Newton in one dimension": newton(f, x_0, tol=1e-5) and the test function `f = lambda x: jnp.sin(4 * (x - 1/4)) + x + x**20 - 1`, called as `newton(f, 0.2)`)
error: TracerBoolConversionError
category: closure-grad-while
expect: fix
notes: newton is verbatim. The lecture's test lambda is named `f` there; here it is `func` because
  `f` is the jitted entry point, which calls `newton(func, x_0)` for a traced start value. The
  traced value reaches the loop test through the nested `q`, which closes over `f` and
  `f_prime = jax.grad(f)`; `abs(x - y)` is the builtin on a tracer. Start values are drawn in
  [0.1, 0.7], around the lecture's 0.2, where Newton converges to the root near 0.41.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def newton(f, x_0, tol=1e-5):
    f_prime = jax.grad(f)
    def q(x):
        return x - f(x) / f_prime(x)

    error = tol + 1
    x = x_0
    while error > tol:
        y = q(x)
        error = abs(x - y)
        x = y
        
    return x


func = lambda x: jnp.sin(4 * (x - 1/4)) + x + x**20 - 1


@jax.jit
def f(x_0):
    return newton(func, x_0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(0.1, 0.7)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x_0, tol=1e-5):
    f_prime = jax.grad(func)
    q = lambda x: x - func(x) / f_prime(x)

    def body(c):
        x, _ = c
        y = q(x)
        return y, jnp.abs(x - y)

    x, _ = jax.lax.while_loop(lambda c: c[1] > tol, body, (x_0, jnp.float32(tol + 1)))
    return x
