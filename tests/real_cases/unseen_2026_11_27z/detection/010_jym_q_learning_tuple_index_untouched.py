"""jym's tabular Q-learning update: `tuple()` of a traced state used as an index; jit-safe.

source: RPegoud/jym src/tabular/agents/q_learning.py at 7c951c1a6e0f6b3e88bd0a4e42d7c0cf488806f2 (Q_learning.update) and src/tabular/agents/base_agent.py at the same commit (BaseAgent)
error: none
category: negative
expect: untouched
notes: Q_learning.update verbatim (the vmapped batch_update left out). BaseAgent is the repository's, with `self.prng = hk.PRNGSequence(key)` replaced by `self.prng = key` so haiku is not needed (the attribute is unused here). `tuple(jnp.append(state, action))` iterates a traced array of static length 3, which is fine under jit: the tuple holds traced scalars, and both `q_values[...]` and `.at[...].set` accept them. `self` is static (static_argnums=(0,)). Entry point `f = agent.update` on a 6x6 grid with 4 actions.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from abc import ABC, abstractmethod
from functools import partial

import jax.numpy as jnp
from jax import jit


class BaseAgent(ABC):
    def __init__(
        self,
        key,
        n_states,
        n_actions,
        discount,
    ) -> None:
        self.prng = key
        self.n_states = n_states
        self.n_actions = n_actions
        self.discount = discount

    @abstractmethod
    def update(self):
        pass


class Q_learning(BaseAgent):
    def __init__(self, key, n_states, n_actions, discount, learning_rate) -> None:
        super(Q_learning, self).__init__(
            key,
            n_states,
            n_actions,
            discount,
        )

        self.learning_rate = learning_rate

    @partial(jit, static_argnums=(0,))
    def update(self, state, action, reward, done, next_state, q_values):
        target = q_values[tuple(jnp.append(state, action))]
        target += self.learning_rate * (
            reward + self.discount * jnp.max(q_values[tuple(next_state)]) - target
        )
        return q_values.at[tuple(jnp.append(state, action))].set(target)


agent = Q_learning(0, (6, 6), 4, 0.9, 0.1)
f = agent.update
# --- end user code ---

import numpy as np


def make_inputs(rng):
    state = rng.integers(0, 6, size=(2,)).astype(np.int32)
    action = np.int32(rng.integers(0, 4))
    reward = np.float32(rng.normal())
    done = np.bool_(rng.integers(0, 2))
    next_state = rng.integers(0, 6, size=(2,)).astype(np.int32)
    q_values = rng.normal(size=(6, 6, 4)).astype(np.float32)
    return (state, action, reward, done, next_state, q_values)


INPUTS = make_inputs
