"""Power method: `while error > tol and iterations < max_iter` with an early `return (0, x)` inside the loop.

source: Zhu-Minhao/matrix-HW3 ex1.py at 5cf29c02c9dfd4102fe0c197d98625ea660ec9e2 (`power_method`)
error: TracerBoolConversionError
category: while-and-early-return
expect: fix
notes: `power_method` is verbatim; only `import numpy as np` became `import jax.numpy as np` (the `x /= ...` rebinding works on JAX arrays) and `f = jax.jit(power_method)` was added with the defaults for max_iter/tol. The script's driver (random symmetric A, prints) is replaced by make_inputs; some trials use A = 0 so that the `y[j] == 0` early return runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


def power_method(A, x, max_iter = 100, tol = 1e-6):

    x /= np.linalg.norm(x, np.inf)
    error = 1
    iterations = 0
    while error > tol and iterations < max_iter:
        y = A.dot(x)
        j = np.argmax(np.abs(y))
        if y[j] ==  0:
            return (0, x)
        eigenvalue_estimate = y[j]
        x_update = y / eigenvalue_estimate
        error = np.linalg.norm(x - x_update, np.inf)
        x = x_update
        iterations += 1
    return (eigenvalue_estimate, x)


f = jax.jit(power_method)
# --- end user code ---

import numpy
import jax.numpy as jnp


def make_inputs(rng):
    A = rng.random((4, 4))
    A = (A + A.T) / 2
    if rng.random() < 0.25:
        A = numpy.zeros((4, 4))
    x = rng.random(4) + 0.1
    return (A.astype(numpy.float32), x.astype(numpy.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(A, x, max_iter=100, tol=1e-6):
    x = x / jnp.linalg.norm(x, jnp.inf)

    def cond(c):
        x, ev, error, it, done = c
        return (error > tol) & (it < max_iter) & jnp.logical_not(done)

    def body(c):
        x, ev, error, it, done = c
        y = A.dot(x)
        j = jnp.argmax(jnp.abs(y))
        zero = y[j] == 0
        x_update = y / jnp.where(zero, 1.0, y[j])
        new_error = jnp.linalg.norm(x - x_update, jnp.inf)
        return (jnp.where(zero, x, x_update), jnp.where(zero, 0.0, y[j]),
                jnp.where(zero, error, new_error), jnp.where(zero, it, it + 1), zero)

    init = (x, jnp.zeros((), x.dtype), jnp.ones((), x.dtype), 0, False)
    x, ev, _, _, _ = jax.lax.while_loop(cond, body, init)
    return (ev, x)
