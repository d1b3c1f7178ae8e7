"""alife electrons: elastic wall/boundary collisions with jnp.where and a static `if wall:` inside a scanned step.

source: clement-bonnet/alife alife/electrons/simulation.py at 2bc26d4ea2347603220599b4464714ef2a778e3b (make_update_particles: update_particles_once, update_particles) with alife/electrons/elastic_collision.py at 2bc26d4ea2347603220599b4464714ef2a778e3b (compute_elastic_collision_boundaries, update_velocity_particle_boundaries, compute_elastic_collision_wall, update_velocity_particle_wall), alife/electrons/forces.py at 49bc8d0da0db5f23cdb368f4026ebcf4a90bb4a4 (compute_forces, repulsion_force, n_e_force, friction) and alife/electrons/particles.py at 49bc8d0da0db5f23cdb368f4026ebcf4a90bb4a4 (Particle, ParticleCharachteristics, P_CHARACHTERISTICS)
error: none
category: control_flow
expect: untouched
notes: The four modules are inlined in dependency order (their `from alife.electrons... import` lines dropped); simulation.py contributes only make_update_particles (init_particles, which needs chex, and run(), which needs the matplotlib Visualizer, are left out, as is the module-level `jax.config.update("jax_platform_name", "cpu")`). The entry point `f = make_update_particles(...)` follows run(): grid [-3, 3], wall=True, wall_gap_size=1.0, dt=1e-4, with 5 updates per call instead of 10000. Every bounce is a jnp.where on positions; `if wall:` tests a Python bool closed over by the factory, and the only loop is jax.lax.scan with a static length. Nothing depends on a traced value's concrete value.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import NamedTuple, Tuple, Callable

import jax.numpy as jnp
import jax


class Particle(NamedTuple):
    xy: jax.Array  # (2,)
    v: jax.Array  # (2,)
    type: int  # 0, 1, 2
    alive: bool  # True, False


class ParticleCharachteristics(NamedTuple):
    radius: int
    mass: float


P_CHARACHTERISTICS = {
    "nucleus": ParticleCharachteristics(mass=10, radius=0.08),
    "electron": ParticleCharachteristics(mass=1, radius=0.04),
}
P_CHARACHTERISTICS = ParticleCharachteristics(
    mass=jnp.array([v.mass for v in P_CHARACHTERISTICS.values()]),
    radius=jnp.array([v.radius for v in P_CHARACHTERISTICS.values()]),
)


def compute_forces(nuclei: Particle, electrons: Particle) -> tuple[jax.Array, jax.Array]:
    f_nuclei, f_electrons = n_e_force(nuclei, electrons)
    f_nuclei += repulsion_force(nuclei, P_CHARACHTERISTICS.radius[0])
    f_electrons += repulsion_force(electrons, P_CHARACHTERISTICS.radius[1])
    f_nuclei += friction(nuclei)
    f_electrons += friction(electrons)
    return f_nuclei, f_electrons


def repulsion_force(particle: Particle, radius: float, num_radii_characteristic: float = 2.0) -> jax.Array:
    coeff = -1.0
    differences = particle.xy[None, :] - particle.xy[:, None]
    distances = jnp.sqrt(jnp.sum(differences**2, axis=-1))
    normed_differences = differences / (distances[:, :, None] + 1e-6)
    radius_sum = radius + radius
    characteristic_distance = distances / (num_radii_characteristic * radius_sum)
    forces_p_to_p = coeff * normed_differences / (characteristic_distance[:, :, None] ** 7 + 1e-7)
    forces_p_to_p = jnp.where(
        (particle.alive[None, :] & particle.alive[:, None])[:, :, None], forces_p_to_p, 0
    )
    forces = jnp.sum(forces_p_to_p, axis=1)
    return forces


def n_e_force(nuclei: Particle, electrons: Particle) -> tuple[jax.Array, jax.Array]:
    coeff = 5000.0
    differences = nuclei.xy[None, :] - electrons.xy[:, None]
    distances = jnp.sqrt(jnp.sum(differences**2, axis=-1))
    normed_differences = differences / (distances[:, :, None] + 1e-6)
    radius_sum = P_CHARACHTERISTICS.radius.sum()
    characteristic_distance = distances / (0.5 * radius_sum)
    # Energy potential: 1/((x/0.5)^6 + 1/10) + 1*exp(-(x-2)^2/0.5^2)
    x = characteristic_distance[:, :, None]
    forces_p_to_p = (
        coeff * normed_differences * -8 * jnp.exp(-4 * (-2 + x) ** 2) * (-2 + x)
        - (0.09375 * x**5) / (0.0015625 + x**6) ** 2
    )
    forces_p_to_p = jnp.where(
        (nuclei.alive[None, :] & electrons.alive[:, None])[:, :, None], forces_p_to_p, 0
    )
    nuclei_forces = jnp.sum(forces_p_to_p, axis=0)
    electrons_forces = jnp.sum(-forces_p_to_p, axis=1)
    return nuclei_forces, electrons_forces


def friction(particles: Particle) -> jax.Array:
    """Friction force is proportional to the squared speed of the particle."""
    friction_coefficient = 0.01
    forces = -friction_coefficient * particles.v * jnp.linalg.norm(particles.v, axis=-1, keepdims=True)
    forces = jnp.where(particles.alive[:, None], forces, 0)
    return forces


def compute_elastic_collision_boundaries(
    v_nuclei: jax.Array,
    v_electrons: jax.Array,
    xy_nuclei: jax.Array,
    xy_electrons: jax.Array,
    min_grid_size: float,
    max_grid_size: float,
) -> jax.Array:
    nuclei_radius, electrons_nuclei = P_CHARACHTERISTICS.radius
    v_nuclei = update_velocity_particle_boundaries(
        v_nuclei, xy_nuclei, nuclei_radius, min_grid_size, max_grid_size
    )
    v_electrons = update_velocity_particle_boundaries(
        v_electrons, xy_electrons, electrons_nuclei, min_grid_size, max_grid_size
    )
    return v_nuclei, v_electrons


def update_velocity_particle_boundaries(
    velocities: jax.Array, positions: jax.Array, radius: float, min_grid_size: float, max_grid_size: float
) -> jax.Array:
    # TODO: try merge these operations into one
    velocities = velocities.at[:, 0].set(
        jnp.where(positions[:, 0] - radius <= min_grid_size, jnp.abs(velocities[:, 0]), velocities[:, 0])
    )
    velocities = velocities.at[:, 0].set(
        jnp.where(positions[:, 0] + radius >= max_grid_size, -jnp.abs(velocities[:, 0]), velocities[:, 0])
    )
    velocities = velocities.at[:, 1].set(
        jnp.where(positions[:, 1] - radius <= min_grid_size, jnp.abs(velocities[:, 1]), velocities[:, 1])
    )
    velocities = velocities.at[:, 1].set(
        jnp.where(positions[:, 1] + radius >= max_grid_size, -jnp.abs(velocities[:, 1]), velocities[:, 1])
    )
    return velocities


def compute_elastic_collision_wall(
    v_nuclei: jax.Array,
    v_electrons: jax.Array,
    xy_nuclei: jax.Array,
    xy_electrons: jax.Array,
    wall_gap_size: float,
) -> jax.Array:
    nuclei_radius, electrons_nuclei = P_CHARACHTERISTICS.radius
    v_nuclei = update_velocity_particle_wall(v_nuclei, xy_nuclei, nuclei_radius, wall_gap_size)
    v_electrons = update_velocity_particle_wall(v_electrons, xy_electrons, electrons_nuclei, wall_gap_size)
    return v_nuclei, v_electrons


def update_velocity_particle_wall(
    velocities: jax.Array, positions: jax.Array, radius: float, wall_gap_size: float
) -> jax.Array:
    # Reverse the y speed of the particles that hit the wall which is at y = 0
    v_signs = jnp.where(positions[:, 1] >= 0, 1, -1)
    x_conditions = (positions[:, 0] <= -wall_gap_size / 2) | (positions[:, 0] >= wall_gap_size / 2)
    y_conditions = (-radius <= positions[:, 1]) & (positions[:, 1] <= radius)
    velocities = velocities.at[:, 1].set(
        jnp.where(
            x_conditions & y_conditions,
            v_signs * jnp.abs(velocities[:, 1]),
            velocities[:, 1],
        )
    )
    return velocities


def make_update_particles(
    dt: float,
    num_updates: int,
    min_grid_size: float = -1.0,
    max_grid_size: float = 1.0,
    wall: bool = False,
    wall_gap_size: float = 0.5,
) -> Callable[[Particle, Particle], tuple[Particle, Particle]]:
    def update_particles_once(nuclei: Particle, electrons: Particle) -> Tuple[Particle, Particle]:
        f_nuclei, f_electrons = compute_forces(nuclei, electrons)
        m_nuclei, m_electrons = P_CHARACHTERISTICS.mass
        a_nuclei, a_electrons = f_nuclei / m_nuclei, f_electrons / m_electrons
        v_nuclei, v_electrons = nuclei.v + dt * a_nuclei, electrons.v + dt * a_electrons
        v_nuclei, v_electrons = compute_elastic_collision_boundaries(
            v_nuclei, v_electrons, nuclei.xy, electrons.xy, min_grid_size, max_grid_size
        )
        if wall:
            v_nuclei, v_electrons = compute_elastic_collision_wall(
                v_nuclei, v_electrons, nuclei.xy, electrons.xy, wall_gap_size
            )

        # Integration step
        xy_nuclei, xy_electrons = nuclei.xy + dt * v_nuclei, electrons.xy + dt * v_electrons
        nuclei = Particle(
            xy=xy_nuclei,
            v=v_nuclei,
            type=nuclei.type,
            alive=nuclei.alive,
        )
        electrons = Particle(
            xy=xy_electrons,
            v=v_electrons,
            type=electrons.type,
            alive=electrons.alive,
        )
        return nuclei, electrons

    def update_particles(nuclei: Particle, electrons: Particle) -> tuple[Particle, Particle]:
        return jax.lax.scan(
            lambda args, _: (update_particles_once(*args), None),
            (nuclei, electrons),
            None,
            length=num_updates,
        )[0]

    return jax.jit(update_particles)


f = make_update_particles(1e-4, 5, -3.0, 3.0, wall=True, wall_gap_size=1.0)
# --- end user code ---

import numpy as np


def _particles(rng, n, kind, speed):
    xy = rng.uniform(-2.9, 2.9, size=(n, 2))
    # park a few particles on the boundaries and on the wall band |y| <= radius, outside the gap
    xy[0] = [rng.choice([-2.97, 2.97]), rng.uniform(-2, 2)]
    xy[1] = [rng.choice([-1.5, 1.5]), rng.uniform(-0.03, 0.03)]
    xy[2] = [rng.uniform(-0.2, 0.2), rng.uniform(-0.03, 0.03)]   # inside the gap: no bounce
    v = speed * rng.normal(size=(n, 2))
    return Particle(xy.astype(np.float32), v.astype(np.float32),
                    np.full(n, kind, dtype=np.uint8), np.ones(n, dtype=bool))


def make_inputs(rng):
    return (_particles(rng, 4, 0, 1.0), _particles(rng, 12, 1, 1.0))


INPUTS = make_inputs
