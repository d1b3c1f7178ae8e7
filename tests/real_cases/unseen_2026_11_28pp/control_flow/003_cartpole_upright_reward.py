"""CartPole shaped reward: `if jnp.abs(theta) < threshold: reward += 1.0` on a traced pole angle.

source: public JAX reward module for a CartPole environment in the code index (code-index file id
  33255194047, the whole 483-character file: `compute_reward(state)`); the index does not name the
  repository or commit.
error: TracerBoolConversionError
category: if-traced-augassign
expect: fix
notes: `compute_reward` verbatim. The module only reads `state.theta` and `state.theta_dot`, so a
  two-field NamedTuple stands in for the environment state, and `f` (added) evaluates the reward of one
  state under jit, as a jitted env step would.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp

def compute_reward(state) -> float:

    # Get the angle and angular velocity of the pole
    theta = state.theta
    theta_dot = state.theta_dot

    # Define the threshold for an upright pole
    theta_threshold_radians = 0.2

    # Calculate the reward based on the angle and angular velocity
    reward = -jnp.abs(theta)
    if jnp.abs(theta) < theta_threshold_radians:
        reward += 1.0  # Positive reward when the pole is upright

    return reward


class CartPoleState(NamedTuple):  # stand-in for the environment state
    theta: jax.Array
    theta_dot: jax.Array


@jax.jit
def f(theta, theta_dot):
    return compute_reward(CartPoleState(theta, theta_dot))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # angles on both sides of the 0.2 rad threshold, sometimes exactly on it
    theta = rng.choice([rng.uniform(-0.5, 0.5), rng.uniform(-0.2, 0.2), 0.2, -0.2])
    return (np.float32(theta), np.float32(rng.normal()))


INPUTS = make_inputs


@jax.jit
def reference_fix(theta, theta_dot):
    reward = -jnp.abs(theta)
    return jnp.where(jnp.abs(theta) < 0.2, reward + 1.0, reward)
