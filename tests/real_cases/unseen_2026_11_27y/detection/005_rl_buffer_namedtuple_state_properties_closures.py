"""An RL replay buffer built from NamedTuples: State properties, nested closures over the state, lax loops and jnp.where (look-alike, no leak).

source: code-index file id 18081393504 (a small JAX RL module `util.py`: Env, Buf with Buf.State, reduce_episodes, accumulate_rewards, get_episode_reward; its sibling `RestrictTime` wrapper does `from .util import Env`, code-index file id 18009745979); the index did not name the repository
error: none
category: negative
expect: untouched
notes: verbatim except that `Buf.State.get_avg_return` (a boolean-mask sum, `self.rewards[mask]`,
  which would leak under jit and is not reached here), `run_episode` and `fill_buffer` (they need a
  model and an environment) are left out, and the unused `functools` import goes with them. The entry
  point `f` is added: the buffer configuration `buf` (Python ints that size arrays and bound the
  fori_loop) is a module-level constant, while the buffer state arrives traced and is rebuilt as a
  `Buf.State`. It looks leaky -- NamedTuple state fields feed comparisons, `@property` methods read
  traced fields, closures (`f`, `body`) read `self`/`buf_state` from the enclosing scope, `len(...)`
  and `self.buf_size` appear next to traced values -- but every data-dependent choice goes through
  jnp.where, lax.scan or lax.fori_loop and every shape comes from static configuration.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax, jax.numpy as jnp, jax.random as jr
import typing, dataclasses

@dataclasses.dataclass(frozen=True)
class Env:
  class InternalState: ...

  class StepResult(typing.NamedTuple):
    state: typing.Any # InternalState
    reward: jax.Array # float
    done: jax.Array # bool

  # convert internal state to observable state
  def observe(self, internal_state: "Env.InternalState") -> typing.Any: ...

  def step(self, internal_state: "Env.InternalState", action) -> "Env.StepResult": ...

  def reset(self, key: jax.Array) -> "Env.InternalState": ...

class Buf(typing.NamedTuple):
  buf_size: int # size of buffer in steps
  max_episode_len: int
  obs_shape: tuple[int, ...] = () # shape of the observations

  class State(typing.NamedTuple):
    offset: jax.Array # int, current location in the buffer
    num_eps: jax.Array # int, number of episodes that is contained in this buffer
    ep_ends: jax.Array # end markers for episodes in the buffer (exclusive)
    observations: jax.Array
    actions: jax.Array
    rewards: jax.Array

    @property
    def ep_starts(self) -> jax.Array:
      starts = jnp.zeros_like(self.ep_ends)
      return starts.at[1:].set(self.ep_ends[:-1])
    
    @property
    def ep_lens(self) -> jax.Array:
      return self.ep_ends - self.ep_starts

    def get_reward_to_go(self):
      class ScanState(typing.NamedTuple):
        epidx: jax.Array # int
        offset: jax.Array # int
        accum: jax.Array # float

      def f(state: ScanState, r: jax.Array):
        pass_border = (state.offset + 1) == self.ep_ends[state.epidx]
        accum = jnp.where(pass_border, 0., state.accum)
        epidx = jnp.where(pass_border, state.epidx - 1, state.epidx)
        accum += r
        return ScanState(epidx=epidx, offset=state.offset - 1, accum=accum), accum

      state = ScanState(
        epidx=self.num_eps - 1, # start at last episode
        offset=jnp.asarray(len(self.rewards) - 1),
        accum=jnp.asarray(0.),
      )
      _, rtg = jax.lax.scan(f, state, self.rewards, reverse=True)
      return rtg

    def reset(self) -> "Buf.State":
      return Buf.State(
        offset=jnp.asarray(0),
        num_eps=jnp.asarray(0),
        ep_ends=self.ep_ends,
        observations=self.observations,
        actions=self.actions,
        rewards=self.rewards,
      )

  def can_append_episode(self, state: "State") -> jax.Array: # bool
    free = self.buf_size - state.offset
    return free >= self.max_episode_len

  def append(self, state: "State", obs, action, reward) -> "State":
    newoffset = state.offset + 1
    # NB: newoffset can be one past the last writable index since below only the penultimate
    # index will be written to
    in_bounds = newoffset <= len(state.observations)
    return Buf.State(
      offset=jnp.where(in_bounds, newoffset, state.offset),
      num_eps=state.num_eps,
      ep_ends=state.ep_ends,
      observations=jnp.where(in_bounds, state.observations.at[state.offset].set(obs), state.observations),
      actions=jnp.where(in_bounds, state.actions.at[state.offset].set(action), state.actions),
      rewards=jnp.where(in_bounds, state.rewards.at[state.offset].set(reward), state.rewards),
    )

  def end_episode(self, state: "State") -> "State":
    # Safety: calling can_append_episode before appending/ending an episode ensures that there is enough space
    return Buf.State(
      offset=state.offset,
      num_eps=state.num_eps + 1,
      ep_ends=state.ep_ends.at[state.num_eps].set(state.offset),
      observations=state.observations,
      actions=state.actions,
      rewards=state.rewards,
    )
  
  def empty(self) -> "State":
    return Buf.State(
      offset=jnp.zeros((), dtype=int),
      num_eps=jnp.zeros((), dtype=int),
      # NB: in this buffer setting, it would be possible that each episode only occupies one slot
      ep_ends=jnp.zeros(self.buf_size, dtype=int),
      observations=jnp.zeros((self.buf_size,) + self.obs_shape, dtype=int),
      actions=jnp.zeros(self.buf_size, dtype=int),
      rewards=jnp.zeros(self.buf_size),
    )

def reduce_episodes(fn, carry_init, buf: Buf, buf_state: Buf.State):
  """
  Args:
    fn: (buf_state, epidx, offset, carry) -> newcarry

  Note: fn can be called with episode indices and offsets that are invalid and out of the buffer's range.
  """
  class LoopState(typing.NamedTuple):
    carry: typing.Any
    epidx: jax.Array # int

  def body(offset: int, state: LoopState):
    not_done = offset < buf_state.offset # buf's current level is not reached yet
    next_offset_overflow = (offset + 1) >= buf_state.ep_ends[state.epidx] # increase eps idx preventive
    carry = jax.tree_util.tree_map(
      lambda a, b: jnp.where(not_done, a, b),
      fn(buf_state, state.epidx, offset, state.carry),
      state.carry
    )
    epidx = jnp.where(not_done & next_offset_overflow, state.epidx + 1, state.epidx)
    return LoopState(carry=carry, epidx=epidx)
  
  state = LoopState(carry_init, jnp.asarray(0))
  state = jax.lax.fori_loop(0, buf.buf_size, body, state)
  return state.carry

# compute sum of rewards for each episode
def accumulate_rewards(buf_state, ep_idx, offset, ep_rew):
  reward = buf_state.rewards[offset]
  return ep_rew.at[ep_idx].set(ep_rew[ep_idx] + reward)

def get_episode_reward(buf: Buf, buf_state: Buf.State):
  "Returns cumulative reward for each episode"
  return reduce_episodes(accumulate_rewards, jnp.zeros_like(buf_state.ep_ends, dtype=float), buf, buf_state)


buf = Buf(buf_size=8, max_episode_len=4)

@jax.jit
def f(offset, num_eps, ep_ends, actions, rewards):
  buf_state = Buf.State(
    offset=offset,
    num_eps=num_eps,
    ep_ends=ep_ends,
    observations=jnp.zeros(buf.buf_size, dtype=int),
    actions=actions,
    rewards=rewards,
  )
  return (get_episode_reward(buf, buf_state), buf_state.get_reward_to_go(),
          buf_state.ep_lens, buf.can_append_episode(buf_state))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    lens = rng.integers(1, 4, size=3)
    ends = np.cumsum(lens)
    ends = ends[ends <= 8]
    ep_ends = np.zeros((8,), dtype=np.int32)
    ep_ends[:len(ends)] = ends
    offset = np.asarray(ends[-1] if len(ends) else 0, dtype=np.int32)
    num_eps = np.asarray(len(ends), dtype=np.int32)
    actions = rng.integers(0, 3, size=(8,)).astype(np.int32)
    rewards = rng.normal(size=(8,)).astype(np.float32)
    return (offset, num_eps, ep_ends, actions, rewards)


INPUTS = make_inputs
