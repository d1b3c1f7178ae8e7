"""bifurcationjax's Newton corrector: a traced `while norm > eps` with a Python step counter and an early `return z1, False`.

source: dani2442/bifurcationjax notebooks/continuation.py at 3467ac647814ba665c1ea46532e211adf46904c3 (`mixed_jacobian`, `newton_step`, `corrector`; `maasch_rule` and `maasch_jacob` from the file's `__main__` block). The same loop is in bifurcationjax/continuation/Corrector.py at 0fa1d6748baac2a8e8e1371192aae95d81f80e21 (`Corrector.__call__`).
error: TracerBoolConversionError
category: while-traced-cond-counter-early-return
expect: fix
notes: `mixed_jacobian`, `newton_step`, `corrector` verbatim (including their jit decorators and the print); the Maasch model functions are moved out of `__main__` unchanged. The repository calls `corrector` eagerly from `_continuation`; the jitted driver `f` (one corrector solve with max_steps=10 and a traced damping `delta`, so that both exits run) is written for the case. A correct rewrite must keep the returned success flag: False exactly when the step counter passes max_steps before the step norm drops below epsilon.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
from functools import partial

@partial(jax.jit, static_argnums=(1,2,3))
def mixed_jacobian(z, k, f, J):
    x, p = z[:-1], z[-1]
    j = J(x, p)

    pder = jax.jacobian(f, argnums=1)(x, p)
    Jmixed = jnp.column_stack([j, pder])

    last_row = jnp.eye(len(z), M=1, k=-k)
    Jfinal = jnp.concat([Jmixed, last_row.T])
    return Jfinal

@partial(jax.jit, static_argnums=(2,3,4))
def newton_step(z, zpred, i, f, J, delta):
    Jfinal = mixed_jacobian(z, i, f, J)
    x = z[:-1]
    p = z[-1]
    g = f(x, p)
    gz = jnp.append(g, z[i] - zpred[i])
    z = z - delta*jnp.linalg.inv(Jfinal) @ gz
    return z

def corrector(zpred, f, J, delta=0.9, max_steps=200, epsilon=1e-6, k=0):
    c = 0
    z0 = zpred
    z1 = newton_step(z0, zpred, k, f, J, delta)
    while jnp.linalg.norm(z1 - z0, ord=2)>epsilon:
        z0 = z1
        z1 = newton_step(z0, zpred, k, f, J, delta)
        c+=1
        if c>max_steps:
            print("Newton did not converge")
            return z1, False
    return z1, True


def maasch_rule(u, p):
    x, y, z = u[...,0], u[...,1], u[...,2]
    q, r, s, = 1.2, 0.8, 0.8
    dx = -x - y
    dy = -p*z + r*y + s*z*z - z*z*y
    dz = -q*(x + z)
    return jnp.stack([dx, dy, dz], axis=-1)

def maasch_jacob(u, p):
    x, y, z = u[...,0], u[...,1], u[...,2]
    q, r, s = 1.2, 0.8, 0.8
    return jnp.array([[-1,-1,0],
            [0,r - jnp.square(z),-p + 2*z*s - 2*z*y],
            [-q,0,-q]])


@jax.jit
def f(zpred, delta):
    return corrector(zpred, maasch_rule, maasch_jacob, delta=delta, max_steps=10)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # a predicted point (x, y, z, p) near the branch through (-1.4, 1.4, 1.4, p).
    # delta=0.9 converges in 6-7 damped Newton steps (returns True); delta=0.5 needs
    # about 20 and hits max_steps=10 (returns False)
    base = np.array([-1.4, 1.4, 1.4, 0.3], dtype=np.float32)
    scale = rng.choice([1e-2, 0.3])
    delta = np.float32(rng.choice([0.9, 0.5]))
    return ((base + scale * rng.normal(size=4)).astype(np.float32), delta)


INPUTS = make_inputs


@jax.jit
def reference_fix(zpred, delta):
    f_, J, max_steps, epsilon, k = maasch_rule, maasch_jacob, 10, 1e-6, 0
    z1 = newton_step(zpred, zpred, k, f_, J, delta)

    def cond(state):
        c, z0, z1 = state
        return (jnp.linalg.norm(z1 - z0, ord=2) > epsilon) & (c <= max_steps)

    def body(state):
        c, z0, z1 = state
        return c + 1, z1, newton_step(z1, zpred, k, f_, J, delta)

    c, _, z1 = jax.lax.while_loop(cond, body, (0, zpred, z1))
    return z1, c <= max_steps
