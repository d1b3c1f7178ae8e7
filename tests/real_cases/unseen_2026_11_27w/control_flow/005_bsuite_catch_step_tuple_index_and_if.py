"""bsuite Catch `_step` ported to jax.numpy: a Python tuple indexed by the traced action, then an `if` on the traced ball row with a nested conditional expression and an early `return`.

source: google-deepmind/bsuite bsuite/environments/catch.py at 19630a2a9ed18b83f729543e577146a9bc5aa895 (Catch._get_observation, _step, _observation; code-index file id 62864249340). gymnax's bsuite Catch (gymnax/environments/bsuite/catch.py) is the jit-safe rewrite of the same rules.
error: TracerIntegerConversionError
category: if-return-on-state
expect: fix
notes: _step is verbatim; array code uses jax.numpy (`np.clip` -> `jnp.clip`). _get_observation's in-place writes (`fill`, two `board[...] = 1.`, `copy`) became a fresh `jnp.zeros(...).at[...].set(1.)` chain (jax arrays are immutable); _observation keeps its deprecation warning. base.Environment/dm_env are replaced by a small stand-in (reset() -> _reset(), termination / transition NamedTuple helpers); __init__ is verbatim minus the bsuite sweep constant. `f` builds a 10x5 board, sets the traced ball and paddle positions and jits one `_step`, returning the TimeStep and the paddle/ball positions. The first failure is `_ACTIONS[action]` (a tuple indexed by a tracer), then `if self._ball_y == self._paddle_y:` and `1. if self._paddle_x == self._ball_x else -1.`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import warnings
from typing import NamedTuple, Optional

import jax
import jax.numpy as jnp
import numpy as np

_ACTIONS = (-1, 0, 1)  # Left, no-op, right.


class TimeStep(NamedTuple):  # stand-in for dm_env.TimeStep
  step_type: int
  reward: float
  discount: float
  observation: jnp.ndarray


class dm_env:  # stand-in for the dm_env helpers used below
  @staticmethod
  def restart(observation):
    return TimeStep(0, 0., 1., observation)

  @staticmethod
  def termination(reward, observation):
    return TimeStep(2, reward, 0., observation)

  @staticmethod
  def transition(reward, observation, discount=1.):
    return TimeStep(1, reward, discount, observation)


class Environment:  # stand-in for bsuite.environments.base.Environment
  def reset(self):
    return self._reset()


class Catch(Environment):
  """A Catch environment built on the dm_env.Environment class."""

  def __init__(self,
               rows: int = 10,
               columns: int = 5,
               seed: Optional[int] = None):
    self._rows = rows
    self._columns = columns
    self._rng = np.random.RandomState(seed)
    self._board = jnp.zeros((rows, columns), dtype=jnp.float32)
    self._ball_x = None
    self._ball_y = None
    self._paddle_x = None
    self._paddle_y = None
    self._reset_next_step = True
    self._total_regret = 0.

  def _get_observation(self):
    board = jnp.zeros((self._rows, self._columns), dtype=jnp.float32)
    board = board.at[self._ball_y, self._ball_x].set(1.)
    board = board.at[self._paddle_y, self._paddle_x].set(1.)

    return board

  def _reset(self) -> TimeStep:
    """Returns the first `TimeStep` of a new episode."""
    self._reset_next_step = False
    self._ball_x = self._rng.randint(self._columns)
    self._ball_y = 0
    self._paddle_x = self._columns // 2
    self._paddle_y = self._rows - 1

    return dm_env.restart(self._observation())

  def _step(self, action: int) -> TimeStep:
    """Updates the environment according to the action."""
    if self._reset_next_step:
      return self.reset()

    # Move the paddle.
    dx = _ACTIONS[action]
    self._paddle_x = jnp.clip(self._paddle_x + dx, 0, self._columns - 1)

    # Drop the ball.
    self._ball_y += 1

    # Check for termination.
    if self._ball_y == self._paddle_y:
      reward = 1. if self._paddle_x == self._ball_x else -1.
      self._reset_next_step = True
      self._total_regret += (1. - reward)
      return dm_env.termination(reward=reward, observation=self._observation())

    return dm_env.transition(reward=0., observation=self._observation())

  def _observation(self) -> jnp.ndarray:
    warnings.warn(
        "Deprecated method `_observation`, use `_get_observation` instead."
    )
    return self._get_observation()


@jax.jit
def f(ball_x, ball_y, paddle_x, action):
  env = Catch(rows=10, columns=5, seed=0)
  env._reset_next_step = False
  env._ball_x = ball_x
  env._ball_y = ball_y
  env._paddle_x = paddle_x
  env._paddle_y = 9
  timestep = env._step(action)
  return timestep, env._paddle_x, env._ball_y
# --- end user code ---


def make_inputs(rng):
  ball_x = rng.integers(0, 5)
  ball_y = 8 if rng.random() < 0.5 else rng.integers(0, 8)   # 8: the ball lands this step
  paddle_x = ball_x + rng.integers(-1, 2) if rng.random() < 0.6 else rng.integers(0, 5)
  paddle_x = int(np.clip(paddle_x, 0, 4))
  i32 = lambda v: np.array(v, dtype=np.int32)
  return (i32(ball_x), i32(ball_y), i32(paddle_x), i32(rng.integers(0, 3)))


INPUTS = make_inputs


@jax.jit
def reference_fix(ball_x, ball_y, paddle_x, action):
  dx = jnp.array(_ACTIONS)[action]
  paddle_x = jnp.clip(paddle_x + dx, 0, 4)
  ball_y = ball_y + 1
  board = jnp.zeros((10, 5), jnp.float32)
  board = board.at[ball_y, ball_x].set(1.).at[9, paddle_x].set(1.)
  done = ball_y == 9
  reward = jnp.where(done, jnp.where(paddle_x == ball_x, 1., -1.), 0.)
  timestep = TimeStep(jnp.where(done, 2, 1), reward, jnp.where(done, 0., 1.), board)
  return timestep, paddle_x, ball_y
