"""Markley's non-iterative Kepler-equation solver: looks like a Newton/Halley root finder but has no branch or loop.

source: public JAX script in the code index, "Kepler equation solver based on Markley (1995)" (code-index file id 31356272511: get_E1, get_alpha, correct_E, get_E; a packaged twin with `__all__ = ["get_E"]` is file id 12375145029; the index does not name the repository)
error: none
category: negative-closed-form-solver
expect: untouched
notes: get_E1, get_alpha, correct_E and get_E are verbatim with their @jit decorators; the script's unused imports
  (numpy, matplotlib, pandas, lax.scan) and its commented-out jnp.roots variant and benchmark cells are dropped.
  `f = get_E`. Every quantity is a traced array, but the starter (cubic root via |r| and sqrt) and the fifth-order
  Householder-like correction d3 -> d4 -> d5 are straight-line jnp code: nothing to fix. A fixer that sees
  "Kepler solver" and "correct_E" must not invent a loop or touch `jnp.abs(M)`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import jit


#%%
@jit
def get_E1(M, e, alpha):
    d = 3*(1.-e) + alpha*e
    q = 2*alpha*d*(1-e) - M*M
    r = 3*alpha*d*(d-1+e)*M + M*M*M
    w = (jnp.abs(r) + jnp.sqrt(q*q*q + r*r))**(2./3.)
    z = 2*r*w/(w*w+w*q+q*q) + M
    return z/d
#%timeit z = get_E1(M, e, alpha)

#%%
@jit
def get_alpha(M, e):
    return (3*jnp.pi*jnp.pi + 1.6*jnp.pi*(jnp.pi-jnp.abs(M))/(1+e))/(jnp.pi*jnp.pi-6.)

#%%
@jit
def correct_E(E, M, e):
    ecosE, esinE = e*jnp.cos(E), e*jnp.sin(E)
    f0 = E - esinE - M
    f1 = 1 - ecosE
    f2 = esinE
    f3 = ecosE
    f4 = -esinE
    d3 = -f0 / (f1 - 0.5*f0*f2/f1)
    d4 = -f0 / (f1 + 0.5*d3*f2 + d3*d3*f3/6.)
    d5 = -f0 / (f1 + 0.5*d4*f2 + d4*d4*f3/6. + d4*d4*d4*f4/24.)
    return E + d5

#%%
@jit
def get_E(M, e):
    alpha = get_alpha(M, e)
    E1 = get_E1(M, e, alpha)
    return correct_E(E1, M, e)


f = get_E
# --- end user code ---

import numpy as np


def make_inputs(rng):
    M = rng.uniform(-np.pi, np.pi, size=(16,)).astype(np.float32)
    M[0] = 0.0
    e = np.float32(rng.choice([0.0, 0.1, 0.5, 0.9, 0.99]))
    return (M, e)


INPUTS = make_inputs
