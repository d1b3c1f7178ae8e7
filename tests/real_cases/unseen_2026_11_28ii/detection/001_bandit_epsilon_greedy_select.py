"""A bandit policy object whose `select` method tests a traced random draw with a Python `if`.

source: JAX multi-armed-bandit action-selection module in the public code index (code-index file id 41689370605, class `EpsilonGreedyActionSelection` with `select(self, random_key, est_action_values, selection_count)`; an earlier revision is id 41682083774), with the helper `_argmax_break_ties` from its sibling `utils` module (code-index file id 41996525212). The index does not name the repository.
error: TracerBoolConversionError
category: method-traced-if+helper-dynamic-where
expect: fix
notes: `EpsilonGreedyActionSelection` and `_argmax_break_ties` are verbatim. `from .base import ActionSelection` is replaced by a two-line stand-in base class (the method is overridden, nothing of the base is used) and `from .utils import _argmax_break_ties` by the helper's text. The entry point `f = jax.jit(...)` around one policy instance's `select` is added; epsilon is the Python float stored on the object (static). The leak is twofold: `if jrnd.uniform(...) < self.epsilon` converts a tracer to bool, and the greedy helper builds the tie set with one-argument `jnp.where` (data-dependent size). Inputs mix continuous values (no ties) and small integers (ties) so the random tie break is exercised.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import Array
from jax import numpy as jnp
from jax import random as jrnd


class ActionSelection:
    def select(self, random_key: Array, est_action_values: Array, selection_count: Array) -> Array:
        raise NotImplementedError


def _argmax_break_ties(random_key: Array, array: Array) -> Array:
    """Takes the argmax of an array, breaking ties randomly.

    Args:
        random_key (Array): random key for reproducibility
        array (Array): array to take the argmax of.

    Returns:
        Array: index of the maximum value in the array,
            or one of the indices in the case of ties.
    """
    val_max = jnp.max(array)
    ties = jnp.where(array == val_max)[0]
    return jrnd.choice(random_key, ties)


class EpsilonGreedyActionSelection(ActionSelection):
    def __repr__(self) -> str:
        return f"{self.__class__.__name__}(epsilon={self.epsilon})"

    def __init__(self, epsilon: float):
        if not 0 <= epsilon <= 1:
            raise ValueError("Epsilon must be between 0 and 1.")

        self.epsilon = epsilon

    def select(
        self, random_key: Array, est_action_values: Array, selection_count: Array
    ) -> Array:
        # sample from a uniform distribution
        if jrnd.uniform(random_key, (1,)) < self.epsilon:
            indices = jnp.arange(est_action_values.shape[0])
            return jrnd.choice(random_key, indices)

        return _argmax_break_ties(random_key, est_action_values)


policy = EpsilonGreedyActionSelection(epsilon=0.3)


@jax.jit
def f(random_key, est_action_values, selection_count):
    return policy.select(random_key, est_action_values, selection_count)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    n_arms = 6
    if rng.random() < 0.5:
        values = rng.normal(size=(n_arms,)).astype(np.float32)          # no ties
    else:
        values = rng.integers(0, 3, size=(n_arms,)).astype(np.float32)  # ties at the max
    counts = rng.integers(0, 10, size=(n_arms,)).astype(np.int32)
    return (key, values, counts)


INPUTS = make_inputs


@jax.jit
def reference_fix(random_key, est_action_values, selection_count):
    n = est_action_values.shape[0]
    explore = jrnd.uniform(random_key, (1,))[0] < policy.epsilon
    random_action = jrnd.choice(random_key, jnp.arange(n))
    val_max = jnp.max(est_action_values)
    is_tie = est_action_values == val_max
    ties = jnp.nonzero(is_tie, size=n, fill_value=0)[0]
    pick = jrnd.randint(random_key, (), 0, jnp.sum(is_tie))
    greedy_action = ties[pick]
    return jnp.where(explore, random_action, greedy_action)
