"""A Lennard-Jones velocity-Verlet driver: `for step_i in range(n_steps)` with `if step_i % 100 == 0` logging.

source: comecattin/JAX-MD src/jax_md/dynamics.py at 18c3ded2371147eef2d45b84faffde5975fba8b2 (lennard_jones, compute_forces_and_potential_energy, step, dynamics, compute_kinetic_energy; code-index file id 20727056266)
error: none
category: negative-static-loop-counter-branch
expect: untouched
notes: verbatim apart from dropping the plotting/animation/main code and the `from parser import Parser` and
  matplotlib imports. The file runs `dynamics(pos, vel, 0.001, box_size, epsilon, sigma, n_steps=10000)`
  eagerly; here it is jitted with `n_steps` static (`f = jax.jit(dynamics, static_argnames=("n_steps",))`)
  and a short run. Everything that looks leaky is fine under jit: the loop bound and `step_i % 100 == 0`
  are Python ints, the f-string print only formats tracers, the returned Python lists are pytrees, and the
  PBC / r-clamp use jnp.round / jnp.where / jnp.mod.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
#!/usr/bin/env python3
"""Molecular dynamics."""
from functools import partial
from typing import Tuple

import jax
import jax.numpy as jnp


@jax.jit
def lennard_jones(
        r: jnp.ndarray,
        epsilon: float = 1.0,
        sigma: float = 1.0,
    ) -> jnp.ndarray:
    """Lenard Jones potential."""
    r6 = (sigma / r) ** 6
    r12 = r6 ** 2
    return 4.0 * epsilon * (r12 - r6)


@jax.jit
def compute_forces_and_potential_energy(
    pos: jnp.ndarray,
    box_size: float,
    epsilon: float = 1.0,
    sigma: float = 1.0
    ) -> Tuple[jnp.ndarray, float]:
    """Compute the forces and the potential energy."""
    num_particule = pos.shape[0]
    # distance matrix in 3D
    rij = pos[:, None, :] - pos[None, :, :]
    # PBC
    rij = rij - jnp.round(rij / box_size) * box_size
    # Distance matrix
    r = jnp.sqrt(jnp.sum(rij ** 2, axis=-1))
    r = jnp.where(r < 1e-6, 1e-6, r)
    # Unit vector
    uij = rij / r[:, :, None]

    # Compute the forces from the grad
    lennard_jones_fixed = partial(lennard_jones, epsilon=epsilon, sigma=sigma)
    grad = jax.grad(lennard_jones_fixed)
    f = - jax.vmap(grad)(r.reshape(-1))
    f = f.at[::num_particule + 1].set(0)
    f = f.reshape((num_particule, num_particule))[:, :, None] * uij
    f = jnp.sum(f, axis=1)

    # Potential energy
    potential_energy = jnp.sum(
        lennard_jones(
            r,
            epsilon=epsilon,
            sigma=sigma
            ).reshape(-1).at[::num_particule + 1].set(0)
    )

    return f, potential_energy


def step(
        position: jnp.ndarray,
        velocity: jnp.ndarray,
        force: jnp.ndarray,
        dt: float,
        box_size: float,
        epsilon: float = 1.0,
        sigma: float = 1.0
    ) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    """Updade the position, velocity and force of the system (velocity Verlet)."""
    # Update the position
    new_position = position + velocity * dt + 0.5 * force * dt ** 2
    new_position = jnp.mod(new_position, box_size)
    # Compute the new forces
    new_force, _ = compute_forces_and_potential_energy(
        new_position,
        box_size,
        sigma=sigma,
        epsilon=epsilon
    )
    # Update the velocity
    new_velocity = velocity + 0.5 * (force + new_force) * dt
    return new_position, new_velocity, new_force


def dynamics(
        position: jnp.ndarray,
        velocity: jnp.ndarray,
        dt: float,
        box_size: float,
        epsilon: float = 1.0,
        sigma: float = 1.0,
        n_steps: int = 1000
    ) -> Tuple[jnp.ndarray, list, list, list]:
    """Run the dynamics of the system."""
    force, _ = compute_forces_and_potential_energy(
        position,
        box_size,
        sigma=sigma,
        epsilon=epsilon
    )
    position_list = []
    kinetic_energy_list = []
    potential_energy_list = []
    total_energy_list = []

    for step_i in range(n_steps):
        position, velocity, force = step(
            position,
            velocity,
            force,
            dt,
            box_size,
            sigma=sigma,
            epsilon=epsilon
        )
        position_list.append(position)
        if step_i % 100 == 0:
            kinetic_energy = compute_kinetic_energy(velocity)
            _, potential_energy = compute_forces_and_potential_energy(
                position,
                box_size,
                sigma=sigma,
                epsilon=epsilon
            )
            kinetic_energy_list.append(kinetic_energy)
            potential_energy_list.append(potential_energy)
            total_energy_list.append(kinetic_energy + potential_energy)
            print(
                f'Step {step_i} done.\t',
                f'E_kin = {kinetic_energy}\t',
                f'E_pot = {potential_energy}',
                )
    return (
        jnp.array(position_list),
        kinetic_energy_list,
        potential_energy_list,
        total_energy_list
    )


@jax.jit
def compute_kinetic_energy(velocity):
    """Compute the kinetic energy."""
    return jnp.sum(velocity ** 2)


f = jax.jit(dynamics, static_argnames=("n_steps",))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # 8 particles on a jittered lattice in a box of side 6 (no overlaps), small velocities
    box_size = 6.0
    grid = np.stack(np.meshgrid(np.arange(2), np.arange(2), np.arange(2), indexing="ij"), -1).reshape(-1, 3)
    pos = (grid * 3.0 + 1.5 + rng.uniform(-0.2, 0.2, size=(8, 3))).astype(np.float32)
    vel = rng.normal(scale=0.1, size=(8, 3)).astype(np.float32)
    return (pos, vel, np.float32(0.001), np.float32(box_size), np.float32(1.0), np.float32(1.0), 201)


INPUTS = make_inputs
