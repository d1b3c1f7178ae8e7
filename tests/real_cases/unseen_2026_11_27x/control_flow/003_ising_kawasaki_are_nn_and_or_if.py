"""Jitted Kawasaki spin-exchange step: `are_nn` chains `and`/`or` over traced lattice sites and the step adds 4J under `if are_nn(...)`.

source: aiman1661/mcmc-isingmodel jax_ising_functions.py at bc5dd53c9ef45bde756204defe3c9f3527501d7e (are_nn, kawasaki_step; code-index file id 3237556656). The next revision of the file, at 9e63e6144956480d45cd898e3c60a7013f81760f, comments this `are_nn` out, rewrites it with jnp.abs/jnp.minimum and replaces the `if` with `jnp.where(are_nn(site1, site2, n), 4. * J, 0.)`.
error: TracerBoolConversionError
category: bool-ops-on-traced-state
expect: fix
notes: are_nn is verbatim (still @jit). kawasaki_step is verbatim except its first draw: the NumPy-style `random.randint(0,n,size=(2,2))` does not exist in jax.random, so it is replaced by `key, subkey = random.split(key)` and `random.randint(subkey, (2, 2), 0, n)` (the later revision draws the same way with shape (4,)). `f` is kawasaki_step itself (already @jit); T and J are passed as Python floats. A 3x3 lattice makes neighbouring and non-neighbouring site pairs both common across trials.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import jit, random, lax
from functools import partial


@jit
def are_nn(site1, site2, n):
    'check if two lattice sites are nearest neighbours'
    return ((site1[0] + 1) % n == site2[0] and site1[1] == site2[1] or
        (site1[0] - 1) % n == site2[0] and site1[1] == site2[1] or
        site1[0] == site2[0] and (site1[1] + 1) % n == site2[1] or
        site1[0] == site2[0] and (site1[1] - 1) % n == site2[1]
        )

@jit
def kawasaki_step(key, lattice, energy, T, J:float=1.):
    'performs one kawasaki step'
    n = len(lattice)

    # choosing spin to attempt flip
    key, subkey = random.split(key)
    site1, site2 = random.randint(subkey, (2, 2), 0, n)

    # setting the sum of nearest neighbours
    nn1_sum = (lattice[(site1[0]+1)%n,site1[1]]
                + lattice[(site1[0]-1)%n,site1[1]]
                + lattice[site1[0],(site1[1]+1)%n]
                + lattice[site1[0],(site1[1]-1)%n])
    nn2_sum = (lattice[(site2[0]+1)%n,site2[1]]
                + lattice[(site2[0]-1)%n,site2[1]]
                + lattice[site2[0],(site2[1]+1)%n]
                + lattice[site2[0],(site2[1]-1)%n])

    # attempting flip
    delta_E = 2 * J * (lattice[site1[0],site1[1]] * nn1_sum + lattice[site2[0],site2[1]] * nn2_sum)

    if are_nn(site1,site2,n):
        delta_E += 4. * J

    return site1, site2, delta_E


f = kawasaki_step
# --- end user code ---

import jax
import numpy as np


def make_inputs(rng):
    key = rng.integers(0, 2**31 - 1, size=(2,)).astype(np.uint32)
    lattice = rng.choice(np.array([-1, 1], dtype=np.int32), size=(3, 3))
    energy = np.float32(rng.normal())
    return (key, lattice, energy, 1.5, 1.0)


INPUTS = make_inputs


@jax.jit
def reference_fix(key, lattice, energy, T, J=1.):
    n = lattice.shape[0]
    key, subkey = random.split(key)
    site1, site2 = random.randint(subkey, (2, 2), 0, n)

    def nn_sum(s):
        return (lattice[(s[0] + 1) % n, s[1]] + lattice[(s[0] - 1) % n, s[1]]
                + lattice[s[0], (s[1] + 1) % n] + lattice[s[0], (s[1] - 1) % n])

    delta_E = 2 * J * (lattice[site1[0], site1[1]] * nn_sum(site1)
                       + lattice[site2[0], site2[1]] * nn_sum(site2))
    nn = (((site1[0] + 1) % n == site2[0]) & (site1[1] == site2[1])
          | ((site1[0] - 1) % n == site2[0]) & (site1[1] == site2[1])
          | (site1[0] == site2[0]) & ((site1[1] + 1) % n == site2[1])
          | (site1[0] == site2[0]) & ((site1[1] - 1) % n == site2[1]))
    delta_E = jnp.where(nn, delta_E + 4. * J, delta_E)
    return site1, site2, delta_E
