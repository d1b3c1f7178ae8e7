"""HMC step of a sampler class: traced accept test guarding an early return and attribute updates.

source: c-matthews/racecar build/lib/racecar/algos/hmc.py (`class HMC`, `__init__`/`step`), found in the public code index
error: TracerBoolConversionError
category: if-early-return-self-attrs
expect: fix
notes: the class is verbatim; it receives its array module as `np`, so the caller passes a small namespace whose `log`/`sum` are jax.numpy and whose `random.randn`/`random.rand` return a momentum draw and a uniform supplied as inputs (the project's NumPy RNG cannot run under jit). `force` is a standard-normal log-likelihood returning the {'llh', 'grad'} dict the class expects. The jitted `f` builds the sampler and returns the new position, the acceptance counter and the cached log-likelihood.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class HMC():

    def __init__(self,np,ic,h,force,params):

        self.h = h
        self.h2 = h/2
        self.M = params.get('M',5)
        self.force = force
        self.np = np

        fres = self.force(ic)
        self.v,self.f = fres.get('llh'), fres.get('grad')

        self.acc = 0

    def step(self,q):

        p = self.np.random.randn( *q.shape )

        q0 = q.copy()

        V0 = self.v
        K0 = -self.np.sum( p*p )/2

        f = self.f.copy()

        h2 = self.h2
        h = self.h

        for m in range( self.M ):
            p = p + h2*f
            q = q + h*p
            fres = self.force(q)
            V1,f = fres.get('llh'), fres.get('grad')
            p = p + h2*f

        K1 = -self.np.sum( p*p )/2

        dH = (V0-V1) + (K0-K1)

        if (self.np.log( self.np.random.rand() ) < -dH ):
            # Accept
            self.acc += 1
            self.v = V1
            self.f = f.copy()
            return q

        # Not accept
        return q0


def gaussian_force(q):
    return {'llh': -0.5 * jnp.sum(q * q), 'grad': -q}


class _Random:
    def __init__(self, momentum, uniform):
        self.momentum, self.uniform = momentum, uniform

    def randn(self, *shape):
        return self.momentum.reshape(shape)

    def rand(self):
        return self.uniform


class _ArrayModule:
    log = staticmethod(jnp.log)
    sum = staticmethod(jnp.sum)

    def __init__(self, momentum, uniform):
        self.random = _Random(momentum, uniform)


@jax.jit
def f(q, momentum, uniform, h):
    sampler = HMC(_ArrayModule(momentum, uniform), q, h, gaussian_force, {'M': 5})
    q_new = sampler.step(q)
    return q_new, sampler.acc, sampler.v
# --- end user code ---

import numpy as np


def make_inputs(rng):
    q = rng.normal(size=3).astype(np.float32) * 1.5
    momentum = rng.normal(size=3).astype(np.float32)
    uniform = np.float32(rng.uniform(0.01, 1.0))
    h = np.float32(rng.choice([0.1, 0.6, 1.9]))
    return (q, momentum, uniform, h)


INPUTS = make_inputs


@jax.jit
def reference_fix(q, momentum, uniform, h):
    fres = gaussian_force(q)
    v0, f0 = fres['llh'], fres['grad']
    p = momentum
    q0 = q
    K0 = -jnp.sum(p * p) / 2
    f = f0
    for m in range(5):
        p = p + h / 2 * f
        q = q + h * p
        fres = gaussian_force(q)
        V1, f = fres['llh'], fres['grad']
        p = p + h / 2 * f
    K1 = -jnp.sum(p * p) / 2
    dH = (v0 - V1) + (K0 - K1)
    accept = jnp.log(uniform) < -dH
    return (jnp.where(accept, q, q0), jnp.where(accept, 1, 0), jnp.where(accept, V1, v0))
