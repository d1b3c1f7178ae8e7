"""Reward shaping for a JAX catch/paddle game: Python `if ... and ...` on traced ball and paddle positions.

source: public JAX reward module for a paddle-and-ball (Catch-style) environment, `compute_reward(state)`, file text in the public code index as id 33640867513 (the whole 455-character file); repository not resolved
error: TracerBoolConversionError
category: if-and-on-traced-state
expect: fix
notes: compute_reward is verbatim (its unused `import numpy as np` kept). The environment's state class is not in the file, so a NamedTuple stand-in `GameState` with the four fields the function reads is added, and `f = jax.jit(compute_reward)` is the entry point (reward functions of JAX envs are traced inside the jitted step). make_inputs puts the ball right above the paddle in about a third of the trials so the bonus branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp


class GameState(NamedTuple):  # stand-in for the environment's state
    ball_x: jnp.ndarray
    ball_y: jnp.ndarray
    paddle_x: jnp.ndarray
    paddle_y: jnp.ndarray


def compute_reward(state) -> float:
    # Calculate the distance between paddle and ball on X-axis
    x_distance = jnp.abs(state.ball_x - state.paddle_x)
    
    # Add a penalty for being away from the ball
    reward = -0.1 * x_distance
  
    # Add a positive reward if ball is directly above the paddle
    if state.ball_y == state.paddle_y + 1 and x_distance == 0:
        reward += 2.0

    return reward


f = jax.jit(compute_reward)
# --- end user code ---


def make_inputs(rng):
    paddle_x = int(rng.integers(0, 10))
    paddle_y = 9
    r = rng.random()
    if r < 0.35:        # ball right above the paddle
        ball_x, ball_y = paddle_x, paddle_y + 1
    elif r < 0.55:      # right row, wrong column
        ball_x, ball_y = int(rng.integers(0, 10)), paddle_y + 1
    else:
        ball_x, ball_y = int(rng.integers(0, 10)), int(rng.integers(0, 9))
    state = GameState(np.int32(ball_x), np.int32(ball_y), np.int32(paddle_x), np.int32(paddle_y))
    return (state,)


INPUTS = make_inputs


@jax.jit
def reference_fix(state):
    x_distance = jnp.abs(state.ball_x - state.paddle_x)
    reward = -0.1 * x_distance
    hit = (state.ball_y == state.paddle_y + 1) & (x_distance == 0)
    return jnp.where(hit, reward + 2.0, reward)
