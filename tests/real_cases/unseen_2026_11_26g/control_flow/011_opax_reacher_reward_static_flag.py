"""Look-alike: a jitted reward method branches on `self.scarce_reward` and compares `dist < self.tol` — all jit-safe.

source: lasgroup/opax mbse/models/environment_models/reacher_reward_model.py and mbse/models/reward_model.py at e8ce9d28ed382d4c59bb0b613f73cd81f5d99b8d (ReacherRewardModel.predict, RewardModel)
error: none
category: static-self-flag-under-static_argnums, traced-comparison-used-arithmetically
expect: untouched
notes: ReacherRewardModel is verbatim. The RewardModel base class is inlined (its unused train_step, which needs the
  repository's Transition type, is dropped). `predict` is jitted with `self` static, so `if self.scarce_reward:` tests
  a Python bool fixed at construction; the traced `dist < self.tol` is only multiplied by 100, never converted to a
  Python bool. `f` (added by the collector) evaluates a sparse-reward and a dense-reward model on a batch of
  observations, some of which are within `tol` of the target.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
from functools import partial

_RUN_SPEED = 10


class RewardModel(object):
    def __init__(self, *args, **kwargs):
        pass

    def predict(self, obs, action, next_obs=None, rng=None):
        pass

    def set_bounds(self, max_action, min_action=None):
        pass


class ReacherRewardModel(RewardModel):
    """Get Pendulum Reward."""

    def __init__(self, ctrl_cost: float = 0.0, scarce_reward: bool = False, tol: float = 5e-2):
        super().__init__()
        self.scarce_reward = scarce_reward
        self.ctrl_cost = ctrl_cost
        self.tol = tol

    @partial(jax.jit, static_argnums=0)
    def predict(self, obs, action, next_obs=None, rng=None):
        vec = obs[..., -2:]
        if self.scarce_reward:
            reward_ctrl = -jnp.square(action).sum(-1)
            reward = self.ctrl_cost * reward_ctrl
            dist = jnp.linalg.norm(vec, axis=-1)
            reward = reward + (dist < self.tol) * 100
        else:
            reward_dist = -jnp.linalg.norm(vec, axis=-1)
            reward_ctrl = -jnp.square(action).sum(-1)
            reward = reward_dist + self.ctrl_cost * reward_ctrl
        reward = reward.reshape(-1).squeeze()
        return reward


sparse_model = ReacherRewardModel(ctrl_cost=0.1, scarce_reward=True)
dense_model = ReacherRewardModel(ctrl_cost=0.1)


@jax.jit
def f(obs, action):
    return sparse_model.predict(obs, action), dense_model.predict(obs, action)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    obs = rng.normal(size=(8, 11)).astype(np.float32)
    obs[:, -2:] *= rng.choice([0.02, 1.0], size=(8, 1))   # some fingertips within tol of the target
    action = rng.normal(size=(8, 2)).astype(np.float32)
    return (obs, action)


INPUTS = make_inputs
