"""pgx's MinAtar Breakout step half-way through its JAX port: Python if/elif on the ball, paddle and bricks.

source: sotetsuk/pgx pgx/minatar/breakout.py, an early stored revision (code-index file id 14980793432) with `# @jax.jit` commented out above `step`; the ball-direction `if/elif` chain already rewritten as four jax.lax.cond calls (the Python original left in comments) while the wall, brick and paddle logic is still Python `if`/`elif`, `max`/`min` and list lookups `[1, 0, 3, 2][ball_dir]`. A fork of kenjyoung/MinAtar minatar/environments/breakout.py.
error: TracerBoolConversionError
category: env-step-if-elif-chain
expect: fix
notes: `step` verbatim, commented-out code kept, except one line: the revision's refill `brick_map = brick_map.at[1:4, :] = 1` is a chained assignment that raises AttributeError eagerly, written here as `brick_map = brick_map.at[1:4, :].set(1)` (what the later revision does). `from flax import struct` replaced by a small stand-in (frozen dataclass registered as a pytree; jnp-array defaults turned into default factories since Python 3.11 rejects them). Entry point `f = jax.jit(step)` (the commented-out decorator). State fields are traced arrays; the first leak is `if action == 1`; further leaks: `max(0, pos - 1)`, `if new_x < 0 or new_x > 9`, `[1, 0, 3, 2][ball_dir]` (TracerIntegerConversionError), `if not strike`, `if jnp.count_nonzero(brick_map) == 0`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""A fork of MinAtar environment distributed at https://github.com/kenjyoung/MinAtar

The authors of original MinAtar implementation are:
    * Kenny Young (kjyoung@ualberta.ca)
    * Tian Tian (ttian@ualberta.ca)
The original MinAtar implementation is distributed under GNU General Public License v3.0
    * https://github.com/kenjyoung/MinAtar/blob/master/License.txt
"""
import dataclasses
from typing import Tuple

import jax
from jax import numpy as jnp


class struct:  # stand-in for `from flax import struct`
    @staticmethod
    def dataclass(cls):
        for name in getattr(cls, "__annotations__", {}):
            default = cls.__dict__.get(name, dataclasses.MISSING)
            if isinstance(default, jax.Array):
                setattr(cls, name, dataclasses.field(default_factory=lambda d=default: d))
        cls = dataclasses.dataclass(frozen=True)(cls)
        return jax.tree_util.register_dataclass(cls)


#####################################################################################################################
# Env
#
# The player controls a paddle on the bottom of the screen and must bounce a ball tobreak 3 rows of bricks along the
# top of the screen. A reward of +1 is given for each brick broken by the ball.  When all bricks are cleared another 3
# rows are added. The ball travels only along diagonals, when it hits the paddle it is bounced either to the left or
# right depending on the side of the paddle hit, when it hits a wall or brick it is reflected. Termination occurs when
# the ball hits the bottom of the screen. The balls direction is indicated by a trail channel.
#
#####################################################################################################################
@struct.dataclass
class MinAtarBreakoutState:
    ball_y: int = 3
    ball_x: int = 0
    ball_dir: int = 2
    pos: int = 4
    brick_map: jnp.ndarray = jnp.zeros((10, 10))
    strike: bool = False
    last_x: int = 0
    last_y: int = 3
    terminal: bool = False
    last_action: int = 0


# TODO: sticky action prob
# @jax.jit
def step(
    state: MinAtarBreakoutState, action: int
) -> Tuple[MinAtarBreakoutState, int, bool]:

    r = 0
    # if state.terminal:
    #     return state, r, state.terminal

    ball_y = state.ball_y
    ball_x = state.ball_x
    ball_dir = state.ball_dir
    pos = state.pos
    brick_map = state.brick_map
    strike = state.strike
    last_x = state.last_x
    last_y = state.last_y
    terminal = state.terminal
    last_action = state.last_action

    # Resolve player action
    # d_pos = 0
    # d_pos = jax.lax.cond(pos == 1, lambda x: x - 1, lambda x: x, d_pos)
    # d_pos = jax.lax.cond(pos == 3, lambda x: x + 1, lambda x: x, d_pos)
    # pos += d_pos
    # pos = jax.lax.max(pos, 0)
    # pos = jax.lax.min(pos, 9)
    if action == 1:  # "l"
        pos = max(0, pos - 1)
    elif action == 3:  # "r"
        pos = min(9, pos + 1)

    # Update ball position
    last_x = ball_x
    last_y = ball_y
    dx, dy = 0, 0
    dx, dy = jax.lax.cond(
        ball_dir == 0, lambda x, y: (x - 1, y - 1), lambda x, y: (x, y), dx, dy
    )
    dx, dy = jax.lax.cond(
        ball_dir == 1, lambda x, y: (x + 1, y - 1), lambda x, y: (x, y), dx, dy
    )
    dx, dy = jax.lax.cond(
        ball_dir == 2, lambda x, y: (x + 1, y + 1), lambda x, y: (x, y), dx, dy
    )
    dx, dy = jax.lax.cond(
        ball_dir == 3, lambda x, y: (x - 1, y + 1), lambda x, y: (x, y), dx, dy
    )
    new_x = ball_x + dx
    new_y = ball_y + dy
    # if ball_dir == 0:
    #     new_x = ball_x - 1
    #     new_y = ball_y - 1
    # elif ball_dir == 1:
    #     new_x = ball_x + 1
    #     new_y = ball_y - 1
    # elif ball_dir == 2:
    #     new_x = ball_x + 1
    #     new_y = ball_y + 1
    # elif ball_dir == 3:
    #     new_x = ball_x - 1
    #     new_y = ball_y + 1

    strike_toggle = False
    if new_x < 0 or new_x > 9:
        if new_x < 0:
            new_x = 0
        if new_x > 9:
            new_x = 9
        ball_dir = [1, 0, 3, 2][ball_dir]
    if new_y < 0:
        new_y = 0
        ball_dir = [3, 2, 1, 0][ball_dir]
    elif brick_map[new_y, new_x] == 1:
        strike_toggle = True
        if not strike:
            r += 1
            strike = True
            brick_map = brick_map.at[new_y, new_x].set(0)
            # brick_map[new_y, new_x] = 0
            new_y = last_y
            ball_dir = [3, 2, 1, 0][ball_dir]
    elif new_y == 9:
        if jnp.count_nonzero(brick_map) == 0:
            # brick_map[1:4, :] = 1
            brick_map = brick_map.at[1:4, :].set(1)
        if ball_x == pos:
            ball_dir = [3, 2, 1, 0][ball_dir]
            new_y = last_y
        elif new_x == pos:
            ball_dir = [2, 3, 0, 1][ball_dir]
            new_y = last_y
        else:
            terminal = True

    if not strike_toggle:
        strike = False

    ball_x = new_x
    ball_y = new_y
    last_action = action

    next_state = MinAtarBreakoutState(
        ball_y,
        ball_x,
        ball_dir,
        pos,
        brick_map,
        strike,
        last_x,
        last_y,
        terminal,
        last_action,
    )

    return next_state, r, terminal


f = jax.jit(step)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    ball_dir = int(rng.integers(0, 4))
    ball_x = int(rng.integers(0, 10))
    # bias towards the top row (wall bounce), the brick rows and the paddle row
    ball_y = int(rng.choice([0, 0, 1, 2, 3, 4, 4, 8, 8, 8]))
    pos = int(rng.integers(0, 10))
    if rng.random() < 0.6:  # put the paddle near the ball so the paddle branches run
        pos = int(np.clip(ball_x + rng.integers(-2, 3), 0, 9))
    brick_map = np.zeros((10, 10), np.float32)
    if rng.random() < 0.75:  # otherwise all bricks are cleared: the refill branch
        brick_map[1:4, :] = (rng.random((3, 10)) < 0.6).astype(np.float32)
    state = MinAtarBreakoutState(
        np.int32(ball_y),
        np.int32(ball_x),
        np.int32(ball_dir),
        np.int32(pos),
        brick_map,
        np.bool_(rng.random() < 0.5),
        np.int32(rng.integers(0, 10)),
        np.int32(rng.integers(0, 10)),
        np.bool_(False),
        np.int32(rng.integers(0, 5)),
    )
    action = np.int32(rng.choice([0, 1, 2, 3, 4, 1, 3]))
    return (state, action)


INPUTS = make_inputs

_FLIP_X = jnp.array([1, 0, 3, 2])
_FLIP_Y = jnp.array([3, 2, 1, 0])
_FLIP_P = jnp.array([2, 3, 0, 1])
_DX = jnp.array([-1, 1, 1, -1])
_DY = jnp.array([-1, -1, 1, 1])


@jax.jit
def reference_fix(state, action):
    ball_y, ball_x, ball_dir = state.ball_y, state.ball_x, state.ball_dir
    pos, brick_map, strike = state.pos, state.brick_map, state.strike
    terminal = state.terminal

    pos = jnp.where(action == 1, jnp.maximum(0, pos - 1),
                    jnp.where(action == 3, jnp.minimum(9, pos + 1), pos))
    last_x, last_y = ball_x, ball_y
    new_x = ball_x + _DX[ball_dir]
    new_y = ball_y + _DY[ball_dir]

    hit_side = (new_x < 0) | (new_x > 9)
    new_x = jnp.clip(new_x, 0, 9)
    ball_dir = jnp.where(hit_side, _FLIP_X[ball_dir], ball_dir)

    top = new_y < 0
    brick = ~top & (brick_map[jnp.clip(new_y, 0, 9), new_x] == 1)
    bottom = ~top & ~brick & (new_y == 9)
    hit = brick & ~strike

    r = hit.astype(jnp.int32)
    ball_dir = jnp.where(top | hit, _FLIP_Y[ball_dir], ball_dir)
    brick_map = jnp.where(hit, brick_map.at[jnp.clip(new_y, 0, 9), new_x].set(0), brick_map)
    brick_map = jnp.where(bottom & (jnp.count_nonzero(brick_map) == 0),
                          brick_map.at[1:4, :].set(1), brick_map)
    paddle_same = bottom & (ball_x == pos)
    paddle_side = bottom & ~paddle_same & (new_x == pos)
    ball_dir = jnp.where(paddle_same, _FLIP_Y[ball_dir], ball_dir)
    ball_dir = jnp.where(paddle_side, _FLIP_P[ball_dir], ball_dir)
    terminal = jnp.where(bottom & ~paddle_same & ~paddle_side, True, terminal)
    new_y = jnp.where(top, 0, jnp.where(hit | paddle_same | paddle_side, last_y, new_y))
    strike = jnp.where(brick, strike | hit, False)

    next_state = MinAtarBreakoutState(
        new_y, new_x, ball_dir, pos, brick_map, strike, last_x, last_y, terminal, action,
    )
    return next_state, r, terminal
