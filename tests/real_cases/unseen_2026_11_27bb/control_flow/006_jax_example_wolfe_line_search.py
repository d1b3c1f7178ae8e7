"""Wolfe line search from the JAX repository's examples/newton_method.py: `while`/`if`/`break` on traced values.

source: jax-ml/jax examples/newton_method.py at 1b4bb05bc410229f84ddc51b23fcdfed58afbdc3 (`wolfe`, the objective `g`; code-index file id 8214019745). The sibling examples/bfgs_method.py at 2c38ef6c93184d21fa962dc5959620c413269706 imports the same `wolfe`.
error: TracerBoolConversionError
category: while-break-line-search
expect: fix
notes: `wolfe` and `g` are verbatim (argument asserts kept). The file's `newton` driver (an unbounded `while 1:` with prints, run at import) is dropped; the entry point `f` is one step of it: the gradient at `x_0`, `wolfe` along a given direction `dk` (shape (1, n) as `newton` builds it), and the update `x_0 + alpha * dk[0]`. `if f1 <= f0 + c1*alpha*res0.dot(dk.T)` is the first traced test; `alpha`, `alphas`, `alphae` then evolve data-dependently, and both `break`s depend on traced values. Inputs use scaled steepest-descent directions so that the expand (`alphas = alpha`), shrink (`alphae = alpha`), Wolfe-accept and `eps` exits all occur.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from typing import Callable, Iterable

is_float = lambda x: isinstance(x, (float, int))

ini = [1., -1., 1., -1.]

g = lambda x: (-13 + x[0] + ((5 - x[1])*x[1] - 2)*x[1])**2 + (-29 + x[0] + ((x[1] + 1)*x[1] - 14)*x[1])**2 + (-13 + x[2] + ((5 - x[3])*x[3] - 2)*x[3])**2 + (-29 + x[2] + ((x[3] + 1)*x[3] - 14)*x[3])**2

def wolfe(fun: Callable,
          res0, 
          x_0: Iterable, 
          dk, 
          c1: float=0.3, 
          c2: float=0.5, 
          alphas: float=0., 
          alphae: float=2.,
          eps: float=1e-3) -> float:
    '''
    Step size finder.
    '''
    assert c1 > 0
    assert c1 < 1
    assert c2 > 0
    assert c2 < 1
    assert c1 < c2
    assert alphas >= 0
    assert alphas < alphae
    assert eps > 0
    alpha = 1
    f0 = fun(x_0)
    while alphas < alphae:
        x = x_0 + (alpha*dk)[0]
        f1 = fun(x)
        if f1 <= f0 + c1*alpha*res0.dot(dk.T):
            res1 = jax.grad(fun)(x)
            if res1.dot(dk.T) >= c2*res0.dot(dk.T):
                break
            else:
                alphas = alpha
                alpha = 0.5 * (alphas + alphae)
        else:
            alphae = alpha
            alpha = 0.5 * (alphas + alphae)
        if jax.numpy.abs(alphas - alphae) < eps:
            break
    return alpha


@jax.jit
def f(x_0, dk):
    gradient = jax.grad(g)(x_0)
    alpha = wolfe(g, gradient, x_0, dk)
    return x_0 + alpha * dk[0]
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    x0 = rng.normal(size=4).astype(np.float32)
    grad = np.asarray(jax.grad(g)(jnp.asarray(x0)))
    s = 10.0 ** rng.uniform(-5.0, -1.0)
    dk = (-s * grad).reshape(1, -1).astype(np.float32)
    return (x0, dk)


INPUTS = make_inputs


@jax.jit
def reference_fix(x_0, dk):
    c1, c2, eps = 0.3, 0.5, 1e-3
    res0 = jax.grad(g)(x_0)
    f0 = g(x_0)
    slope = res0.dot(dk.T)[0]

    def cond(c):
        alpha, alphas, alphae, done = c
        return (~done) & (alphas < alphae)

    def body(c):
        alpha, alphas, alphae, done = c
        x = x_0 + (alpha * dk)[0]
        suff = g(x) <= f0 + c1 * alpha * slope
        curv = jax.grad(g)(x).dot(dk.T)[0] >= c2 * slope
        accept = suff & curv
        alphas = jnp.where(suff & ~curv, alpha, alphas)
        alphae = jnp.where(~suff, alpha, alphae)
        alpha = jnp.where(accept, alpha, 0.5 * (alphas + alphae))
        done = accept | (jnp.abs(alphas - alphae) < eps)
        return alpha, alphas, alphae, done

    init = (jnp.float32(1.0), jnp.float32(0.0), jnp.float32(2.0), jnp.bool_(False))
    alpha, _, _, _ = jax.lax.while_loop(cond, body, init)
    return x_0 + alpha * dk[0]
