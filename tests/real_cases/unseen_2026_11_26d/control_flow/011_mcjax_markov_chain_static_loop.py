"""Look-alike: MCMC chain with Python `for` loops, list append/stack and NaN tests -- all static, jit-safe.

source: mehrrero/MCMC, MCsampler/__init__.py (Metro_Has.markov_chain and helpers), commit 5038261b29a005a2ec1c4b9b13c343e0722ed047
error: none
category: negative-static-loop-where
expect: untouched
notes: class methods verbatim; the chain is jitted directly (the repo vmaps it). Loop bounds come from len() of the key arrays (static shapes), the `if self.D == 1` tests are on a Python int, and the traced accept/reject goes through jnp.where, so nothing leaks; a fixer must not touch it.
"""
EXPECT = "untouched"

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
def f(x0, keys, burning_keys):
    return Metro_Has(target, 1).markov_chain(x0, keys, burning_keys)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    keys = rng.integers(0, 2**32, size=(2 * 10, 2), dtype=np.uint32)
    bkeys = rng.integers(0, 2**32, size=(2 * 5, 2), dtype=np.uint32)
    x0 = np.float32(rng.normal())
    return (x0, keys, bkeys)


INPUTS = make_inputs
