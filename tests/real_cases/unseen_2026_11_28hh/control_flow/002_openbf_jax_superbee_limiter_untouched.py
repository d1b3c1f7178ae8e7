"""A JAX port of openBF (1-D blood-flow solver): the MUSCL slope limiter, already branch-free with `jnp.where`.

source: code-index file id 290445454 (a JAX port of INSIGNEO/openBF's Julia solver: module imports
  src.anastomosis.solveAnastomosis, src.boundary_conditions, src.junctions.joinVessels, src.initialise as ini;
  functions calculateDeltaT, solveModel, solveVessel, muscl, computeFlux, maxMod, minMod, superBee,
  computeLimiter, computeLimiterIdx; the index does not name the repository/commit) -- maxMod, minMod, superBee,
  computeLimiter.
error: none
category: negative-where-minmod-static-size
expect: untouched
notes: verbatim. minMod/maxMod are the Julia `if a <= 0 || b <= 0 ... elseif a < b` limiters already written with
  nested jnp.where; computeLimiter slices with the static cell count M (static_argnums=0). Entry point:
  `f = computeLimiter` (already jitted by the author). Nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial
import jax
import jax.numpy as jnp


@jax.jit
def maxMod(a, b):
    return jnp.where(a > b, a, b)

@jax.jit
def minMod(a, b):
    return jnp.where((a <= 0.0) | (b <= 0.0), 0.0, jnp.where(a < b, a, b))

@jax.jit
def superBee(dU):
    s1 = minMod(dU[0, :], 2 * dU[1, :])
    s2 = minMod(2 * dU[0, :], dU[1, :])

    return maxMod(s1, s2)

@partial(jax.jit, static_argnums=0)
def computeLimiter(M, U, invDx, dU):
    dU = dU.at[0, 1:M+1].set((U[1:M+1] - U[:M]) * invDx)
    dU = dU.at[1, 0:M].set(dU[0, 1:M+1])
    
    return superBee(dU)


f = computeLimiter
# --- end user code ---

import numpy as np


def make_inputs(rng):
    M = 8
    U = np.cumsum(rng.normal(size=(M + 2,))).astype(np.float32)  # rises and falls: both signs of slope
    invDx = np.float32(rng.uniform(5.0, 50.0))
    dU = np.zeros((2, M + 2), np.float32)
    return (M, U, invDx, dU)


INPUTS = make_inputs
