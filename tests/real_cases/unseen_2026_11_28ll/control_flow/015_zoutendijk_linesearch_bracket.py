"""Zoutendijk feasible-direction method: step bracketing with `if jnp.all(cons(...) <= 0)` and two Python `while` loops on traced feasibility.

source: public numerical-optimization course code in the code index (code-index file id 60252068439; imports NumericalOptimization.utils.linprog / linear_search / common.ConstraintFunctionSet; functions feadesdir_nonlin, linesearch_nonlin, zoutendijk_nonlin and a __main__ example with objfun and constraint1..3). The index does not name the repository, and holds neither NumericalOptimization.utils.linear_search nor .common.
error: TracerBoolConversionError
category: while-convergence
expect: fix
notes: linesearch_nonlin is verbatim, as are objfun and constraint1..3 from the module's __main__ block (each `@jax.jit`). Stand-ins: `ConstraintFunctionSet(func_list=...)` returns (values, gradients) as the module uses it (`cons(x)[0]` are the values), and `linear_search.golden(phi, a, b, epsilon)` returns `(lambda, phi(lambda), iterations)` from one parabolic-interpolation step clipped to [a, b] (exact for this quadratic objective; a float32 golden-section loop would resolve lambda only to ~1e-3, and eager and jitted runs would break its near-ties differently). Added the jitted entry point `f(xk, d)` = linesearch_nonlin(objfun, constraints, xk, d) (zoutendijk_nonlin calls it once per outer iteration). Inputs: strictly feasible points xk and directions d of varied length, so that both the growing branch (xk + d feasible) and the shrinking branch run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class ConstraintFunctionSet:
    # stand-in for NumericalOptimization.utils.common.ConstraintFunctionSet
    def __init__(self, func_list):
        self.func_list = func_list

    def __call__(self, x):
        values = jnp.stack([c(x) for c in self.func_list])
        gradients = jnp.stack([jax.grad(c)(x) for c in self.func_list])
        return values, gradients


class linear_search:
    # stand-in for NumericalOptimization.utils.linear_search
    @staticmethod
    def golden(func, a, b, epsilon=1e-8):
        # one successive-parabolic-interpolation step on [a, b], clipped to the bracket
        m = 0.5 * (a + b)
        h = 0.5 * (b - a)
        fa, fm, fb = func(a), func(m), func(b)
        x = m - 0.5 * h * (fb - fa) / (fa - 2.0 * fm + fb)
        x = jnp.clip(x, a, b)
        return x, func(x), 1


def linesearch_nonlin(objfun, cons: ConstraintFunctionSet, xk: jnp.ndarray, d: jnp.ndarray, atol=1e-8):
    lambda_max = 1.0
    alpha = 1.1
    beta = 0.9

    if jnp.all(cons(xk + lambda_max * d)[0] <= 0):
        tmp_lam = lambda_max * alpha
        while jnp.all(cons(xk + tmp_lam * d)[0] <= 0):
            lambda_max = tmp_lam
            tmp_lam = lambda_max * alpha
    else:
        tmp_lam = lambda_max * beta
        lambda_max = tmp_lam
        while not jnp.all(cons(xk + tmp_lam * d)[0] <= 0):
            tmp_lam = tmp_lam * beta
            lambda_max = tmp_lam

    # 设置一维搜索目标函数
    phi = lambda lam: objfun(xk + lam * d)

    final_lambda, _, _ = linear_search.golden(phi, a=0.0, b=lambda_max, epsilon=atol)
    return final_lambda


@jax.jit
def objfun(x):
    x1, x2 = x
    return (x1 + 1) ** 2 + (x2 - 4) ** 2

@jax.jit
def constraint1(x):
    x1, x2 = x
    return x1**2 + x2**2 - 4

@jax.jit
def constraint2(x):
    x1, x2 = x
    return x1**2 - x2 - 1

@jax.jit
def constraint3(x):
    x1, x2 = x
    return -x1 + x2 - 2

constraints = ConstraintFunctionSet(func_list=[constraint1, constraint2, constraint3])


@jax.jit
def f(xk, d):
    return linesearch_nonlin(objfun, constraints, xk, d)
# --- end user code ---

import numpy as np
from jax import lax


def _feasible(x, margin):
    x1, x2 = x
    return (x1**2 + x2**2 - 4 < -margin) and (x1**2 - x2 - 1 < -margin) and (-x1 + x2 - 2 < -margin)


def make_inputs(rng):
    while True:
        xk = rng.uniform(-2.0, 2.0, size=2)
        if _feasible(xk, 0.2):
            break
    angle = rng.uniform(0, 2 * np.pi)
    length = rng.choice([0.1, 0.4, 1.5, 4.0])
    d = length * np.array([np.cos(angle), np.sin(angle)])
    return (xk.astype(np.float32), d.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(xk, d):
    alpha, beta = 1.1, 0.9

    def feasible(lam):
        return jnp.all(constraints(xk + lam * d)[0] <= 0)

    def grow(_):
        def body(c):
            lambda_max, tmp_lam = c
            return tmp_lam, tmp_lam * alpha
        lambda_max, _ = lax.while_loop(lambda c: feasible(c[1]), body, (jnp.float32(1.0), jnp.float32(1.0 * alpha)))
        return lambda_max

    def shrink(_):
        def body(c):
            tmp_lam = c * beta
            return tmp_lam
        return lax.while_loop(lambda c: ~feasible(c), body, jnp.float32(1.0 * beta))

    lambda_max = lax.cond(feasible(1.0), grow, shrink, None)
    phi = lambda lam: objfun(xk + lam * d)
    final_lambda, _, _ = linear_search.golden(phi, a=0.0, b=lambda_max, epsilon=1e-8)
    return final_lambda
