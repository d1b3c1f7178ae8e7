"""UCB2 bandit whose methods read config from a static `self` and branch with lax.cond: nothing leaks.

source: StoneT2000/jax-bandits jaxbandits/algos/ucb2.py at 023df245c81488ca9a7e3a94ccdb65652f0ae4de (UCB2State, UCB2._tau/_bonus/reset/update_step), jaxbandits/algos/base.py at 023df245c81488ca9a7e3a94ccdb65652f0ae4de (BanditAlgo) jaxbandits/env.py at 8e6c54a883ac574df6f31cdb45ae817ca0fd6431 (BernoulliBanditsState, BernoulliBandits) and experiment.py at 023df245c81488ca9a7e3a94ccdb65652f0ae4de (experiment and its __main__ block)
error: none
category: negative-static-self-config
expect: untouched
notes: the classes are verbatim except that flax is not installed, so `flax.struct.dataclass` is
  replaced by a small `struct_dataclass` decorator (dataclass registered as a pytree, with
  `.replace`), and the removed `jax.random.KeyArray` annotation is spelled `jax.Array`. `experiment`
  is verbatim; `f` is its `__main__` block (env state from given arm probabilities, `algo.reset()`,
  `experiment(..., env.step, algo.update_step, steps=N)`) as one jitted call. It only looks leaky:
  `static_argnames=["self"]` makes `self.alpha` / `self.arms` Python values, `jnp.ceil(...).astype(int)`
  stays an array, the `== 0` test goes through `jax.lax.cond`, and the state's `int` fields are
  ordinary traced leaves. A fixer must not change a byte.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
from abc import ABC, abstractmethod
from functools import partial
from typing import Any, Callable, Tuple, TypeVar

import jax
import jax.numpy as jnp


def struct_dataclass(cls):
    """Stand-in for flax.struct.dataclass: a frozen dataclass that is a pytree."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    cls.replace = lambda self, **changes: dataclasses.replace(self, **changes)
    names = [fld.name for fld in dataclasses.fields(cls)]
    return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


# ---- jaxbandits/env.py ----
EnvObs = TypeVar("EnvObs")
EnvState = TypeVar("EnvState")
EnvAction = TypeVar("EnvAction")
BanditEnvStep = Callable[[jax.Array, EnvState, EnvAction], Tuple[EnvState, int]]
class BanditEnv(ABC):
    def __init__(self) -> None:
        pass
    @abstractmethod 
    def step(self, action):
        pass
    @abstractmethod
    def reset(self, key):
        pass 

@struct_dataclass
class BernoulliBanditsState:
    arm_probs: jnp.ndarray = None

class BernoulliBandits(BanditEnv):
    def __init__(self, arms: int) -> None:
        self.arms = arms

    @partial(jax.jit, static_argnames=["self"])
    def step(self, key: jax.Array, state: BernoulliBanditsState, action: int):
        p = jax.random.uniform(key=key)
        return state, jnp.where(p < state.arm_probs[action], 1, 0)

    @partial(jax.jit, static_argnames=["self"])
    def reset(self, key: jax.Array = None) -> EnvState:
        arm_probs = jax.random.uniform(key, (self.arms, ))
        return BernoulliBanditsState(arm_probs=arm_probs)


# ---- jaxbandits/algos/base.py ----
AlgoState = TypeVar("AlgoState")

class BanditAlgo(ABC):
    def __init__(self, arms) -> None:
        self.arms = arms
    @abstractmethod
    def sample(self, key, state: AlgoState) -> int:
        """
        sample action
        """
        pass
    @abstractmethod
    def update_step(self, key, state: AlgoState, bandit_state, bandit_step_fn: BanditEnvStep) -> Tuple[AlgoState, EnvState, int, int]:
        """
        returns updated algo state, updated env state, selected action, and reward
        """
        pass
    @abstractmethod
    def reset(self) -> AlgoState:
        pass


# ---- jaxbandits/algos/ucb2.py ----
@struct_dataclass
class UCB2State:
    step: int = 0
    counts: jnp.ndarray = None
    values: jnp.ndarray = None
    r: jnp.ndarray = None

    current_arm: int = 0
    current_arm_samples_left: int = 0

class UCB2(BanditAlgo):
    def __init__(self, arms, alpha = 0.5) -> None:
        super().__init__(arms)
        self.alpha = alpha
        self.step = 0

    @partial(jax.jit, static_argnames=["self"])
    def _tau(self, r: int):
        return jnp.ceil(jnp.power(1 + self.alpha, r)).astype(int)
    @partial(jax.jit, static_argnames=["self"])
    def _bonus(self, state: UCB2State) -> jnp.ndarray:
        rj = state.r
        a_n_rj = jnp.sqrt( 
            (1 + self.alpha) * jnp.log(
                jnp.e * state.step / self._tau(rj)
            ) / ( 2 * self._tau(rj))
        )
        return a_n_rj
    @partial(jax.jit, static_argnames=["self"])
    def sample(self, key, state: UCB2State) -> int:
        pass
    @partial(jax.jit, static_argnames=["self"])
    def reset(self) -> UCB2State:
        return UCB2State(
            step=0,
            counts=jnp.zeros((self.arms, ), dtype=int),
            values=jnp.zeros((self.arms, )),
            r=jnp.zeros((self.arms, ), dtype=int),
            current_arm=0,
            current_arm_samples_left=0
        )
    @partial(jax.jit, static_argnames=["self", "bandit_step_fn"])
    def update_step(self, key, state: UCB2State, bandit_state, bandit_step_fn: BanditEnvStep):
        key, sample_key, bandit_key = jax.random.split(key, 3)

        def sample_new_arm(state):
            bonus = self._bonus(state)
            a = jnp.argmax(state.values + bonus)
            return state.replace(
                current_arm=a,
                current_arm_samples_left=self._tau(state.r[a] + 1) - self._tau(state.r[a]),
                r=state.r.at[a].add(1)
            )
        state = jax.lax.cond(state.current_arm_samples_left == 0, sample_new_arm, lambda x : x, state)
        a = state.current_arm

        new_bandit_state, r = bandit_step_fn(bandit_key, bandit_state, a)

        n = state.counts[a]
        new_state = state.replace(
            step=state.step + 1,
            counts=state.counts.at[a].add(1),
            current_arm_samples_left=state.current_arm_samples_left - 1,
            values=state.values.at[a].set(
                (r + n * state.values[a]) / (n + 1)
            )
        )
        return new_state, new_bandit_state, a, r


# ---- experiment.py ----
@partial(jax.jit, static_argnames=["env_step", "update_step", "steps"])
def experiment(
    key: jax.Array,
    env_state,
    algo_state,
    env_step,
    update_step,
    steps = 5000,
):

    def body_fn(data, _):
        algo_state, env_state, key = data
        key, step_key = jax.random.split(key)
        algo_state, env_state, action, reward = update_step(step_key, algo_state, env_state, env_step)
        
        regret = jnp.max(env_state.arm_probs) - env_state.arm_probs[action]
        
        return (algo_state, env_state, key), dict(action=action, reward=reward, regret=regret)
    key, loop_key = jax.random.split(key, 2)
    _, agg = jax.lax.scan(body_fn, init = (algo_state, env_state, loop_key), xs=jnp.arange(0, steps))
    return agg


# ---- the __main__ block of experiment.py, as one compiled call ----
ARMS = 5
env = BernoulliBandits(arms=ARMS)
algo = UCB2(env.arms)


@partial(jax.jit, static_argnums=(2,))
def f(key, arm_probs, steps):
    env_state = BernoulliBanditsState(arm_probs=arm_probs)
    algo_state = algo.reset()
    return experiment(key, env_state, algo_state, env.step, algo.update_step, steps=steps)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    arm_probs = rng.uniform(size=5).astype(np.float32)
    steps = int(rng.integers(20, 41))
    return (key, arm_probs, steps)


INPUTS = make_inputs
