"""bsuite DeepSea `_step` ported to jax.numpy: reward, transition and termination decided by Python `if`s on the traced row/column/action, with `return` from inside a branch.

source: google-deepmind/bsuite bsuite/environments/deep_sea.py at 2d3793bfa34641e5930791cc266c0ba93e0db50e (DeepSea._get_observation, _step; code-index file id 25377284529). gymnax re-implemented the same dynamics jit-safe (gymnax/environments/bsuite/deep_sea.py).
error: TracerBoolConversionError
category: if-return-on-state
expect: fix
notes: _get_observation and _step are verbatim except that array code uses jax.numpy (`np.zeros`/`np.clip` -> `jnp.*`) and the in-place `obs[self._row, self._column] = 1.` became `obs = obs.at[...].set(1.)` (jax arrays are immutable). __init__ is verbatim minus base.Environment, the warning branch and the bsuite sweep constant; the random action mapping is still drawn with NumPy's RandomState and stored with jnp.asarray. dm_env is replaced by a three-line NamedTuple stand-in (termination / transition). `f` builds a deterministic size-5 env (seeds fixed), sets the traced row/column and jits one `_step`, returning the TimeStep, the new position and the bad-episode flag. `self._rng.rand()` is evaluated on the host at trace time (deterministic=True makes its value irrelevant).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class TimeStep(NamedTuple):  # stand-in for dm_env.TimeStep
  step_type: int
  reward: float
  discount: float
  observation: jnp.ndarray


class dm_env:  # stand-in for the dm_env helpers used below
  @staticmethod
  def termination(reward, observation):
    return TimeStep(2, reward, 0., observation)

  @staticmethod
  def transition(reward, observation, discount=1.):
    return TimeStep(1, reward, discount, observation)


class DeepSea:
  """Deep Sea environment to test for deep exploration."""

  def __init__(self,
               size: int,
               deterministic: bool = True,
               unscaled_move_cost: float = 0.01,
               randomize_actions: bool = True,
               seed: int = None,
               mapping_seed: int = None):
    self._size = size
    self._deterministic = deterministic
    self._unscaled_move_cost = unscaled_move_cost
    self._rng = np.random.RandomState(seed)

    if randomize_actions:
      self._mapping_rng = np.random.RandomState(mapping_seed)
      self._action_mapping = jnp.asarray(
          self._mapping_rng.binomial(1, 0.5, [size, size]))
    else:
      self._action_mapping = jnp.ones([size, size])

    if not self._deterministic:  # action 'right' only succeeds (1 - 1/N)
      optimal_no_cost = (1 - 1 / self._size) ** (self._size - 1)
    else:
      optimal_no_cost = 1.
    self._optimal_return = optimal_no_cost - self._unscaled_move_cost

    self._column = 0
    self._row = 0
    self._bad_episode = False
    self._total_bad_episodes = 0
    self._denoised_return = 0

  def _get_observation(self):
    obs = jnp.zeros(shape=(self._size, self._size), dtype=jnp.float32)
    if self._row >= self._size:  # End of episode null observation
      return obs
    obs = obs.at[self._row, self._column].set(1.)
    return obs

  def _step(self, action: int) -> TimeStep:
    reward = 0.
    action_right = action == self._action_mapping[self._row, self._column]

    # Reward calculation
    if self._column == self._size - 1 and action_right:
      reward += 1.
      self._denoised_return += 1.
    if not self._deterministic:  # Noisy rewards on the 'end' of chain.
      if self._row == self._size - 1 and self._column in [0, self._size - 1]:
        reward += self._rng.randn()

    # Transition dynamics
    if action_right:
      if self._rng.rand() > 1 / self._size or self._deterministic:
        self._column = jnp.clip(self._column + 1, 0, self._size - 1)
      reward -= self._unscaled_move_cost / self._size
    else:
      if self._row == self._column:  # You were on the right path and went wrong
        self._bad_episode = True
      self._column = jnp.clip(self._column - 1, 0, self._size - 1)
    self._row += 1

    observation = self._get_observation()
    if self._row == self._size:
      if self._bad_episode:
        self._total_bad_episodes += 1
      return dm_env.termination(reward=reward, observation=observation)
    return dm_env.transition(reward=reward, observation=observation)


@jax.jit
def f(row, column, action):
  env = DeepSea(size=5, deterministic=True, seed=0, mapping_seed=1)
  env._row = row
  env._column = column
  timestep = env._step(action)
  return timestep, env._row, env._column, env._bad_episode
# --- end user code ---


def make_inputs(rng):
  row = int(rng.integers(0, 5))
  if rng.random() < 0.3:
    column = row                        # on the optimal diagonal
  else:
    column = int(rng.integers(0, row + 1))
  if rng.random() < 0.25:               # bottom-right corner: the +1 reward
    row, column = 4, 4
  return (np.array(row, dtype=np.int32), np.array(column, dtype=np.int32),
          np.array(rng.integers(0, 2), dtype=np.int32))


INPUTS = make_inputs

_MAPPING = jnp.asarray(np.random.RandomState(1).binomial(1, 0.5, [5, 5]))


@jax.jit
def reference_fix(row, column, action):
  size = 5
  action_right = action == _MAPPING[row, column]
  reward = jnp.where((column == size - 1) & action_right, 1., 0.)
  reward = reward - jnp.where(action_right, 0.01 / size, 0.)
  bad = (~action_right) & (row == column)
  new_column = jnp.where(action_right, jnp.clip(column + 1, 0, size - 1),
                         jnp.clip(column - 1, 0, size - 1))
  new_row = row + 1
  obs = jnp.zeros((size, size), jnp.float32)
  obs = jnp.where(new_row >= size, obs, obs.at[new_row, new_column].set(1.))
  done = new_row == size
  timestep = TimeStep(jnp.where(done, 2, 1), reward, jnp.where(done, 0., 1.), obs)
  return timestep, new_row, new_column, bad
