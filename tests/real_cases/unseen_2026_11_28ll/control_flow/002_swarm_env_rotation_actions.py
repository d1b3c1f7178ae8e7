"""Swarm RL environment: per-agent `if actions[i] == 1 / elif == 2` picks rotation matrices, jitted.

source: tobiasmerkt/Jax_RL UI/environment.py at 4afa393d56d741db2719e9d0ddf78c4bae7f4e68 (Environment.step, its nested `rotation(_actions)`; code-index file id 29636902248) with UI/agent.py at 66ae9365d0b28971198aef01e58c984844d8e5d1 (Agent, Swarm; id 29692351878)
error: TracerBoolConversionError
category: for-per-element-elif-on-actions
expect: fix
notes: Agent and Swarm keep their code (method docstrings, Swarm.__iter__/__next__/__call__ dropped). Environment keeps the action-shape checks and the nested
  `rotation` / `single_rotation` closures of `step` verbatim; what is dropped is the jax_md part of
  the class (random initial swarm from PRNGKey(0), World/space.periodic, the brownian apply_fn,
  force and reward modules): __init__ takes a ready Swarm, and `step` stops after the rotation and
  returns the new directions instead of running the jax_md integrator. `f` (the jitted entry point)
  builds the swarm from positions/directions and steps once. The leak is the per-agent
  `if actions[i] == 1: ... elif _actions[i] == 2:` on the traced action vector.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Agent:
    """
    Agent class to contain all the information about an agent.
    """
    def __init__(
            self,
            position: jnp.array,
            direction: jnp.array,
            index: int):
        self.position = position
        self.index = index
        self.direction = direction/jnp.linalg.norm(direction)

    def set_position(self, new_position):
        self.position = new_position

    def set_direction(self, new_direction):
        self.direction = new_direction / jnp.linalg.norm(new_direction)


class Swarm:
    """
    Swarm class to contain all the information about a group of agents.
    """
    def __init__(self, agents: list):
        self.agents = agents
        self.positions = jnp.array([agent.position for agent in agents])
        self.directions = jnp.array([agent.direction for agent in agents])
        self.size = len(self.agents)
        self.state = None

    def set_directions(self, new_directions):
        self.directions = jnp.array(new_directions)
        for i in range(self.size):
            self.agents[i].set_direction(new_directions[i])

    def set_positions(self, new_positions):
        self.positions = jnp.array(new_positions)
        for i in range(self.size):
            self.agents[i].set_position(new_positions[i])


class Environment:
    def __init__(self, swarm, rotation_angle=15):
        self.swarm = swarm
        self.particle_number = swarm.size
        self.rotation_angle = rotation_angle

    def step(self, actions):
        """
        Function to perform one step of the environment.

        Parameters
        ----------
        actions : jnp.array ints (elements of [0 ,1 ,2, 3]) of length particle_number.
                Actions chosen by each agent.
        """

        try:
            action_shape = actions.shape[0]
        except:
            action_shape = 1

        if action_shape < self.particle_number:
            raise ValueError(f"Not enough actions ({actions.shape[0]}) "
                             f"for all agents ({self.particle_number})")
        elif action_shape > self.particle_number:
            raise ValueError(f"Too many actions. More actions ({actions.shape[0]}) "
                             f"than agents ({self.particle_number})")

        def rotation(_actions):
            theta = jnp.radians(self.rotation_angle)
            rotate_right = jnp.array(((jnp.cos(theta), -1 * jnp.sin(theta)),
                                      (jnp.sin(theta), jnp.cos(theta))))
            rotate_left = jnp.array(((jnp.cos(theta), jnp.sin(theta)),
                                     (-1 * jnp.sin(theta), jnp.cos(theta))))
            rotation_operator = []
            for i in range(action_shape):
                if actions[i] == 1:
                    rotation_operator.append(rotate_right)
                elif _actions[i] == 2:
                    rotation_operator.append(rotate_left)
                else:
                    rotation_operator.append(jnp.identity(2))
            rotation_operator = jnp.array(rotation_operator)

            new_directions = []
            for i in range(len(self.swarm.directions)):
                new_directions.append(rotation_operator[i] @ self.swarm.directions[i])
            self.swarm.set_directions(new_directions)
            return

        def single_rotation(_action):
            theta = jnp.radians(self.rotation_angle)
            rotate_right = jnp.array(((jnp.cos(theta), -1 * jnp.sin(theta)),
                                      (jnp.sin(theta), jnp.cos(theta))))
            rotate_left = jnp.array(((jnp.cos(theta), jnp.sin(theta)),
                                     (-1 * jnp.sin(theta), jnp.cos(theta))))
            rotation_operator = []
            if _action == 1:
                rotation_operator.append(rotate_right)
            elif _action == 2:
                rotation_operator.append(rotate_left)
            else:
                rotation_operator.append(jnp.identity(2))
            rotation_operator = jnp.array(rotation_operator)

            new_directions = []
            for i in range(len(self.swarm.directions)):
                new_directions.append(rotation_operator[i] @ self.swarm.directions[i])
            self.swarm.set_directions(new_directions)
            return

        if self.particle_number != 1:
            rotation(actions)
        else:
            single_rotation(actions)

        return self.swarm.directions


@jax.jit
def f(positions, directions, actions):
    agents = []
    for i in range(positions.shape[0]):
        agents.append(Agent(position=positions[i],
                            direction=directions[i],
                            index=i))
    env = Environment(Swarm(agents), rotation_angle=15)
    return env.step(actions)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 6
    positions = rng.uniform(0, 100, size=(n, 2)).astype(np.float32)
    directions = rng.uniform(0.1, 1.0, size=(n, 2)).astype(np.float32)
    actions = rng.integers(0, 4, size=(n,)).astype(np.int32)
    actions[:3] = [1, 2, 0]  # every branch on every trial
    return (positions, directions, actions)


INPUTS = make_inputs


@jax.jit
def reference_fix(positions, directions, actions):
    theta = jnp.radians(15)
    c, s = jnp.cos(theta), jnp.sin(theta)
    rotate_right = jnp.array(((c, -s), (s, c)))
    rotate_left = jnp.array(((c, s), (-s, c)))
    d = directions / jnp.linalg.norm(directions, axis=1, keepdims=True)
    ops = jnp.where((actions == 1)[:, None, None], rotate_right,
                    jnp.where((actions == 2)[:, None, None], rotate_left, jnp.identity(2)))
    return jnp.einsum("nij,nj->ni", ops, d)
