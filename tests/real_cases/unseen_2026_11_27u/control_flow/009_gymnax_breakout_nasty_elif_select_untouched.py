"""gymnax MinAtar Breakout: the "NASTY ELIF" paddle/brick/wall logic written with lax.select and boolean arithmetic.

source: RobertTLange/gymnax gymnax/environments/minatar/breakout.py at 0e0f688807bc0a653c6f2b07e7154d2af15ea54e (EnvState, step_agent, step_ball_brick, MinBreakout.step_env, MinBreakout.is_terminal); the jax.numpy rewrite of kenjyoung/MinAtar minatar/environments/breakout.py, whose `if new_x < 0 or new_x > 9: ... elif brick_map[new_y, new_x] == 1: ... elif new_y == 9:` chain it replaces
error: none
category: control_flow
expect: untouched
notes: step_agent and step_ball_brick are verbatim. `from flax import struct` / `@struct.dataclass` is replaced by a `typing.NamedTuple` stand-in with a `replace` method, `chex.Array` annotations by `jnp.ndarray` (flax, chex and gymnax are not installed). The driver `_step_core` follows MinBreakout.step_env without the observation: map the action through the minimal action set, step_agent, step_ball_brick, bump `time`, and the is_terminal rule with max_steps_in_episode=1000; jitted as gymnax's Environment.step is. Every branch of the original elif chain is a lax.select or a product with a comparison; `reward = 0` then `reward += strike_bool * 1.0` starts from a Python int but only ever adds arrays.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax
from typing import NamedTuple, Tuple


class EnvState(NamedTuple):
    ball_y: int
    ball_x: int
    ball_dir: int
    pos: int
    brick_map: jnp.ndarray
    strike: bool
    last_y: int
    last_x: int
    time: int
    terminal: bool

    def replace(self, **kwargs):
        return self._replace(**kwargs)


def step_agent(state: EnvState, action: int) -> Tuple[EnvState, int, int]:
    """Helper that steps the agent and checks boundary conditions."""
    # Update player position
    pos = (
        # Action left & border condition
        jnp.maximum(0, state.pos - 1) * (action == 1)
        # Action right & border condition
        + jnp.minimum(9, state.pos + 1) * (action == 3)
        # Don't move player if not l/r chosen
        + state.pos * jnp.logical_and(action != 1, action != 3)
    )

    # Update ball position - based on direction of movement
    last_x = state.ball_x
    last_y = state.ball_y
    new_x = (
        (state.ball_x - 1) * (state.ball_dir == 0)
        + (state.ball_x + 1) * (state.ball_dir == 1)
        + (state.ball_x + 1) * (state.ball_dir == 2)
        + (state.ball_x - 1) * (state.ball_dir == 3)
    )
    new_y = (
        (state.ball_y - 1) * (state.ball_dir == 0)
        + (state.ball_y - 1) * (state.ball_dir == 1)
        + (state.ball_y + 1) * (state.ball_dir == 2)
        + (state.ball_y + 1) * (state.ball_dir == 3)
    )

    # Boundary conditions for x position
    border_cond_x = jnp.logical_or(new_x < 0, new_x > 9)
    new_x = jax.lax.select(
        border_cond_x, (0 * (new_x < 0) + 9 * (new_x > 9)), new_x
    )
    # Reflect ball direction if bounced off at x border
    ball_dir = jax.lax.select(
        border_cond_x, jnp.array([1, 0, 3, 2])[state.ball_dir], state.ball_dir
    )
    return (
        state.replace(
            pos=pos,
            last_x=last_x,
            last_y=last_y,
            ball_dir=ball_dir,
        ),
        new_x,
        new_y,
    )


def step_ball_brick(
    state: EnvState, new_x: int, new_y: int
) -> Tuple[EnvState, float]:
    """Helper that computes reward and termination cond. from brickmap."""
    reward = 0

    # Reflect ball direction if bounced off at y border
    border_cond1_y = new_y < 0
    new_y = lax.select(border_cond1_y, 0, new_y)
    ball_dir = lax.select(
        border_cond1_y, jnp.array([3, 2, 1, 0])[state.ball_dir], state.ball_dir
    )

    # 1st NASTY ELIF BEGINS HERE... = Brick collision
    strike_toggle = jnp.logical_and(
        1 - border_cond1_y, state.brick_map[new_y, new_x] == 1
    )
    strike_bool = jnp.logical_and((1 - state.strike), strike_toggle)
    reward += strike_bool * 1.0
    strike = jax.lax.select(strike_toggle, strike_bool, False)

    brick_map = jax.lax.select(
        strike_bool, state.brick_map.at[new_y, new_x].set(0), state.brick_map
    )
    new_y = jax.lax.select(strike_bool, state.last_y, new_y)
    ball_dir = jax.lax.select(
        strike_bool, jnp.array([3, 2, 1, 0])[ball_dir], ball_dir
    )

    # 2nd NASTY ELIF BEGINS HERE... = Wall collision
    brick_cond = jnp.logical_and(1 - strike_toggle, new_y == 9)

    # Spawn new bricks if there are no more around - everything is collected
    spawn_bricks = jnp.logical_and(
        brick_cond, jnp.count_nonzero(brick_map) == 0
    )
    brick_map = jax.lax.select(
        spawn_bricks, brick_map.at[1:4, :].set(1), brick_map
    )

    # Redirect ball because it collided with old player position
    redirect_ball1 = jnp.logical_and(brick_cond, state.ball_x == state.pos)
    ball_dir = jax.lax.select(
        redirect_ball1, jnp.array([3, 2, 1, 0])[ball_dir], ball_dir
    )
    new_y = jax.lax.select(redirect_ball1, state.last_y, new_y)

    # Redirect ball because it collided with new player position
    redirect_ball2a = jnp.logical_and(brick_cond, 1 - redirect_ball1)
    redirect_ball2 = jnp.logical_and(redirect_ball2a, new_x == state.pos)
    ball_dir = jax.lax.select(
        redirect_ball2, jnp.array([2, 3, 0, 1])[ball_dir], ball_dir
    )
    new_y = jax.lax.select(redirect_ball2, state.last_y, new_y)
    redirect_cond = jnp.logical_and(1 - redirect_ball1, 1 - redirect_ball2)
    terminal = jnp.logical_and(brick_cond, redirect_cond)

    strike = jax.lax.select(1 - strike_toggle == 1, False, True)
    return (
        state.replace(
            ball_dir=ball_dir,
            brick_map=brick_map,
            strike=strike,
            ball_x=new_x,
            ball_y=new_y,
            terminal=terminal,
        ),
        reward,
    )


# Minimal action set: ['n', 'l', 'r']
action_set = jnp.array([0, 1, 3])
max_steps_in_episode = 1000


def _step_core(state: EnvState, action: int):
    a = action_set[action]
    state, new_x, new_y = step_agent(state, a)
    state, reward = step_ball_brick(state, new_x, new_y)

    # Check game condition & no. steps for termination condition
    state = state.replace(time=state.time + 1)
    done_steps = state.time >= max_steps_in_episode
    done = jnp.logical_or(done_steps, state.terminal)
    state = state.replace(terminal=done)
    return state, reward, done


f = jax.jit(_step_core)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    brick_map = np.zeros((10, 10), dtype=np.float32)
    if rng.random() < 0.8:                                   # sometimes every brick is gone
        brick_map[1:4, :] = (rng.random((3, 10)) < 0.6)
    ball_y = int(rng.choice([1, 2, 4, 8, 8, 8]))              # 8 -> reaches the paddle row
    ball_x = int(rng.choice([0, 1, 4, 5, 8, 9]))
    ball_dir = int(rng.integers(0, 4))
    pos = int(rng.choice([ball_x, max(0, ball_x - 1), min(9, ball_x + 1), 4]))
    state = EnvState(
        np.int32(ball_y), np.int32(ball_x), np.int32(ball_dir), np.int32(pos),
        brick_map, np.bool_(rng.random() < 0.3), np.int32(ball_y), np.int32(ball_x),
        np.int32(rng.choice([0, 500, 999])), np.bool_(False),
    )
    return (state, np.int32(rng.integers(0, 3)))


INPUTS = make_inputs
