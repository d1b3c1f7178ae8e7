"""Small JAX MD package: Lennard-Jones forces from a double loop over atom pairs with a traced cutoff test.

source: public code index, file id 13034818784 (the potentials module of a JAX molecular-dynamics package imported as `jmdx`, `from jmdx.space import calc_distance_matrix, calc_distance, apply_pbc`; the index does not name the repository), function `lennard_jones` with `lennard_jones_potential` and `lennard_jones_force`; the helpers `apply_pbc`, `calc_distance`, `calc_distance_matrix` from the package's space module (code-index file id 13138853085)
error: TracerBoolConversionError
category: nested-loop-pair-cond
expect: fix
notes: all functions verbatim with their original `@jit` decorators; the `jmdx.space` import is replaced by the three helper functions copied from that module. `f = lennard_jones`, called with positions and box (epsilon, sigma, cutoff keep their Python defaults). The potential part is already masked with jnp.where; the force part loops over all (i, j) pairs with `if i != j and distances[i, j] < cutoff * sigma:` (the first test is static, the second traced). Fix: a masked, vectorised pair-force sum.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from jax import jit, Array
import jax.numpy as jnp


@jit
def apply_pbc(vec: Array, box: Array) -> Array:
    half_box = box * 0.5
    return jnp.mod(vec + half_box, box) - half_box


@jit
def calc_distance(vec: Array) -> Array:
    return jnp.sqrt(jnp.sum(jnp.square(vec), axis=-1))


@jit
def calc_distance_matrix(positions: Array, box: Array) -> Array:
    """Calculate pairwise distance matrix with PBC."""
    n_atoms = positions.shape[0]
    i_indices, j_indices = jnp.meshgrid(jnp.arange(n_atoms), jnp.arange(n_atoms), indexing='ij')
    
    dr = positions[i_indices] - positions[j_indices]
    dr = apply_pbc(dr, box)
    distances = calc_distance(dr)
    
    return distances


@jit
def lennard_jones_potential(r: Array, epsilon: float = 1.0, sigma: float = 1.0) -> Array:
    """Calculate Lennard-Jones potential energy."""
    sigma_over_r = sigma / r
    sigma_over_r6 = sigma_over_r**6
    sigma_over_r12 = sigma_over_r6**2
    return 4.0 * epsilon * (sigma_over_r12 - sigma_over_r6)


@jit
def lennard_jones_force(r: Array, epsilon: float = 1.0, sigma: float = 1.0) -> Array:
    """Calculate Lennard-Jones force magnitude."""
    sigma_over_r = sigma / r
    sigma_over_r6 = sigma_over_r**6
    sigma_over_r12 = sigma_over_r6**2
    return 24.0 * epsilon * (2.0 * sigma_over_r12 - sigma_over_r6) / r


@jit
def lennard_jones(positions: Array, box: Array, epsilon: float = 1.0, sigma: float = 1.0, 
                  cutoff: float = 2.5) -> tuple[Array, Array]:
    """Calculate Lennard-Jones potential energy and forces."""
    n_atoms = positions.shape[0]
    
    # Calculate distance matrix
    distances = calc_distance_matrix(positions, box)
    
    # Apply cutoff
    mask = (distances > 0) & (distances < cutoff * sigma)
    
    # Calculate potential energy
    r_masked = jnp.where(mask, distances, jnp.inf)
    potential = jnp.sum(lennard_jones_potential(r_masked, epsilon, sigma)) / 2.0
    
    # Calculate forces
    forces = jnp.zeros_like(positions)
    
    for i in range(n_atoms):
        for j in range(n_atoms):
            if i != j and distances[i, j] < cutoff * sigma:
                dr = positions[j] - positions[i]
                dr = apply_pbc(dr, box)
                r = distances[i, j]
                
                force_mag = lennard_jones_force(r, epsilon, sigma)
                force_vec = force_mag * dr / r
                forces = forces.at[i].add(force_vec)
    
    return potential, forces


f = lennard_jones
# --- end user code ---

import jax
import numpy as np


def make_inputs(rng):
    # 8 atoms on a jittered 2x2x2 lattice (spacing 2.5) in a periodic box of 5:
    # neighbour distances fall on both sides of the 2.5 cutoff, none overlap
    grid = np.array([[a, b, c] for a in (0, 1) for b in (0, 1) for c in (0, 1)], dtype=np.float64) * 2.5 + 1.25
    positions = (grid + rng.uniform(-0.45, 0.45, size=grid.shape)).astype(np.float32)
    box = np.full((3,), 5.0, dtype=np.float32)
    return (positions, box)


INPUTS = make_inputs


@jax.jit
def reference_fix(positions, box):
    epsilon, sigma, cutoff = 1.0, 1.0, 2.5
    n_atoms = positions.shape[0]
    distances = calc_distance_matrix(positions, box)
    mask = (distances > 0) & (distances < cutoff * sigma)
    r_masked = jnp.where(mask, distances, jnp.inf)
    potential = jnp.sum(lennard_jones_potential(r_masked, epsilon, sigma)) / 2.0
    within = (~jnp.eye(n_atoms, dtype=bool)) & (distances < cutoff * sigma)
    dr = apply_pbc(positions[None, :, :] - positions[:, None, :], box)  # [i, j] = pos[j] - pos[i]
    r = jnp.where(within, distances, 1.0)
    force_mag = lennard_jones_force(r, epsilon, sigma)
    force_vec = jnp.where(within[..., None], force_mag[..., None] * dr / r[..., None], 0.0)
    forces = jnp.sum(force_vec, axis=1)
    return potential, forces
