"""Tic-tac-toe policy loss: a jitted Python `sum` over `zip(X, Y)` of per-board losses divided by `len(X)` - fine, the lists are pytrees of static length.

source: public JAX tic-tac-toe policy-learning script in the code index (file id 16754923443; the index does not name its repository): `logistic`, `policy_model`, `loss`, `average_loss` (all `@jit` in the script).
error: none
category: negative-static-list-loop
expect: untouched
notes: the four functions verbatim with their `@jit` decorators; `f = average_loss`. The script calls it from `bulk_update_weights` with lists of 9-cell boards and Python float targets; here the targets are float32 scalars. Look-alike: a Python loop and `len(...)` inside jit, but over a list argument whose length is part of the pytree structure, with no traced condition.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from jax import jit, random, grad
import jax
import jax.numpy as jnp


@jit
def policy_model(board : jax.Array, policy_weights : jax.Array):
    return logistic(jnp.dot(board, policy_weights))

@jit
def logistic(x): # A logistic function mapping to [0, 1]
    return 1 / (1 + jnp.exp(-x))

@jit
def loss(board, is_win, policy_weights):
    # Win rate is the output of the policy model
    
    diff = is_win - policy_model(board, policy_weights)
    return diff * diff

@jit
def average_loss(weights, X, Y):
    return sum([loss(x, y, weights) for x, y in zip(X, Y)]) / len(X)


f = average_loss
# --- end user code ---

import numpy as np


def make_inputs(rng):
    weights = rng.normal(size=9).astype(np.float32)
    X = [rng.choice([1, -1, 0], size=9).astype(np.float32) for _ in range(5)]
    Y = [np.float32(rng.choice([0.0, 0.5, 1.0])) for _ in range(5)]
    return (weights, X, Y)


INPUTS = make_inputs
