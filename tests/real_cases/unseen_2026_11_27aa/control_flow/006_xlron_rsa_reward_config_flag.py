"""XLRON optical-network env: reward functions branch on `params.reward_type`, a static config string (look-alike).

source: XLRON RSA environment module (class RSAEnv, `get_reward_failure` / `get_reward_success`) as stored in the
    code index (file id 11937448254; imports `xlron.environments.env_funcs`; the index does not name the
    repository or commit; a later revision is id 12297069108)
error: none
category: negative / static-config-flag-branch
expect: untouched
notes: `get_reward_failure` and `get_reward_success` verbatim. In XLRON `RSAEnv.step` is
    `@partial(jax.jit, static_argnums=(0, 4))`, i.e. `params` is a static (hashable) argument, so
    `params.reward_type == "service"` is a Python string test at trace time and only `state.request_array`
    is traced. The rest of RSAEnv (reset/step_env/spaces, gymnax base class) is dropped; `RSAEnvParams` and
    `HashableArrayWrapper` are small stand-ins for xlron.environments.dataclasses (frozen, identity-hashed),
    `RSAEnvState` a NamedTuple holding only `request_array`, `chex.Array` replaced by `jax.Array`. The entry
    point `f` is jitted with `params` static, as XLRON does.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
from functools import partial
from typing import Any, NamedTuple, Optional

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True, eq=False)
class HashableArrayWrapper:  # stand-in for xlron's wrapper (hashed by identity)
    val: Any


@dataclasses.dataclass(frozen=True, eq=False)
class RSAEnvParams:  # stand-in: only the fields the reward functions read
    reward_type: str
    values_bw: HashableArrayWrapper


class RSAEnvState(NamedTuple):  # stand-in: only the field the reward functions read
    request_array: jax.Array


EnvState = RSAEnvState
EnvParams = RSAEnvParams


class RSAEnv:

    def get_reward_failure(self, state: Optional[EnvState] = None, params: Optional[EnvParams] = None) -> jax.Array:
        """Return reward for current state.

        Args:
            state (optional): Environment state

        Returns:
            reward: Reward for failure
        """
        if params.reward_type == "service":
            reward = jnp.array(-1.0)
        elif params.reward_type == "bitrate":
            reward = state.request_array[1] * -1.0 / jnp.max(params.values_bw.val)
        else:
            reward = jnp.array(-1.0)
        return reward

    def get_reward_success(self, state: Optional[EnvState] = None, params: Optional[EnvParams] = None) -> jax.Array:
        """Return reward for current state.

        Args:
            state: (optional) Environment state

        Returns:
            reward: Reward for success
        """
        if params.reward_type == "service":
            reward = jnp.array(1.0)
        elif params.reward_type == "bitrate":
            reward = state.request_array[1] * 1.0 / jnp.max(params.values_bw.val)
        else:
            reward = jnp.array(1.0)
        return reward


env = RSAEnv()


@partial(jax.jit, static_argnums=(1,))
def f(state, params):
    return env.get_reward_failure(state, params), env.get_reward_success(state, params)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # request_array = (source, requested bandwidth, destination)
    request = np.array([rng.integers(0, 14), rng.choice([25, 50, 100, 200, 400]), rng.integers(0, 14)],
                       dtype=np.float32)
    values_bw = HashableArrayWrapper(np.array([25.0, 50.0, 100.0, 200.0, 400.0], dtype=np.float32))
    params = RSAEnvParams(reward_type=str(rng.choice(["service", "bitrate", "bitrate", "other"])),
                          values_bw=values_bw)
    return (RSAEnvState(request_array=request), params)


INPUTS = make_inputs
