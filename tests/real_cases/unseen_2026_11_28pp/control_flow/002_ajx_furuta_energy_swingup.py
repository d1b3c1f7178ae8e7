"""Furuta pendulum energy swing-up controller: `if |theta1| < 0.4 and |theta2_dot| < 8: u = 10`.

source: Furuta environment of a JAX rigid-body simulator project built on an `ajx` package
  (`from ajx import *`, `from environments.environment import Environment`, class Furuta with
  build_sim / observation_to_configuration / state_from_angles / control_func), public code-index file
  ids 52512582452 and 52517347214 (two revisions with the same controller). The index does not name the
  repository or commit.
error: TracerBoolConversionError
category: if-and-traced-reassign
expect: fix
notes: the body of the first `Furuta.control_func` verbatim from "# Sensor dynamics and signal processing"
  to `return -u`. Changes: dropped the stored revision's leading `return jnp.array([0.0])` that switches
  the controller off, and the unreachable LQR tail after `return -u` (it uses an undefined
  `control_vector`); the Environment base class and the ajx parameter objects are replaced by a minimal
  stand-in holding the values the file sets (timestep, com_displacement2 = 0.091, arm2 mass 0.238,
  inertia_diag [0.0016, 1e-6, 0.0016]); added the jitted driver `f` (the simulator calls control_func
  from its jitted step). Eagerly the swing-up branch yields an int (`u_energy = 10`), clipped to -5.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class _RigidBodyParam:  # stand-in for ajx RigidBodyParameters of body "arm2"
    def __init__(self, mass, inertia):
        self.mass = mass
        self.inertia = inertia


class Furuta:  # stand-in for the ajx Environment subclass (only what control_func reads)
    def __init__(self, timestep):
        self.timestep = timestep
        self.com_displacement2 = 0.091
        self.param = {"arm2": _RigidBodyParam(0.238, jnp.array([0.0016, 1e-6, 0.0016]))}

    def control_func(self, observation, last_observation, key_map):
        # Sensor dynamics and signal processing
        theta1 = observation[0]
        theta2 = observation[1]
        prev_theta1 = last_observation[0]
        prev_theta2 = last_observation[1]

        theta1_dot = (theta1 - prev_theta1) / self.timestep
        theta2_dot = -(theta2 - prev_theta2) / self.timestep

        # Control
        alpha = 0.75
        gml = 9.82 * self.param["arm2"].mass * self.com_displacement2  # 0.2286711
        joint_inertia2 = 0.0016 + 0.111 * 0.210**2

        joint_inertia2 = (
            self.param["arm2"].inertia[0]
            + self.param["arm2"].mass * self.com_displacement2**2
        )

        weighted_energy = alpha * 0.5 * joint_inertia2 * theta2_dot**2 - gml * (
            1 - jnp.cos(theta2)
        )
        gain = 40
        kp = 0.1
        u_energy = (
            gain * weighted_energy * theta2_dot * jnp.cos(theta2)
        ) - kp * theta1_dot
        if jnp.abs(theta1) < 0.4 and jnp.abs(theta2_dot) < 8:
            u_energy = 10
        u = jnp.clip(jnp.array([u_energy]), -5, 5)
        return -u


env = Furuta(timestep=0.01)


@jax.jit
def f(observation, last_observation):
    return env.control_func(observation, last_observation, None)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # theta1 in (-0.6, 0.6) straddles the 0.4 gate; a theta2 change of up to 0.1 rad per 0.01 s
    # straddles the |theta2_dot| < 8 gate, so all four and-combinations occur.
    obs = np.array([rng.uniform(-0.6, 0.6), rng.uniform(-np.pi, np.pi)], dtype=np.float32)
    last = obs - np.array([rng.uniform(-0.05, 0.05), rng.uniform(-0.1, 0.1)], dtype=np.float32)
    return (obs, last.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(observation, last_observation):
    timestep = 0.01
    theta1, theta2 = observation[0], observation[1]
    theta1_dot = (theta1 - last_observation[0]) / timestep
    theta2_dot = -(theta2 - last_observation[1]) / timestep
    mass, com2 = 0.238, 0.091
    gml = 9.82 * mass * com2
    joint_inertia2 = jnp.array([0.0016, 1e-6, 0.0016])[0] + mass * com2**2
    weighted_energy = 0.75 * 0.5 * joint_inertia2 * theta2_dot**2 - gml * (1 - jnp.cos(theta2))
    u_energy = (40 * weighted_energy * theta2_dot * jnp.cos(theta2)) - 0.1 * theta1_dot
    u_energy = jnp.where((jnp.abs(theta1) < 0.4) & (jnp.abs(theta2_dot) < 8), 10.0, u_energy)
    return -jnp.clip(jnp.array([u_energy]), -5, 5)
