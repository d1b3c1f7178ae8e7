"""MCMC sampler that drops rejected (NaN) proposals with a boolean mask: data-dependent output length.

source: mehrrero/MCMC, MCsampler/__init__.py (Metro_Has.sample / markov_chain), commit 5038261b29a005a2ec1c4b9b13c343e0722ed047
error: NonConcreteBooleanIndexError
category: dynamic-shape-accept-filter
expect: report
notes: class methods verbatim (draw_sample, Q, acceptance, step, markov_chain); `sample` is reduced to one round of its body -- vmap the chains, then `u_p = u_p[~jnp.isnan(u_p)]` -- and jitted. The number of accepted samples depends on the data, so there is no static-shape rewrite that returns the same value; the outer `while len(u) < self.D*Nt` loop and timing/printing are dropped.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit
from jax import random


@jit
def normal(xp,x):
    return  1/jnp.sqrt(2*jnp.pi)*jnp.exp(-1/2*(x-xp)**2)


class Metro_Has():
    def __init__(self, P, D):
        super(Metro_Has, self).__init__()
        self.P = P
        self.key = random.PRNGKey(0)
        self.D = D

    def draw_sample(self,x, key):
        if self.D == 1:
            xp = jax.random.normal(key)
        return xp

    def Q(self, xp, x):
        if self.D == 1:
            q = normal(xp,x)
        return q

    def acceptance(self, x, xp, key):
        alpha = [1]
        alpha.append(self.P(xp)/self.P(x) * self.Q(x,xp)/self.Q(xp,x) )
        a = jnp.amin(jnp.array(alpha))
        u = random.uniform(key)
        xp = jnp.where(u > a, jnp.nan, xp)
        return xp

    def step(self, x0, key1, key2):
        xp = self.draw_sample(x0, key1)
        return self.acceptance(x0, xp, key2)

    def markov_chain(self, x0, keys, burning_keys, lag = 20):
        x_ac = []
        for i in range(len(burning_keys)//2):
            x_n = self.step(x0, burning_keys[2*i], burning_keys[2*i+1])
            x0 = jnp.where(~jnp.any(jnp.isnan(x_n)), x_n, x0)
        for i in range(len(keys)//2):
            x_n = self.step(x0, keys[2*i], keys[2*i+1])
            x0 = jnp.where(~jnp.any(jnp.isnan(x_n)), x_n, x0)
            x_ac.append(x_n)
        x_ac = jnp.stack(x_ac)
        return x_ac


target = lambda x: jnp.exp(-0.5 * (x - 1.0) ** 2 / 0.25)


@jax.jit
def f(_x0, keys, bkeys):
    sampler = Metro_Has(target, 1)
    u_p = jax.vmap(lambda x, y, z: sampler.markov_chain(x, y, z))(_x0,keys,bkeys)
    u_p = u_p[~jnp.isnan(u_p)]
    return u_p
# --- end user code ---

import numpy as np


def make_inputs(rng):
    nc, n, burn = 4, 10, 5
    keys = rng.integers(0, 2**32, size=(nc, 2 * n, 2), dtype=np.uint32)
    bkeys = rng.integers(0, 2**32, size=(nc, 2 * burn, 2), dtype=np.uint32)
    x0 = rng.normal(size=(nc,)).astype(np.float32)
    return (x0, keys, bkeys)


INPUTS = make_inputs
