"""A GradDescent class whose solve loop returns early when a jitted convergence test says so.

source: public JAX tutorial file found by content in the code index (class GradDescent with jitted `step` / `is_converge` methods and `solve(self, f, x)`; the index did not name its repository)
error: TracerBoolConversionError
category: for-early-return-jitted-predicate
expect: fix
notes: GradDescent is verbatim. The file only defines the class; the quadratic `loss`, the
  instance (max_iter=30 so that both exits are reached) and jitting `solve` with the loss bound
  by functools.partial are added. `self.is_converge` is itself jitted, so it returns a traced
  bool that the `if` then converts. Inputs start either right at the minimum (return at i=0),
  near it (return mid-loop) or far away (all 30 steps run).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import grad, jit, jacfwd
from functools import partial


class GradDescent:
    """Gradient descent class."""
    def __init__(self, lr, tol=1e-3, max_iter=100):
        self.lr = lr
        self.tol = tol
        self.max_iter = max_iter

    @partial(jit, static_argnums=(0,))
    def step(self, x, gradient):
        return x - self.lr * gradient

    @partial(jit, static_argnums=(0,))
    def is_converge(self, norm_grad):
        return norm_grad < self.tol

    def solve(self, f, x):

        if jnp.isscalar(x):
            grad_f = jit(grad(f))
        else:
            grad_f = jit(jacfwd(f))

        for i in range(self.max_iter):
            grad_fx = grad_f(x)
            norm_grad = jnp.linalg.norm(grad_fx)
            if self.is_converge(norm_grad):
                print('gradient descent is converged.')
                return x
            x = self.step(x, grad_fx)

        return x


def loss(x):
    return jnp.sum((x - 2.0) ** 2)


gd = GradDescent(lr=0.1, tol=1e-3, max_iter=30)
f = jax.jit(partial(gd.solve, loss))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    scale = rng.choice([0.0, 1e-3, 3e-2, 3.0])
    return ((2.0 + scale * rng.normal(size=(3,))).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    grad_f = jacfwd(loss)

    def cond(state):
        i, x = state
        return (i < gd.max_iter) & ~(jnp.linalg.norm(grad_f(x)) < gd.tol)

    def body(state):
        i, x = state
        return i + 1, x - gd.lr * grad_f(x)

    _, x = jax.lax.while_loop(cond, body, (0, x))
    return x
