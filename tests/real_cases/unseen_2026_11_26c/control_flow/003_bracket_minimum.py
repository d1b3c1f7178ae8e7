"""Line-search bracketing: `while True:` that `return`s once the traced objective starts to rise.

source: quant-sci/optymus src/optymus/search/_search.py at 073252a0c85a2e676fb9fdef5abac757b4280f7f (bracket_minimum, called by line_search)
error: TracerBoolConversionError
category: while-true-early-return
expect: fix
notes: bracket_minimum verbatim; the caller jits it on a quadratic along a direction, with learning_rate=0.05 and eps=1e-3 (with the default eps=1e-5 the float32 comparison f_prev < f is at rounding level).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def bracket_minimum(func, x0, dir, alpha=0.0, learning_rate=0.01, eps=1e-5):  # noqa
    alpha = jnp.array(alpha)
    learning_rate = jnp.array(learning_rate)
    eps = jnp.array(eps)
    while True:
        alpha = alpha + learning_rate
        f = func(x0 + alpha * dir)
        f_prev = func(x0 + (alpha - eps) * dir)
        if f_prev < f:
            alpha_lower = alpha - learning_rate
            alpha_upper = alpha
            return alpha_lower, alpha_upper


@jax.jit
def f(x0, d, c):
    func = lambda x: jnp.sum((x - c) ** 2)
    return bracket_minimum(func, x0, d, learning_rate=0.05, eps=1e-3)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    x0 = rng.normal(size=(3,)).astype(np.float32)
    c = rng.normal(size=(3,)).astype(np.float32)
    t = rng.uniform(0.3, 1.5)  # minimum along d at alpha = 1/t
    d = ((c - x0) * t).astype(np.float32)
    return (x0, d, c)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, d, c):
    func = lambda x: jnp.sum((x - c) ** 2)
    lr = jnp.array(0.05)
    eps = jnp.array(1e-3)

    def step(alpha):
        alpha = alpha + lr
        return alpha, func(x0 + (alpha - eps) * d) < func(x0 + alpha * d)

    def cond(state):
        return ~state[1]

    def body(state):
        return step(state[0])

    alpha, _ = lax.while_loop(cond, body, step(jnp.array(0.0)))
    return alpha - lr, alpha
