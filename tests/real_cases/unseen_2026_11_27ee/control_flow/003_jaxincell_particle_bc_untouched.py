"""JAX-in-Cell particle boundary conditions: BC flags and wall crossings handled with nested jnp.where (jit-safe).

source: uwplasma/JAX-in-Cell boundary_conditions.py at 127711082f344612a6c3dbd836b80e991dc4f1a4 (set_BC_single_particle, set_BC_particles; code-index file id 47590707090)
error: none
category: negative (nested jnp.where on integer config flags, vmap over particles)
expect: untouched
notes: set_BC_single_particle and the @jit set_BC_particles verbatim; `f = set_BC_particles` is added as the entry
  point. The module's `from constants import speed_of_light` (used only by the field ghost-cell functions, which are
  not included) is dropped. Everything that looks like a branch (x beyond the box, BC_left/BC_right == 0/1/2) is a
  jnp.where on traced values, so nothing leaks; a fixer must not change a byte. Inputs put some particles beyond
  each wall and draw BC_left/BC_right from {0, 1, 2}.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from jax import jit, vmap
import jax.numpy as jnp

def set_BC_single_particle(x_n, v_n, q, q_m, dx, grid, box_size_x, box_size_y, box_size_z, BC_left, BC_right):
    """
    Applies boundary conditions (BCs) to a single particle's position and velocity.

    Args:
        x_n (jnp.ndarray): Particle position as a 1D array [x, y, z].
        v_n (jnp.ndarray): Particle velocity as a 1D array [vx, vy, vz].
        q (float): Particle charge.
        q_m (float): Charge-to-mass ratio of the particle.
        dx (float): Grid spacing.
        grid (jnp.ndarray): Discretized grid positions.
        box_size_x, box_size_y, box_size_z (float): Box dimensions in x, y, and z directions.
        BC_left, BC_right (int): Boundary conditions for left and right boundaries in the x-direction.
            0: Periodic
            1: Reflective
            2: Absorbing

    Returns:
        tuple: Updated position (x_n), velocity (v_n), charge (q), and charge-to-mass ratio (q_m).
    """
    # Apply periodic BCs in y and z directions
    x_n1 = (x_n[1] + box_size_y / 2) % box_size_y - box_size_y / 2
    x_n2 = (x_n[2] + box_size_z / 2) % box_size_z - box_size_z / 2

    # Apply boundary conditions in x-direction
    x_n0 = jnp.where(
        x_n[0] < -box_size_x / 2,
        jnp.where(
            BC_left == 0,  # Periodic
            (x_n[0] + box_size_x / 2) % box_size_x - box_size_x / 2,
            jnp.where(
                BC_left == 1,  # Reflective
                -box_size_x - x_n[0],
                jnp.where(BC_left == 2, grid[0] - 1.5 * dx, x_n[0]),  # Absorbing
            ),
        ),
        jnp.where(
            x_n[0] > box_size_x / 2,
            jnp.where(
                BC_right == 0,  # Periodic
                (x_n[0] + box_size_x / 2) % box_size_x - box_size_x / 2,
                jnp.where(
                    BC_right == 1,  # Reflective
                    box_size_x - x_n[0],
                    jnp.where(BC_right == 2, grid[-1] + 3 * dx, x_n[0]),  # Absorbing
                ),
            ),
            x_n[0],
        ),
    )

    # Update velocities for reflective or absorbing boundaries
    v_n = jnp.where(
        x_n[0] < -box_size_x / 2,
        jnp.where(
            BC_left == 0,  # Periodic
            v_n,
            jnp.where(BC_left == 1, v_n * jnp.array([-1, 1, 1]), jnp.array([0, 0, 0])),  # Reflective or Absorbing
        ),
        jnp.where(
            x_n[0] > box_size_x / 2,
            jnp.where(
                BC_right == 0,  # Periodic
                v_n,
                jnp.where(BC_right == 1, v_n * jnp.array([-1, 1, 1]), jnp.array([0, 0, 0])),  # Reflective or Absorbing
            ),
            v_n,
        ),
    )

    # Nullify charges and charge-to-mass ratio for absorbing BCs
    q = jnp.where(((x_n[0] < -box_size_x / 2) & (BC_left == 2)) | ((x_n[0] > box_size_x / 2) & (BC_right == 2)), 0, q)
    q_m = jnp.where(((x_n[0] < -box_size_x / 2) & (BC_left == 2)) | ((x_n[0] > box_size_x / 2) & (BC_right == 2)), 0, q_m)

    return jnp.array([x_n0, x_n1, x_n2]), v_n, q, q_m

@jit
def set_BC_particles(xs_n, vs_n, qs, ms, q_ms, dx, grid, box_size_x, box_size_y, box_size_z, BC_left, BC_right):
    """
    Applies boundary conditions to all particles in parallel.

    Args:
        xs_n (jnp.ndarray): Positions of all particles, shape (N, 3).
        vs_n (jnp.ndarray): Velocities of all particles, shape (N, 3).
        qs (jnp.ndarray): Charges of all particles, shape (N,).
        ms (jnp.ndarray): Masses of all particles, shape (N,).
        q_ms (jnp.ndarray): Charge-to-mass ratios of all particles, shape (N,).
        Other parameters: Same as set_BCs.

    Returns:
        tuple: Updated positions, velocities, charges, masses, and charge-to-mass ratios for all particles.
    """
    xs_n, vs_n, qs, q_ms = vmap(
        lambda x_n, v_n, q, q_m: set_BC_single_particle(x_n, v_n, q, q_m, dx, grid, box_size_x, box_size_y, box_size_z, BC_left, BC_right)
    )(xs_n, vs_n, qs, q_ms)
    return xs_n, vs_n, qs, ms, q_ms


f = set_BC_particles
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n, g = 12, 16
    box_x, box_y, box_z = 1.0, 0.5, 0.5
    dx = box_x / g
    grid = np.linspace(-box_x / 2 + dx / 2, box_x / 2 - dx / 2, g).astype(np.float32)
    xs = np.stack([
        rng.uniform(-0.8, 0.8, n),          # about a third beyond one of the x walls
        rng.uniform(-0.4, 0.4, n),
        rng.uniform(-0.4, 0.4, n),
    ], axis=1).astype(np.float32)
    vs = rng.normal(size=(n, 3)).astype(np.float32)
    qs = rng.choice([-1.0, 1.0], n).astype(np.float32)
    ms = rng.uniform(1.0, 2.0, n).astype(np.float32)
    q_ms = (qs / ms).astype(np.float32)
    bc_left = np.int32(rng.integers(0, 3))
    bc_right = np.int32(rng.integers(0, 3))
    return (xs, vs, qs, ms, q_ms, np.float32(dx), grid, np.float32(box_x), np.float32(box_y),
            np.float32(box_z), bc_left, bc_right)


INPUTS = make_inputs
