"""Gradient-descent class whose `grad_descent` method stops early on a traced gradient test (`while jnp.max(grad) > tol and iter < max_iter`).

source: public JAX optimisation module in the code index (code-index file id 45907507074: `class gradient_descent` with __init__, grad_descent, heavy_ball, nesterov, newtons; imports `from jax import jit, jacfwd, jacrev`). The index does not name the repository.
error: TracerBoolConversionError
category: while-convergence-method-state
expect: fix
notes: the class is verbatim except `newtons`, which is dropped: it never increments `iter` and multiplies by the inverse Hessian elementwise, so it does not terminate in general. The module has no objective or driver; the entry point `f` (added) builds the optimiser on a convex quadratic 0.5 x^T A x - c^T x with traced A and c, runs `grad_descent()` with max_steps = 60 and returns `gd.x`, the attribute the method mutates. heavy_ball and nesterov stay as in-file look-alikes (their loops only test the Python counter). Leak: the `while` test `jnp.max(self.jacob(self.x)) > self.tol and ...`. The test is the signed maximum of the gradient, not its norm, so some inputs stop at once; inputs are drawn so that trials also stop by tolerance and by max_steps.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import jit, jacfwd, jacrev
import jax.numpy as jnp


class gradient_descent:
    def __init__(self, type, func, x0, max_steps):
        self.type = type
        self.func = func
        self.jacob = jit(jacrev(func))
        self.hessian = jit(jacfwd(jacrev(func)))
        self.max_iter = max_steps
        self.tol = 0.01
        self.x0 = x0
        self.x = 10

        # Grad Descent
        self.lr = 0.1

        # Heavy Ball Descent
        self.beta = 0.9

    def grad_descent(self):
        iter = 0
        self.x = self.x0
        while jnp.max(self.jacob(self.x)) > self.tol and iter < self.max_iter:
            self.x = self.x - self.lr * self.jacob(self.x)
            iter += 1

    def heavy_ball(self):
        iter = 0
        xold = self.x0
        self.x = self.x0
        while iter < self.max_iter:
            xnew = self.x - self.lr * self.jacob(self.x) + self.beta * (self.x - xold)
            xold = self.x
            self.x = xnew
            iter += 1

    def nesterov(self):
        iter = 0
        xold = self.x0
        self.x = self.x0
        while iter < self.max_iter:
            y = self.x + iter / (iter + 3) * (self.x - xold)
            xnew = y - self.lr * self.jacob(y)
            self.x = xnew
            xold = self.x
            iter += 1


@jax.jit
def f(x0, A, c):
    gd = gradient_descent("gd", lambda x: 0.5 * x @ A @ x - c @ x, x0, 60)
    gd.grad_descent()
    return gd.x
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    n = 4
    Q, _ = np.linalg.qr(rng.normal(size=(n, n)))
    lam = rng.uniform(0.3, 3.0, size=n)
    A = (Q @ np.diag(lam) @ Q.T).astype(np.float32)
    c = rng.normal(size=n).astype(np.float32)
    x0 = (np.linalg.solve(A, c) + rng.normal(scale=rng.choice([0.01, 1.0, 3.0]), size=n)).astype(np.float32)
    return (x0, A, c)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, A, c):
    jacob = jax.grad(lambda x: 0.5 * x @ A @ x - c @ x)
    tol, lr, max_iter = 0.01, 0.1, 60

    def cond(state):
        x, it = state
        return (jnp.max(jacob(x)) > tol) & (it < max_iter)

    def body(state):
        x, it = state
        return x - lr * jacob(x), it + 1

    x, _ = lax.while_loop(cond, body, (x0, 0))
    return x
