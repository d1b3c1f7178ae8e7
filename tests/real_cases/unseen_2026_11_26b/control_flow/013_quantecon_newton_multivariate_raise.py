"""Multivariate Newton: a traced `while error > tol:` whose body raises after `max_iter` passes and prints each error.

source: QuantEcon/lecture-jax lectures/newtons_method.md at 01e332d6150d2c0641f92dc6e07fe02b113e07a0 (section "Newton's Method": the multivariate newton(f, x_0, tol, max_iter) and the excess demand e(p, A, b, c))
error: TracerBoolConversionError
category: while-traced-test-raise-print
expect: report
notes: `newton` and `e` verbatim. The lecture calls `newton(lambda p: e(p, A, b, c), init_p)` eagerly (with `q` jitted inside); `f` jits the whole solve over (A, b, c, init_p). Under jit `while error > tol` is traced, and a while_loop rewrite would also have to trace the counter `n`, which guards `raise Exception('Max iteration reached without convergence')` — an exception whose firing depends on the data — and the per-iteration `print` of the traced error. Reported, not rewritten. Inputs: the lecture's random market, 4 goods (A with columns normalised to sum to one, b = c = 1, p_0 = 1).
"""
EXPECT = "report"

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


f = jax.jit(lambda A, b, c, init_p: newton(lambda p: e(p, A, b, c), init_p))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    dim = 4
    A = rng.uniform(size=(dim, dim)).astype(np.float32)
    A = A / A.sum(axis=0)
    b = np.ones(dim, dtype=np.float32)
    c = np.ones(dim, dtype=np.float32)
    init_p = np.ones(dim, dtype=np.float32)
    return (A, b, c, init_p)


INPUTS = make_inputs
