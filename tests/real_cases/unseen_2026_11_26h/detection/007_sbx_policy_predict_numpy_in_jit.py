"""SBX's `BaseJaxPolicy.predict` (a NumPy host API) called from a jitted evaluation step.

source: araffin/sbx sbx/common/policies.py @01b5ceedb38643e6950df9f40b9cf70733f18456 (`BaseJaxPolicy.select_action`, `predict`, `prepare_obs`); the failure mode is the one reported for sbx under a JAX transformation in https://openillumi.com/en/en-fix-jax-pmap-conversion-error (TracerArrayConversionError at `actions = np.array(actions).reshape((-1, *self.action_space.shape))` in policies.py, line 58, when `SAC.learn`/`predict` ran inside `pmap`)
error: TracerArrayConversionError
category: numpy-in-method-of-object
expect: report
notes: `select_action`, `predict` and `prepare_obs` are verbatim (the dict- and image-observation branches are kept; the commented-out code is dropped). stable-baselines3, gymnasium and flax are not installed, so `BasePolicy.unscale_action`, `spaces.Box`, `is_image_space`, `maybe_transpose` and `is_vectorized_observation` are minimal stand-ins following SB3, and the actor is a one-layer tanh policy whose `mode()` is the mean action. `f` (jitting a batch evaluation through `policy.predict`) is written for the case. The traced observation first hits `np.array(observation)` in `prepare_obs`; the traced actions would then hit `np.array(actions)`, `np.clip` and the `assert isinstance(observation, np.ndarray)`. `predict` is a host-side API that must return NumPy arrays; the jit-safe route is to call `select_action` (already jitted) and clip/unscale with jnp, so this is reported rather than rewritten.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import NamedTuple, Optional, Union, no_type_check

import jax
import jax.numpy as jnp
import numpy as np


class spaces:  # minimal stand-in for gymnasium.spaces
    class Box:
        def __init__(self, low, high, shape, dtype=np.float32):
            self.low = np.full(shape, low, dtype=dtype)
            self.high = np.full(shape, high, dtype=dtype)
            self.shape = tuple(shape)

    class Dict(dict):
        pass


def is_image_space(observation_space) -> bool:
    return isinstance(observation_space, spaces.Box) and len(observation_space.shape) == 3


def maybe_transpose(observation, observation_space):
    return observation


def is_vectorized_observation(observation, observation_space) -> bool:
    if observation.shape == observation_space.shape:
        return False
    elif observation.shape[1:] == observation_space.shape:
        return True
    raise ValueError(f"Error: Unexpected observation shape {observation.shape} for Box environment")


class BasePolicy:  # minimal stand-in for stable_baselines3.common.policies.BasePolicy
    def __init__(self, observation_space, action_space, squash_output=False):
        self.observation_space = observation_space
        self.action_space = action_space
        self.squash_output = squash_output

    def unscale_action(self, scaled_action):
        low, high = self.action_space.low, self.action_space.high
        return low + (0.5 * (scaled_action + 1.0) * (high - low))


class BaseJaxPolicy(BasePolicy):
    def __init__(self, *args, **kwargs):
        super().__init__(
            *args,
            **kwargs,
        )

    @staticmethod
    @jax.jit
    def select_action(actor_state, observations):
        return actor_state.apply_fn(actor_state.params, observations).mode()

    @no_type_check
    def predict(
        self,
        observation: Union[np.ndarray, dict[str, np.ndarray]],
        state: Optional[tuple[np.ndarray, ...]] = None,
        episode_start: Optional[np.ndarray] = None,
        deterministic: bool = False,
    ) -> tuple[np.ndarray, Optional[tuple[np.ndarray, ...]]]:
        # self.set_training_mode(False)

        observation, vectorized_env = self.prepare_obs(observation)

        actions = self._predict(observation, deterministic=deterministic)

        # Convert to numpy, and reshape to the original action shape
        actions = np.array(actions).reshape((-1, *self.action_space.shape))

        if isinstance(self.action_space, spaces.Box):
            if self.squash_output:
                # Clip due to numerical instability
                actions = np.clip(actions, -1, 1)
                # Rescale to proper domain when using squashing
                actions = self.unscale_action(actions)
            else:
                # Actions could be on arbitrary scale, so clip the actions to avoid
                # out of bound error (e.g. if sampling from a Gaussian distribution)
                actions = np.clip(actions, self.action_space.low, self.action_space.high)

        # Remove batch dimension if needed
        if not vectorized_env:
            actions = actions.squeeze(axis=0)  # type: ignore[call-overload]

        return actions, state

    def prepare_obs(self, observation: Union[np.ndarray, dict[str, np.ndarray]]) -> tuple[np.ndarray, bool]:
        vectorized_env = False
        if isinstance(observation, dict):
            assert isinstance(self.observation_space, spaces.Dict)
            # Minimal dict support: flatten
            keys = list(self.observation_space.keys())
            vectorized_env = is_vectorized_observation(observation[keys[0]], self.observation_space[keys[0]])

            # Add batch dim and concatenate
            observation = np.concatenate(
                [observation[key].reshape(-1, *self.observation_space[key].shape) for key in keys],  # type: ignore[misc]
                axis=1,
            )

        elif is_image_space(self.observation_space):
            # Handle the different cases for images
            # as PyTorch use channel first format
            observation = maybe_transpose(observation, self.observation_space)

        else:
            observation = np.array(observation)

        if not isinstance(self.observation_space, spaces.Dict):
            assert isinstance(observation, np.ndarray)
            vectorized_env = is_vectorized_observation(observation, self.observation_space)
            # Add batch dimension if needed
            observation = observation.reshape((-1, *self.observation_space.shape))  # type: ignore[misc]

        assert isinstance(observation, np.ndarray)
        return observation, vectorized_env


class TanhMode(NamedTuple):
    mean: jax.Array

    def mode(self):
        return jnp.tanh(self.mean)


class TrainState(NamedTuple):
    apply_fn: object
    params: dict


def actor_apply(params, observations):
    return TanhMode(observations @ params["w"] + params["b"])


class SACPolicy(BaseJaxPolicy):
    def __init__(self, actor_state, observation_space, action_space):
        super().__init__(observation_space, action_space, squash_output=True)
        self.actor_state = actor_state

    def _predict(self, observation, deterministic=False):
        return BaseJaxPolicy.select_action(self.actor_state, observation)


OBS_SPACE = spaces.Box(-10.0, 10.0, shape=(4,))
ACT_SPACE = spaces.Box(-2.0, 2.0, shape=(2,))


@jax.jit
def f(actor_params, observations):
    policy = SACPolicy(TrainState(actor_apply, actor_params), OBS_SPACE, ACT_SPACE)
    actions, _ = policy.predict(observations, deterministic=True)
    return actions
# --- end user code ---


def make_inputs(rng):
    params = {
        "w": rng.normal(size=(4, 2)).astype(np.float32),
        "b": rng.normal(size=(2,)).astype(np.float32),
    }
    return (params, rng.normal(size=(5, 4)).astype(np.float32))


INPUTS = make_inputs
