"""Damped Newton iteration with a jitted inner step and `if converged: return x` inside the for loop.

source: code-index file id 32312243358 (a short script: `NewtonMethod(f, x0, delta=0.1,
    max_iters=200, precision=1e-5)` with a nested `@jax.jit _NewtonStep`). A sibling revision,
    id 32814662027, hoists `_NewtonStep` to module level under `partial(jax.jit,
    static_argnums=(0,1))` and keeps the same loop. The index does not name the repository.
error: TracerBoolConversionError
category: for-early-return-convergence
expect: fix
notes: NewtonMethod verbatim; `import matplotlib.pyplot as plt` dropped (unused, not installed).
    The residual system is not in the file; a stand-in 3-D system with parameters b is built in
    `f`, and `f = jax.jit(...)` calls NewtonMethod with max_iters=60 so that starts near the root
    return early from inside the loop while far starts run out of iterations and reach the
    trailing `print` / `return x`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
from functools import partial

def NewtonMethod(f, x0, delta=0.1, max_iters=200, precision=1e-5):
    J = jax.jit(jax.jacobian(f))

    @jax.jit
    def _NewtonStep(x0):
        return x0 - delta*jnp.linalg.inv(J(x0)) @ f(x0)

    for _ in range(max_iters):
        x = _NewtonStep(x0)
        if jnp.sum(jnp.abs(x-x0))<precision:
            return x
        x0 = x
    print("Newton not converged")
    return x


def _system(b):
    # stand-in nonlinear system (not part of the script)
    def F(x):
        return jnp.array([
            x[0] ** 3 + 3.0 * x[0] + x[1] - b[0],
            jnp.sin(x[1]) + 2.0 * x[1] - x[2] - b[1],
            x[2] + 0.2 * x[0] * x[1] - b[2],
        ])
    return F


@jax.jit
def f(x0, b):
    return NewtonMethod(_system(b), x0, max_iters=60)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    b = rng.uniform(-1.0, 1.0, size=(3,)).astype(np.float32)
    if rng.random() < 0.5:
        x0 = rng.uniform(0.5, 1.5, size=(3,)).astype(np.float32)   # far: runs out of iterations
    else:
        # near a root: solve accurately in float64 first, then perturb slightly
        x = np.ones(3)
        for _ in range(50):
            Fx = np.array([x[0] ** 3 + 3.0 * x[0] + x[1] - b[0], np.sin(x[1]) + 2 * x[1] - x[2] - b[1],
                           x[2] + 0.2 * x[0] * x[1] - b[2]])
            Jx = np.array([[3 * x[0] ** 2 + 3, 1, 0], [0, np.cos(x[1]) + 2, -1],
                           [0.2 * x[1], 0.2 * x[0], 1]])
            x = x - np.linalg.solve(Jx, Fx)
        x0 = (x + rng.uniform(-1e-3, 1e-3, size=(3,))).astype(np.float32)
    return (x0, b)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, b):
    F = _system(b)
    J = jax.jacobian(F)
    delta, max_iters, precision = 0.1, 60, 1e-5

    def cond(s):
        i, xprev, x, done = s
        return jnp.logical_and(i < max_iters, jnp.logical_not(done))

    def body(s):
        i, xprev, _, _ = s
        x = xprev - delta * jnp.linalg.inv(J(xprev)) @ F(xprev)
        done = jnp.sum(jnp.abs(x - xprev)) < precision
        return i + 1, x, x, done

    _, _, x, _ = jax.lax.while_loop(cond, body, (0, x0, x0, False))
    return x
