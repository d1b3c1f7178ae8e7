"""One-dimensional Newton iteration with `while error > tol:` on a traced error.

source: QuantEcon/lecture-jax lectures/newtons_method.md at 01e332d6150d2c0641f92dc6e07fe02b113e07a0 (section "Newton in one dimension": newton(f, x_0, tol) and the test function f)
error: TracerBoolConversionError
category: while-traced-test
expect: fix
notes: `newton` verbatim; the lecture's test function `f = lambda x: jnp.sin(4 * (x - 1/4)) + x + x**20 - 1` is kept under the name `g` (it is passed in as the callable). The lecture calls `newton(f, 0.2)` eagerly; `f` jits the solve in the starting point (`jax.jit(lambda x_0, tol: newton(g, x_0, tol))`), as a user would when solving for many starting points. Starting points in [0.05, 0.75] around the root near 0.41; tol varies between 1e-5 and 1e-2 so the iteration count changes.
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


g = lambda x: jnp.sin(4 * (x - 1/4)) + x + x**20 - 1

f = jax.jit(lambda x_0, tol: newton(g, x_0, tol))
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    x_0 = np.float32(rng.uniform(0.05, 0.75))
    tol = float(rng.choice([1e-5, 1e-3, 1e-2]))
    return (x_0, tol)


INPUTS = make_inputs


@jax.jit
def reference_fix(x_0, tol):
    f_prime = jax.grad(g)

    def q(x):
        return x - g(x) / f_prime(x)

    def body(state):
        x, _ = state
        y = q(x)
        return y, jnp.abs(x - y)

    x, _ = lax.while_loop(lambda s: s[1] > tol, body, (x_0, tol + 1))
    return x
