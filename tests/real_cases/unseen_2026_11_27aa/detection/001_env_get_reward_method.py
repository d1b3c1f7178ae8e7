"""A stateful environment class whose get_reward method tests a traced attribute with `if` and calls `.item()`.

source: public JAX RL toy environment, code-index file id 44576812555 (repository not resolved by the index): class Environment (__init__, num_actions, observation_shape, get_observation, get_reward, reset, step). The same author's later revision (code-index file id 44725171504) moves the state into a `State` NamedTuple and rewrites get_reward as `intermediate_reward` with `jnp.where(jnp.all((0.0 <= position) & (position <= self.bounds), axis=-1), jnp.maximum(0.0, jnp.sin(position[..., 0])), -10.0)`
error: TracerBoolConversionError
category: method-traced-attribute
expect: fix
notes: the class is verbatim. Added the jitted entry point `f(key, actions)` that builds the environment, resets it and runs the 10-step episode the class terminates at (step_count >= 10), returning the last observation and the reward. The leak is inside the method: `if jnp.all(... self.position ...)` and `.item()` on the traced position.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Environment:
    def __init__(self):
        # actions are steps in 8 directions around the agent
        directions = jnp.array(
            [[x, y] for x in [-1.0, 0.0, 1.0] for y in [-1.0, 0.0, 1.0] if not (x == 0.0 and y == 0.0)]
        )
        # normalize directions to have a fixed size
        self.actions = 0.3 * directions / jnp.linalg.norm(directions, axis=1, keepdims=True)
        self.bounds = jnp.array([2.0 * jnp.pi, jnp.pi])
        self.position = None
        self.accumulated_reward = 0.0
        self.step_count = 0

    @property
    def num_actions(self) -> int:
        """
        Return the number of available actions.
        """
        return self.actions.shape[0]

    @property
    def observation_shape(self) -> tuple:
        """
        Return the shape of the observation space.
        """
        return (2,)

    def get_observation(self) -> jnp.ndarray:
        """
        Get the current observation of the agent's position.
        """
        return self.position

    def get_reward(self) -> float:
        """
        Calculate the reward based on the agent's current position.
        """
        if jnp.all((0.0 <= self.position) & (self.position <= self.bounds)):
            return jnp.maximum(0.0, jnp.sin(self.position[0])).item()

        # penalize the agent for being outside the bounds
        return -10.0

    def reset(self, key: jnp.ndarray) -> jnp.ndarray:
        """
        Position agent randomly at the left edge of the box.
        """
        y = jax.random.uniform(key, (), minval=0, maxval=jnp.pi)
        self.position = jnp.array([0.0, y])
        self.accumulated_reward = 0.0
        self.step_count = 0
        return self.get_observation()

    def step(self, action: int):
        """
        Move the agent in the specified direction.
        """
        self.position += self.actions[action]
        self.accumulated_reward += self.get_reward()
        self.step_count += 1

        terminated = self.step_count >= 10
        observation = self.get_observation()
        reward = self.accumulated_reward if terminated else 0.0

        return observation, reward, terminated


@jax.jit
def f(key, actions):
    env = Environment()
    observation = env.reset(key)
    reward = 0.0
    for i in range(10):
        observation, reward, terminated = env.step(actions[i])
    return observation, reward
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    actions = rng.integers(0, 8, size=(10,)).astype(np.int32)
    # first action: a step to the left (x < 0, out of bounds) on odd trials,
    # to the right (inside the box) otherwise, so both reward branches run
    actions[0] = 0 if rng.random() < 0.5 else 7
    return (key, actions)


INPUTS = make_inputs


@jax.jit
def reference_fix(key, actions):
    directions = jnp.array(
        [[x, y] for x in [-1.0, 0.0, 1.0] for y in [-1.0, 0.0, 1.0] if not (x == 0.0 and y == 0.0)]
    )
    moves = 0.3 * directions / jnp.linalg.norm(directions, axis=1, keepdims=True)
    bounds = jnp.array([2.0 * jnp.pi, jnp.pi])
    y = jax.random.uniform(key, (), minval=0, maxval=jnp.pi)
    position = jnp.array([0.0, y])
    acc = 0.0
    for i in range(10):
        position = position + moves[actions[i]]
        inside = jnp.all((0.0 <= position) & (position <= bounds))
        acc = acc + jnp.where(inside, jnp.maximum(0.0, jnp.sin(position[0])), -10.0)
    return position, acc
