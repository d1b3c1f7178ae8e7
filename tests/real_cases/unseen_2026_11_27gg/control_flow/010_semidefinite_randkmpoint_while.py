"""Semidefinite-manifold geometry class: randKMPoint rejection loop `while |det| < 1e-5` on a traced determinant.

source: public JAX Riemannian-geometry module in the code index (class Semidefinite with Vproj, Hproj, grandVec, randKMPoint, grandKMPoint, Lyapunov, GammaAmb, curvature routines; code-index file id 1033547933; the index does not name the repository): grand, Semidefinite.__init__, randKMPoint, grandKMPoint
error: TracerBoolConversionError
category: while-on-traced-convergence-test
expect: fix
notes: Semidefinite.__init__, randKMPoint and grandKMPoint verbatim, the free function grand kept; the ~40 other geometry methods are dropped, as is `from jax.config import config` / jax_enable_x64 (jax.config moved). The entry point jits grandKMPoint of a Semidefinite(al=1.0, n=3, k=2) instance. The rejection loop redraws with the same key, so in practice it never runs a second time; a faithful fix is a lax.while_loop with the same condition and body.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import jax.numpy.linalg as jla
from jax import random


def grand(key, n, k):
    key, sk = random.split(key)
    return random.normal(sk, (n, k)), key


class Semidefinite(object):
    def __init__(self, al, n, k):
        self.n = n
        self.k = k
        self.al = al

    def randKMPoint(self, sk):
        n, k = self.n, self.k
        
        qtmp = random.normal(sk, (2*n, k))
        while jnp.abs(jla.det(qtmp[:n, :].T@qtmp[n:, :])) < 1e-5:
            qtmp = random.normal(sk, (2*n, k))
            
        return qtmp    

    def grandKMPoint(self, key):
        key, sk = random.split(key)
        return self.randKMPoint(sk), key


_man = Semidefinite(1.0, 3, 2)
f = jax.jit(_man.grandKMPoint)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = rng.integers(0, 2**31 - 1, size=(2,)).astype(np.uint32)
    return (key,)


INPUTS = make_inputs


@jax.jit
def reference_fix(key):
    n, k = 3, 2
    key, sk = random.split(key)
    qtmp = random.normal(sk, (2*n, k))
    qtmp = jax.lax.while_loop(
        lambda q: jnp.abs(jla.det(q[:n, :].T @ q[n:, :])) < 1e-5,
        lambda q: random.normal(sk, (2*n, k)),
        qtmp)
    return qtmp, key
