"""Multivariate Newton: a lambda over the model is handed in, a nested `@jax.jit` closure updates, Python `while` tests.

source: QuantEcon/lecture-jax lectures/newtons_method.md at 01e332d6150d2c0641f92dc6e07fe02b113e07a0 ("An Equilibrium Problem": e(p, A, b, c) and the multivariate newton(f, x_0, tol=1e-5, max_iter=15) with the nested jitted `q`, called as `newton(lambda p: e(p, A, b, c), init_p)`)
error: TracerBoolConversionError
category: lambda-to-helper-nested-jit-while
expect: fix
notes: e and newton are verbatim; `f` is the lecture's call `newton(lambda p: e(p, A, b, c),
  init_p)` inside one jitted function (the market data A, b, c traced). The traced error reaches
  the `while error > tol:` through the lambda handed in, `jax.jacobian` of it, and the nested
  `@jax.jit q` that closes over both; the `raise` only depends on the Python counter `n` and never
  fires on these inputs (a 5-good market with column-normalised random A, as in the lecture,
  converges in a few steps). The per-iteration `print` stays.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def e(p, A, b, c):
    return jnp.exp(- A @ p) + c - b * jnp.sqrt(p)


def newton(f, x_0, tol=1e-5, max_iter=15):
    """
    A multivariate Newton root-finding routine.

    """
    x = x_0
    f_jac = jax.jacobian(f)
    @jax.jit
    def q(x):
        " Updates the current guess. "
        return x - jnp.linalg.solve(f_jac(x), f(x))
    error = tol + 1
    n = 0
    while error > tol:
        n += 1
        if(n > max_iter):
            raise Exception('Max iteration reached without convergence')
        y = q(x)
        error = jnp.linalg.norm(x - y)
        x = y
        print(f'iteration {n}, error = {error}')
    return x


@jax.jit
def f(init_p, A, b, c):
    return newton(lambda p: e(p, A, b, c), init_p)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    dim = 5
    A = rng.uniform(size=(dim, dim))
    A = A / A.sum(axis=0)
    b = rng.uniform(0.5, 1.5, size=dim)
    c = rng.uniform(0.5, 1.5, size=dim)
    init_p = np.ones(dim)
    return tuple(x.astype(np.float32) for x in (init_p, A, b, c))


INPUTS = make_inputs


@jax.jit
def reference_fix(init_p, A, b, c, tol=1e-5, max_iter=15):
    g = lambda p: e(p, A, b, c)
    g_jac = jax.jacobian(g)
    q = lambda x: x - jnp.linalg.solve(g_jac(x), g(x))

    def body(s):
        x, _, n = s
        y = q(x)
        return y, jnp.linalg.norm(x - y), n + 1

    x, _, _ = jax.lax.while_loop(lambda s: (s[1] > tol) & (s[2] < max_iter), body,
                                 (init_p, jnp.float32(tol + 1), 0))
    return x
