"""Wolfe-Powell inexact line search: `while True:` with nested traced ifs, `continue`s, a loop counter and a `return` inside the loop.

source: public JAX port of Long Qiang's optimisation course code (QiangLong2017/Optimization-Theory-and-Algorithm, MATLAB original code/9_2InexactLineSearch/inexactlinesearch_WP.m), code index file id 60540577956 (the index does not name the repository); module docstring "Armijo-Goldstein步长准则 ... Author: LONG QIANG", revised 2026-04-07 by ReFantasy (function `wolf_powell` and its `__main__` objective)
error: TracerBoolConversionError
category: while-true-multi-exit
expect: fix
notes: wolf_powell verbatim (comments kept). `objfun` is the `__main__` objective; I added the jitted driver `f(xk, dk)` that calls wolf_powell with the `__main__` bracket a0, b0, alpha0 = 0.0, 20.0, 10.0 (Python floats, so the four asserts stay static). The `__main__` search direction is -grad; the inputs use a random descent direction (-g plus a perturbation of at most half its norm) so the number of bisections and both inner branches vary between trials. float32 (the script enables x64).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import sys
import jax
import jax.numpy as jnp


## Wolf-Powell步长准则
def wolf_powell(objfun, xk, dk, a0=0.0, b0=sys.float_info.max, alpha0=1.0, rho=0.3, t=1.1, sigma=0.5, gradfun=None):
    if gradfun == None:
        gradfun = jax.grad(objfun)

    def phi(xk, dk, alpha):
        y = objfun(xk + alpha * dk)
        return y

    assert 0 < rho < 0.5, "rho must be in (0, 1)"
    assert t > 1.0, "t must be greater than 1"
    assert rho < sigma < 1, "sigma must be in (rho, 1)"
    assert a0 < alpha0 < b0, "alpha0 must be in (a0, b0)"

    al, bl, alphal = a0, b0, alpha0
    l = 0

    while True:
        if phi(xk, dk, alphal) <= objfun(xk) + rho * jnp.dot(gradfun(xk), dk) * alphal:
            if jnp.dot(gradfun(xk + alphal * dk), dk) >= sigma * jnp.dot(gradfun(xk), dk):
                error = objfun(xk) - objfun(xk + alphal * dk)  # 下降量
                return alphal, l, error
            else:
                al = alphal

                if jnp.dot(gradfun(xk + alphal * dk), dk) < sigma * jnp.dot(gradfun(xk), dk):
                    bl = bl * t
                alphal = (al + bl) / 2.0

                l += 1
                continue
        else:
            bl = alphal
            alphal = (al + bl) / 2.0
            l += 1
            continue


## 原问题目标函数
def objfun(x):
    y = (x[0] - 1.0) ** 2.0 + (x[1] + 1.0) ** 2.0
    return y


@jax.jit
def f(xk, dk):
    a0, b0, alpha0 = 0.0, 20.0, 10.0  # 初始区间和初始试探点
    return wolf_powell(objfun, xk, dk, a0, b0, alpha0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    xk = rng.uniform(-3.0, 3.0, size=2)
    g = np.array([2 * (xk[0] - 1.0), 2 * (xk[1] + 1.0)])
    u = rng.normal(size=2)
    u /= np.linalg.norm(u)
    dk = -g + 0.5 * np.linalg.norm(g) * rng.uniform() * u
    dk *= np.exp(rng.uniform(np.log(0.005), np.log(3.0)))
    return (xk.astype(np.float32), dk.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(xk, dk):
    a0, b0, alpha0 = 0.0, 20.0, 10.0
    rho, t, sigma = 0.3, 1.1, 0.5
    gradfun = jax.grad(objfun)

    def armijo(alphal):
        return objfun(xk + alphal * dk) <= objfun(xk) + rho * jnp.dot(gradfun(xk), dk) * alphal

    def curvature(alphal):
        return jnp.dot(gradfun(xk + alphal * dk), dk) >= sigma * jnp.dot(gradfun(xk), dk)

    def cond(state):
        al, bl, alphal, l = state
        return ~(armijo(alphal) & curvature(alphal))

    def body(state):
        al, bl, alphal, l = state
        ok = armijo(alphal)
        lt = jnp.dot(gradfun(xk + alphal * dk), dk) < sigma * jnp.dot(gradfun(xk), dk)
        al_new = jnp.where(ok, alphal, al)
        bl_new = jnp.where(ok, jnp.where(lt, bl * t, bl), alphal)
        return al_new, bl_new, (al_new + bl_new) / 2.0, l + 1

    init = (jnp.float32(a0), jnp.float32(b0), jnp.float32(alpha0), jnp.int32(0))
    al, bl, alphal, l = jax.lax.while_loop(cond, body, init)
    error = objfun(xk) - objfun(xk + alphal * dk)
    return alphal, l, error
