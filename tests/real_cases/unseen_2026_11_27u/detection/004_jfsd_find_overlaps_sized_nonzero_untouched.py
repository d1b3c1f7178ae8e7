"""JFSD find_overlaps: `np.eye(len(mask))` and `jnp.nonzero` inside jit, both safe (static length, static `size=`).

source: code-index file id 49692108186 (the JAX Fast Stokesian Dynamics utilities module, `from jfsd import ewald_tables, shear, thermal`, with chol_fac, check_ewald_cutoff, check_max_shear, compute_k_gridpoint_number, precompute_grid_distancing, initialize_single_neighborlist, allocate_nlist, update_nlist, create_hardsphere_configuration, find_overlaps, generate_random_array, precompute, ...); the index does not resolve the repository name
error: none
category: negative
expect: untouched
notes: find_overlaps verbatim with its own `@partial(jit, static_argnums=[2])`; only the imports it uses are kept and `f = find_overlaps` is added as the entry point. It looks leaky twice over: a raw `np.eye(len(mask))` on a traced mask and a `jnp.nonzero` under jit. Both are fine: `len(mask)` is a static shape, and the nonzero call has a static `size=num_particles` (num_particles is a static argument) with a fill value. (`create_hardsphere_configuration` calls it in a Python `while overlaps > 0` loop outside jit.)
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax.numpy as jnp
import numpy as np
from jax import jit
from jax.typing import ArrayLike


@partial(jit, static_argnums=[2])
def find_overlaps(dist: ArrayLike, sigma: float, num_particles: int) -> tuple[int, float]:
    """Check overlaps between particles and returns number of overlaps + number of particles.

    The radius of a particle is set to 1.
    Note that this function should be used only for debugging,
    as the memory cost scales quadratically with the number of particles num_particles.

    Parameters
    ----------
    dist: (float)
        Array (num_particles*num_particles,3) of distance vectors between particles in neighbor list
    sigma: (float)
        Particle diameter
    num_particles: (int)
        Particle number

    Returns
    -------
    output:
        Number of overlaps + Number of particles

    """
    sigma_sq = sigma * sigma
    dist_sq = (
        dist[:, :, 0] * dist[:, :, 0]
        + dist[:, :, 1] * dist[:, :, 1]
        + dist[:, :, 2] * dist[:, :, 2]
    )
    mask = jnp.where(dist_sq < sigma_sq, 1.0, 0.0)  # build mask from distances < cutoff
    mask = mask - np.eye(len(mask))  # remove diagonal mask (self-overlaps)
    total_overlaps = jnp.sum(mask) / 2  # divide by 2 to avoid overcounting
    indices = jnp.nonzero(mask, size=num_particles, fill_value=num_particles)
    return total_overlaps, indices


f = find_overlaps
# --- end user code ---


def make_inputs(rng):
    n = int(rng.integers(4, 9))
    L = float(rng.uniform(3.0, 8.0))  # small boxes give overlaps, larger ones few or none
    pos = rng.uniform(-L / 2, L / 2, size=(n, 3))
    disp = (pos[:, None, :] - pos[None, :, :]).astype(np.float32)
    return (disp, 2.002, n)


INPUTS = make_inputs
