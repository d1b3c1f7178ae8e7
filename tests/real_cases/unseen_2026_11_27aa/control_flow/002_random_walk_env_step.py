"""Sutton & Barto random walk written with jax.numpy: `env_step` uses if/elif on the action and on the new state.

source: public RL-Glue style JAX environment module `RandomWalkEnv` ("Random Walk from Sutton and Barto, 2018")
    in the code index (file id 44424668979; imports `environments.base.BaseEnvironment`; the index does not
    name its repository): `env_init`, `env_step`
error: TracerBoolConversionError
category: if-elif-on-traced-action / reward-and-termination-flags
expect: fix
notes: `RandomWalkEnv.__init__`, `env_init` and `env_step` verbatim; `env_start`, `env_cleanup` and
    `env_message` dropped, and `BaseEnvironment` replaced by an empty stand-in class. The environment is built
    once with num_states=5 and log_episodes=False (so the episode log is not appended). Added the jitted entry
    point `f(last_state, action)`, which sets the stored `(reward, observation, is_terminal)` tuple the way
    `env_start`/a previous step would and calls `env_step`. Actions are only LEFT/RIGHT (the `raise` branch is
    for invalid input).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import random


class BaseEnvironment:  # stand-in for environments.base.BaseEnvironment
    def __init__(self):
        pass


LEFT = 0
RIGHT = 1


class RandomWalkEnv(BaseEnvironment):
    """
    Random Walk from Sutton and Barto, 2018
    """

    def __init__(self):
        super().__init__()
        self.num_states = None

    def env_init(self, env_info={}):
        self.rand_generator = random.PRNGKey(env_info.get("seed"))
        self.num_states = env_info.get("num_states")
        self.log_episodes = env_info.get("log_episodes")

    def env_step(self, action):
        last_state = self.reward_obs_term[1]
        if self.log_episodes:
            self.experience_episode.append(last_state)
        if action == LEFT:
            current_state = jnp.maximum(-1, last_state - 1)
        elif action == RIGHT:
            current_state = jnp.minimum(self.num_states, last_state + 1)
        else:
            raise Exception("Unexpected action given.")

        reward = 0
        is_terminal = False

        if jnp.array_equal(current_state, jnp.ones_like(current_state) * -1):
            reward = -1
            is_terminal = True
        elif jnp.array_equal(
            current_state, jnp.ones_like(current_state) * self.num_states
        ):
            reward = 1
            is_terminal = True

        self.reward_obs_term = (reward, current_state, is_terminal)

        return self.reward_obs_term


env = RandomWalkEnv()
env.env_init({"seed": 0, "num_states": 5, "log_episodes": False})


@jax.jit
def f(last_state, action):
    env.reward_obs_term = (0, last_state, False)
    return env.env_step(action)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # states 0..4; 0 and 4 are next to the terminals -1 and 5
    last_state = np.array([rng.choice([0, 0, 4, 4, 1, 2, 3])], dtype=np.int32)
    action = np.int32(rng.integers(0, 2))
    return (last_state, action)


INPUTS = make_inputs


@jax.jit
def reference_fix(last_state, action):
    num_states = 5
    current_state = jnp.where(action == LEFT,
                              jnp.maximum(-1, last_state - 1),
                              jnp.minimum(num_states, last_state + 1))
    hit_left = jnp.array_equal(current_state, jnp.ones_like(current_state) * -1)
    hit_right = jnp.array_equal(current_state, jnp.ones_like(current_state) * num_states)
    reward = jnp.where(hit_left, -1, jnp.where(hit_right, 1, 0))
    is_terminal = hit_left | hit_right
    return (reward, current_state, is_terminal)
