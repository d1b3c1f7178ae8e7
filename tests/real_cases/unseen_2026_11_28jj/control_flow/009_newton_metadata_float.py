"""Torax-style Newton-Raphson root finder written with lax.while_loop/lax.cond, whose metadata dict calls float() on the traced final residual and step factor.

source: uwplasma/NEOPAX NEOPAX/_newton_raphson.py at 5db0ce79053672631ed2bf2b9f6c7096ab8c4ae3 (root_newton_raphson; code-index file id 53493979110); test problem after NEOPAX/tests/test_solvers.py at the same commit (test_broyden_solver: `x**3 - x - 2 = 0, root near 1.521`)
error: ConcretizationTypeError
category: float-of-tracer-in-result
expect: fix
notes: root_newton_raphson is verbatim. Entry point (added): `f` jits a solve of the componentwise system x**3 - x - c = 0 (the repository test's Broyden problem with the constant 2 replaced by a traced vector c) from a traced start x0. A vector x0 is used because for 0-d inputs the nested conditional expression in `jacobian` returns `jax.grad(f)` itself rather than its value, so the scalar path fails eagerly too. Everything in the loop is already lax-based and the `custom_jac is not None`, `x.ndim == 0` tests are static; the only leak is `'final_residual': float(norm(fx_final))` and `'final_tau': float(tau_final)` in the returned metadata. Inputs mix starts near the root (fast convergence) with starts just right of the local minimum of x**3 - x, whose first Newton step overshoots so that the line search cuts tau; starts left of the minimum are avoided because Newton is chaotic there and eager and compiled runs drift apart.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
# JAX-compatible robust Newton-Raphson root-finder (torax-style)
# Adapted for NEOPAX ambipolarity root-finding
import jax
import jax.numpy as jnp
from jax import lax
from typing import Callable

def root_newton_raphson(
    fun: Callable[[jnp.ndarray], jnp.ndarray],
    x0: jnp.ndarray,
    maxiter: int = 30,
    tol: float = 1e-5,
    coarse_tol: float = 1e-2,
    delta_reduction_factor: float = 0.5,
    tau_min: float = 0.01,
    log_iterations: bool = False,
    custom_jac: Callable[[jnp.ndarray], jnp.ndarray] = None,
):
    """
    Differentiable Newton-Raphson root finder (vector/scalar), with line search and robust fallback.
    Returns (x_root, metadata_dict)
    """
    def norm(x):
        return jnp.mean(jnp.abs(x))

    def jacobian(f, x):
        return custom_jac(x) if custom_jac is not None else jax.grad(f) if x.ndim == 0 else jax.jacfwd(f)(x)

    def body(state):
        x, fx, tau, iters = state
        J = jacobian(fun, x)
        # Newton step
        if x.ndim == 0:
            delta = fx / J
        else:
            delta = jnp.linalg.solve(J, fx)
        x_new = x - tau * delta
        fx_new = fun(x_new)
        # Line search: reduce tau if not improved
        tau_new = lax.cond(norm(fx_new) < norm(fx), lambda _: 1.0, lambda _: delta_reduction_factor * tau, None)
        return (x_new, fx_new, tau_new, iters + 1)

    def cond(state):
        x, fx, tau, iters = state
        return (norm(fx) > tol) & (iters < maxiter) & (tau > tau_min)

    fx0 = fun(x0)
    state = (x0, fx0, 1.0, 0)
    state = lax.while_loop(cond, body, state)
    x_final, fx_final, tau_final, n_iter = state
    metadata = {
        'converged': norm(fx_final) <= tol,
        'iterations': n_iter,
        'final_residual': float(norm(fx_final)),
        'final_tau': float(tau_final),
    }
    return x_final, metadata


@jax.jit
def f(x0, c):
    return root_newton_raphson(lambda x: x**3 - x - c, x0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 3
    c = rng.uniform(0.5, 6.0, size=n).astype(np.float32)
    if rng.uniform() < 0.5:
        x0 = rng.uniform(1.0, 2.2, size=n)          # near the real root
    else:
        x0 = rng.uniform(0.6, 0.75, size=n)         # just right of the local minimum: overshoot, line search
    return (x0.astype(np.float32), c)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, c):
    fun = lambda x: x**3 - x - c
    tol, maxiter, tau_min, red = 1e-5, 30, 0.01, 0.5
    norm = lambda v: jnp.mean(jnp.abs(v))

    def body(state):
        x, fx, tau, iters = state
        J = jax.jacfwd(fun)(x)
        delta = jnp.linalg.solve(J, fx)
        x_new = x - tau * delta
        fx_new = fun(x_new)
        tau_new = lax.cond(norm(fx_new) < norm(fx), lambda _: 1.0, lambda _: red * tau, None)
        return (x_new, fx_new, tau_new, iters + 1)

    def cond(state):
        x, fx, tau, iters = state
        return (norm(fx) > tol) & (iters < maxiter) & (tau > tau_min)

    x_final, fx_final, tau_final, n_iter = lax.while_loop(cond, body, (x0, fun(x0), 1.0, 0))
    metadata = {
        'converged': norm(fx_final) <= tol,
        'iterations': n_iter,
        'final_residual': norm(fx_final),
        'final_tau': tau_final,
    }
    return x_final, metadata
