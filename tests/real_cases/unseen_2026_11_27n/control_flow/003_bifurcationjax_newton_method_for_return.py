"""Damped Newton solver: `for _ in range(max_iters)` with an early `return x` on a traced step size.

source: dani2442/bifurcationjax `bifurcationjax/utils/Krylov_Newton.py` at 3467ac647814ba665c1ea46532e211adf46904c3
  (`_NewtonStep`, `NewtonMethod`); the test system is `maasch_rule` from the same commit's
  `notebooks/continuation.py` (`__main__` example), evaluated at a fixed parameter p = 0.3.
error: TracerBoolConversionError
category: for-early-return
expect: fix
notes: `_NewtonStep` and `NewtonMethod` are verbatim (the unused matplotlib import is dropped). The jitted entry
  point `f(x0)` solves maasch_rule(x, 0.3) = 0 from x0 with the defaults delta=0.1, max_iters=100,
  precision=1e-4. With delta=0.1 each step shrinks the error by about 0.9, so starting points close to a root
  take the early `return x` while far ones run out of iterations and fall through to the final `return x`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
from functools import partial

@partial(jax.jit, static_argnums=(0,1))
def _NewtonStep(f, J, x0, delta):
    return x0 - delta*jnp.dot(jnp.linalg.inv(J(x0)), f(x0))

def NewtonMethod(f, x0, delta=0.1, max_iters=100, precision=1e-4):
    J = jax.jit(jax.jacobian(f))
    for _ in range(max_iters):
        x = _NewtonStep(f, J, x0, delta)
        if jnp.sum(jnp.abs(x-x0))<precision:
            return x
        x0 = x
    return x


def maasch_rule(u, p):
    x, y, z = u[...,0], u[...,1], u[...,2]
    q, r, s, = 1.2, 0.8, 0.8
    dx = -x - y
    dy = -p*z + r*y + s*z*z - z*z*y
    dz = -q*(x + z)
    return jnp.stack([dx, dy, dz], axis=-1)


def _residual(u):
    return maasch_rule(u, 0.3)


@jax.jit
def f(x0):
    return NewtonMethod(_residual, x0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    root = np.array([0.4125, -0.4125, -0.4125]) if rng.uniform() < 0.5 else np.array([-1.2125, 1.2125, 1.2125])
    scale = rng.choice([0.05, 3.0, 60.0])
    x0 = root + rng.normal(scale=scale, size=3)
    return (x0.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0):
    J = jax.jacobian(_residual)
    delta, max_iters, precision = 0.1, 100, 1e-4

    def cond(c):
        i, x0, x, done = c
        return (i < max_iters) & ~done

    def body(c):
        i, x0, x, done = c
        x_new = x0 - delta * jnp.dot(jnp.linalg.inv(J(x0)), _residual(x0))
        done = jnp.sum(jnp.abs(x_new - x0)) < precision
        return i + 1, jnp.where(done, x0, x_new), x_new, done

    _, _, x, _ = jax.lax.while_loop(cond, body, (0, x0, x0, jnp.array(False)))
    return x
