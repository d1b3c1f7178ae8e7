"""Environment auto-reset written as a Python `if done:` on the traced done flag of a step.

source: RobertTLange/gymnax issue #86 ("LogWrapper reset breaks jit"), https://github.com/RobertTLange/gymnax/issues/86 -- the "Normally we can do this as follows" snippet
error: TracerBoolConversionError
category: if-else-pytree-state
expect: fix
notes: the `if done: ... else: ...` block is verbatim from the issue. To be self-contained, gymnax's Catch-bsuite env is replaced by a minimal jit-safe Catch (dict state, jnp.where rewards) written in the same style as gymnax; the step/reset calls keep the issue's argument order. Inputs put the ball on the second-to-last row half of the time so both branches run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

ROWS, COLS = 10, 5


def get_obs(state):
    obs = jnp.zeros((ROWS, COLS))
    obs = obs.at[state["ball_y"], state["ball_x"]].set(1.0)
    obs = obs.at[ROWS - 1, state["paddle_x"]].set(1.0)
    return obs


def reset(key, params):
    ball_x = jax.random.randint(key, (), 0, COLS)
    state = {"ball_x": ball_x, "ball_y": jnp.int32(0),
             "paddle_x": jnp.int32(COLS // 2), "time": jnp.int32(0)}
    return get_obs(state), state


def step(key, state, action, params):
    paddle_x = jnp.clip(state["paddle_x"] + action - 1, 0, COLS - 1)
    ball_y = state["ball_y"] + 1
    done = ball_y == ROWS - 1
    caught = state["ball_x"] == paddle_x
    reward = done * jnp.where(caught, 1.0, -1.0)
    state = {"ball_x": state["ball_x"], "ball_y": ball_y,
             "paddle_x": paddle_x, "time": state["time"] + 1}
    return get_obs(state), state, reward, done, {}


@jax.jit
def f(rng, env_state, action):
    env_params = None
    rng_step, rng_reset = jax.random.split(rng)
    next_obs, next_env_state, reward, done, _ = step(rng_step, env_state, action, env_params)
    if done:
      obs, env_state = reset(rng_reset, env_params)
    else:
      obs, env_state = next_obs, next_env_state
    return obs, env_state, reward, done
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    ball_y = ROWS - 2 if rng.random() < 0.5 else int(rng.integers(0, ROWS - 2))
    state = {"ball_x": np.int32(rng.integers(0, COLS)), "ball_y": np.int32(ball_y),
             "paddle_x": np.int32(rng.integers(0, COLS)), "time": np.int32(rng.integers(0, 50))}
    action = np.int32(rng.integers(0, 3))
    return (key, state, action)


INPUTS = make_inputs


@jax.jit
def reference_fix(rng, env_state, action):
    rng_step, rng_reset = jax.random.split(rng)
    next_obs, next_env_state, reward, done, _ = step(rng_step, env_state, action, None)
    obs, env_state = lax.cond(done,
                              lambda: reset(rng_reset, None),
                              lambda: (next_obs, next_env_state))
    return obs, env_state, reward, done
