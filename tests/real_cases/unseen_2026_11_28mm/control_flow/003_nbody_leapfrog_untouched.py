"""Differentiable N-body leapfrog: already jit-safe (module-level `int(jnp.ceil(...))`, fori_loop over a tuple state).

source: pmocz/nbody-jax nbody.py at 8c4cb8acb5d7aed89e79bb89aafa8867ee0e3712 (code-index file id 35648032240): global parameters, get_acc, get_energy, leapfrog, do_simulation
error: none
category: negative
expect: untouched
notes: Looks leaky (a step count computed with `int(jnp.ceil(t_end / dt))`, a Python `+=` on the time argument,
  a tuple state threaded through a loop, jitted helpers called from a jitted driver) but every value that
  must be concrete is a module-level constant computed outside any trace, and the loop is a
  lax.fori_loop. Verbatim apart from dropping matplotlib/jaxopt and the optimisation driver; `f = do_simulation`
  added as the entry point.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np

# Global parameters
N = 360  # number of particles
t_end = 1.0  # time at which simulation ends
dt = 0.01  # timestep
softening = 0.1  # softening length
G = 1.0  # Newton's gravitational constant
Nt = int(jnp.ceil(t_end / dt))  # number of timesteps


@jax.jit
def get_acc(pos, mass):
    """
    Calculate the acceleration on each particle according to Newton's Law
    pos        is an N x 3 matrix of positions
    mass       is an N x 1 vector of masses
    acc        is an N x 3 matrix of accelerations
    """
    # positions r = [x,y,z] for all particles
    x = pos[:, 0:1]
    y = pos[:, 1:2]
    z = pos[:, 2:3]

    # matrix that stores all pairwise particle separations: r_j - r_i
    dx = x.T - x
    dy = y.T - y
    dz = z.T - z

    # matrix that stores 1/r^3 for all particle pairwise particle separations
    inv_r3 = (dx**2 + dy**2 + dz**2 + softening**2) ** (-1.5)

    # acceleration components
    ax = G * (dx * inv_r3) @ mass
    ay = G * (dy * inv_r3) @ mass
    az = G * (dz * inv_r3) @ mass

    # pack together the acceleration components
    acc = jnp.hstack((ax, ay, az))

    return acc


@jax.jit
def get_energy(pos, vel, mass):
    """
    Get kinetic energy (KE) and potential energy (PE) of simulation
    pos   is N x 3 matrix of positions
    vel   is N x 3 matrix of velocities
    mass  is an N x 1 vector of masses
    KE    is the kinetic energy of the system
    PE    is the potential energy of the system
    """
    # Kinetic Energy:
    KE = 0.5 * jnp.sum(jnp.sum(mass * vel**2))

    # Potential Energy:

    # positions r = [x,y,z] for all particles
    x = pos[:, 0:1]
    y = pos[:, 1:2]
    z = pos[:, 2:3]

    # matrix that stores all pairwise particle separations: r_j - r_i
    dx = x.T - x
    dy = y.T - y
    dz = z.T - z

    # matrix that stores 1/r for all particle pairwise particle separations
    inv_r = 1.0 / jnp.sqrt(dx**2 + dy**2 + dz**2)

    # sum over upper triangle, to count each interaction only once
    PE = G * jnp.sum(jnp.sum(jnp.triu(-(mass * mass.T) * inv_r, 1)))

    return KE, PE


@jax.jit
def leapfrog(i, state):
    """
    Take one timestep of the leapfrog integration scheme
    i          is the iteration number
    state      is a tuple of (pos, vel, acc, mass)
    """
    pos, vel, acc, mass = state

    # (1/2) kick
    vel += acc * dt / 2.0

    # drift
    pos += vel * dt

    # update accelerations
    acc = get_acc(pos, mass)

    # (1/2) kick
    vel += acc * dt / 2.0

    return pos, vel, acc, mass


@jax.jit
def do_simulation(pos, vel, mass, t):
    """
    Run the simulation for Nt timesteps
    pos        is an N x 3 matrix of positions
    vel        is an N x 3 matrix of velocities
    mass       is an N x 1 vector of masses
    t          is the time
    """

    # calculate initial gravitational accelerations
    acc = get_acc(pos, mass)

    # advance the simulation by Nt timesteps
    state = jax.lax.fori_loop(0, Nt, leapfrog, init_val=(pos, vel, acc, mass))
    pos, vel, acc, mass = state

    # update time
    t += Nt * dt

    return pos, vel, acc, mass, t


f = do_simulation
# --- end user code ---


def make_inputs(rng):
    n = 12
    mass = (2.0 * np.ones((n, 1)) / n).astype(np.float32)
    pos = (2.0 * rng.standard_normal((n, 3))).astype(np.float32)
    vel = (0.3 * rng.standard_normal((n, 3))).astype(np.float32)
    t = np.float32(rng.uniform(0.0, 2.0))
    return (pos, vel, mass, t)


INPUTS = make_inputs
