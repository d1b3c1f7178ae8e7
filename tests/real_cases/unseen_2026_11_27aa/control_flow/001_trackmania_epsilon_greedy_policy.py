"""Trackmania DQN agent: epsilon-greedy `policy_fn` branches in Python on a traced random draw.

source: public JAX DQN script for Trackmania (tmrl) in the code index (file id 25288262966; the index does not
    name its repository): `forward_mlp_actor`, `convert_action`, `policy_fn`
error: TracerBoolConversionError
category: if-on-traced-random-draw / early-return
expect: fix
notes: `policy_fn`, `forward_mlp_actor` and `convert_action` verbatim. Dropped the training-loop script around
    them (tmrl environment, replay buffer, optax, pickle) and `initialize_mlp_params` (its output is built in
    make_inputs instead, with smaller hidden layers 32/32/16; input 83 and the 11 actions as in the script).
    Added `f = jax.jit(policy_fn)` as the entry point: the script calls policy_fn once per environment step,
    the obvious thing to jit. `rng` is a raw uint32[2] key and `epsilon` a traced scalar.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from jax import random, nn
import jax
import jax.numpy as jnp


def forward_mlp_actor(params, x):
    """
    Forward pass for actor network. Produces mean and log_std for 3 action dimensions:
    - Forward: [0, 1]
    - Backward: [0, 1]
    - Steer: [-1, 1]
    """
    activations = x
    for w, b in params[:-1]:
        activations = nn.relu(jnp.dot(activations, w) + b)  # Hidden layers

    final_w, final_b = params[-1]
    output = jnp.dot(activations, final_w) + final_b

    return output


def convert_action(action):
    """
    Converts a Q-value array into a one-hot encoded action.

    Parameters:
        action (jnp.ndarray): Array of Q-values (1D).

    Returns:
        jnp.ndarray: One-hot encoded action (same shape as input).
    """
    # Find the index of the maximum Q-value
    index = jnp.argmax(action)

    # Create a one-hot encoded array
    one_hot_action = jnp.zeros_like(action).at[index].set(1)

    return one_hot_action


# Policy with epsilon-greedy for continuous actions
def policy_fn(params, rng, obs, epsilon=0.1):
    rng, key = random.split(rng)
    if random.uniform(key) < epsilon:

        # Random action
        action = jnp.eye(11)[random.randint(rng, (), 0, 11)]
        return action
    else:
        action = forward_mlp_actor(params, obs)
        action = convert_action(action)
        return action


f = jax.jit(policy_fn)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    sizes = [83, 32, 32, 16, 11]
    params = []
    for m, n in zip(sizes[:-1], sizes[1:]):
        w = (rng.normal(size=(m, n)) * np.sqrt(2.0 / m)).astype(np.float32)
        b = (np.ones(n) * 0.1 + rng.normal(size=n) * 0.05).astype(np.float32)
        params.append((w, b))
    key = rng.integers(0, 2**32, size=2, dtype=np.uint32)
    obs = rng.normal(size=(83,)).astype(np.float32)
    # edge values: never explore, always explore, and values in between
    epsilon = np.float32(rng.choice([0.0, 1.0, 0.1, 0.5, rng.uniform()]))
    return (params, key, obs, epsilon)


INPUTS = make_inputs


@jax.jit
def reference_fix(params, rng, obs, epsilon=0.1):
    rng, key = random.split(rng)
    explore = random.uniform(key) < epsilon
    random_action = jnp.eye(11)[random.randint(rng, (), 0, 11)]
    greedy_action = convert_action(forward_mlp_actor(params, obs))
    return jnp.where(explore, random_action, greedy_action)
