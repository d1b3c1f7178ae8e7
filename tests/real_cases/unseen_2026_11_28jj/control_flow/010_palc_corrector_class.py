"""Pseudo-arclength continuation corrector class: an early `return z0, True` on a traced residual test, then a Newton `while` with a max-steps early return.

source: public JAX continuation module in the code index (code-index file id 32498704585: abstract `Corrector` with `__call__`, subclasses NewtonCorrector, NaturalCorrector, PALC, PALC2, MoorePenroseContinuation, and the pydantic `CorrectorParams` whose default method is 'PALC' with delta = 0.3). The index does not name the repository; it is the class-based rewrite of the functional continuation module used in case 001 (code-index file id 32335679708), whose `maasch_rule` example supplies the right-hand side here.
error: TracerBoolConversionError
category: early-return-while-convergence
expect: fix
notes: Corrector, PALC and NewtonCorrector are verbatim; NaturalCorrector, PALC2, MoorePenroseContinuation and CorrectorParams are dropped (CorrectorParams needs pydantic, not installed here; its PALC defaults delta = 0.3, max_steps = 200, epsilon = 1e-6 are passed directly). maasch_rule is copied from the functional module of the same project. Entry point (added): `f` jits one PALC correction from a predicted point zpred = z_prev + h*v along the unit tangent v of the Maasch equilibrium branch, with arclength h. Leaks: `if jnp.linalg.norm(f(z0[:-1], z0[-1]))<self.epsilon: return z0, True`, then `while jnp.linalg.norm(z1 - z0, ord=2)>self.epsilon` with `if c>self.max_steps: print(...); return z1, False`. Trials with h = 0 start on the branch and take the first early return; the others step by h in [0.02, 0.1] and run the Newton loop.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from abc import ABC, abstractmethod
from typing import Any, Optional
import jax
import jax.numpy as jnp
from functools import partial


class Corrector(ABC):
    def __init__(self, delta: float = 0.6, max_steps: int = 200, epsilon: float = 1e-6, *args, **kwargs):
        self.delta = delta
        self.max_steps = max_steps
        self.epsilon = epsilon

    @abstractmethod
    def _newton_step(self, z, zpred, f, delta, v, h):
        pass

    def __call__(self, zpred, z_prev, f, v, h):
        c = 0
        z0 = zpred
        if jnp.linalg.norm(f(z0[:-1], z0[-1]))<self.epsilon:
            return z0, True
        
        z1 = self._newton_step(z0, zpred, z_prev, f, self.delta, v, h)
        while jnp.linalg.norm(z1 - z0, ord=2)>self.epsilon:
            z0 = z1
            z1 = self._newton_step(z0, zpred, z_prev, f, self.delta, v, h)
            c+=1
            if c>self.max_steps:
                print("Newton did not converge")
                return z1, False
            
        return z1, True


class NewtonCorrector(Corrector):
    def __init__(self, k=0, *args, **kwargs):
        super().__init__(*args, **kwargs)

    @partial(jax.jit, static_argnums=(0,4))
    def _newton_step(self, z, zpred, z_prev, f, delta, v, h):
        x, p = z[:-1], z[-1]
        j = jax.jacobian(f, argnums=0)(x, p)
        g = f(z[:-1], z[-1])
        x = x - delta*jnp.linalg.inv(j) @ g
        z = jnp.append(x, p)
        return z


class PALC(Corrector):
    @partial(jax.jit, static_argnums=(0,3))
    def _mixed_jacobian(self, z, v, f):
        x, p = z[:-1], z[-1]
        j = jax.jacobian(f, argnums=0)(x, p)
        pder = jax.jacobian(f, argnums=1)(x, p)
        Jmixed = jnp.column_stack([j, pder])

        last_row = v.reshape(-1, 1)
        Jfinal = jnp.concat([Jmixed, last_row.T])
        return Jfinal

    @partial(jax.jit, static_argnums=(0,4))
    def _newton_step(self, z, zpred, z_prev, f, delta, v, h):
        Jfinal = self._mixed_jacobian(z, v, f)
        x, p = z[:-1], z[-1]
        g = f(x, p)
        gz = jnp.append(g, jnp.inner(z - z_prev, v) - h)
        z = z - delta*jnp.linalg.inv(Jfinal) @ gz
        return z


def maasch_rule(u, p):
    x, y, z = u[...,0], u[...,1], u[...,2]
    q, r, s, = 1.2, 0.8, 0.8
    dx = -x - y
    dy = -p*z + r*y + s*z*z - z*z*y
    dz = -q*(x + z)
    return jnp.stack([dx, dy, dz], axis=-1)


corrector = PALC(delta=0.3, max_steps=200, epsilon=1e-6)


@jax.jit
def f(z_prev, v, h):
    zpred = z_prev + h * v
    return corrector(zpred, z_prev, maasch_rule, v, h)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    x = rng.uniform(-1.6, 0.8)
    z_prev = np.array([x, -x, -x, 0.8 - 0.8 * x - x * x], dtype=np.float64)
    t = np.array([1.0, -1.0, -1.0, -0.8 - 2.0 * x]) * rng.choice([-1.0, 1.0])
    v = t / np.linalg.norm(t)
    h = 0.0 if rng.uniform() < 0.25 else rng.uniform(0.02, 0.1)
    return (z_prev.astype(np.float32), v.astype(np.float32), np.float32(h))


INPUTS = make_inputs


@jax.jit
def reference_fix(z_prev, v, h):
    delta, max_steps, eps = 0.3, 200, 1e-6
    zpred = z_prev + h * v
    step = lambda z: corrector._newton_step(z, zpred, z_prev, maasch_rule, delta, v, h)
    on_branch = jnp.linalg.norm(maasch_rule(zpred[:-1], zpred[-1])) < eps

    def cond(state):
        z0, z1, c, failed = state
        return (~failed) & (jnp.linalg.norm(z1 - z0, ord=2) > eps)

    def body(state):
        z0, z1, c, failed = state
        z0 = z1
        z1 = step(z0)
        c = c + 1
        return z0, z1, c, c > max_steps

    _, z1, _, failed = lax.while_loop(cond, body, (zpred, step(zpred), 0, jnp.asarray(False)))
    return jnp.where(on_branch, zpred, z1), jnp.where(on_branch, True, ~failed)
