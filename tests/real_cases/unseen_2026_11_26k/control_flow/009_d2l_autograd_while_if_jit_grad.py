"""d2l's control-flow autograd example, but the gradient is jit-compiled: the traced while and if leak.

source: d2l-ai/d2l-en chapter_preliminaries/autograd.md, `%%tab jax` cells of "Computing the Gradient of Python Control Flow" (`def f(a)` with `while jnp.linalg.norm(b) < 1000` and `if b.sum() > 0`, then `d_grad = grad(f)(a)`)
error: TracerBoolConversionError
category: while-in-grad-under-jit
expect: fix
notes: f is verbatim; the notebook calls `grad(f)(a)` eagerly, here it is `jax.jit(grad(f))`
  (the usual next step). A plain lax.while_loop rewrite is not enough: reverse-mode
  differentiation through lax.while_loop is unsupported, so a correct rewrite has to keep the
  differentiated path outside the loop (e.g. count the doublings on stop_gradient values and
  rescale a), as reference_fix does. For a = 0 the original loops forever; inputs avoid 0.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import grad


def f(a):
    b = a * 2
    while jnp.linalg.norm(b) < 1000:
        b = b * 2
    if b.sum() > 0:
        c = b
    else:
        c = 100 * b
    return c


f = jax.jit(grad(f))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    mag = rng.uniform(0.01, 50.0)
    sign = 1.0 if rng.uniform() < 0.5 else -1.0
    return (np.float32(sign * mag),)


INPUTS = make_inputs


def _f_fixed(a):
    a0 = jax.lax.stop_gradient(a)

    def cond(state):
        b, scale = state
        return jnp.linalg.norm(b) < 1000

    def body(state):
        b, scale = state
        return b * 2, scale * 2

    _, scale = jax.lax.while_loop(cond, body, (a0 * 2, jnp.ones_like(a0) * 2))
    b = a * scale
    return jnp.where(b.sum() > 0, b, 100 * b)


reference_fix = jax.jit(grad(_f_fixed))
