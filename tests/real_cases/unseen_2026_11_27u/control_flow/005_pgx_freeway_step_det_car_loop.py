"""pgx MinAtar Freeway `_step_det` before it was jitted: early-return on `terminal`, action elif, car loop with ifs.

source: sotetsuk/pgx pgx/minatar/freeway.py, early revision marked "# TODO: make me  @jax.jit" above `_step_det` (code-index file id 15016823645; the port of kenjyoung/MinAtar minatar/environments/freeway.py). A later stored revision of the same path (code-index file id 15287615840) is `@jax.jit def _step_det(...)` with `return jax.lax.cond(state.terminal, ...)`.
error: TracerBoolConversionError
category: control_flow
expect: fix
notes: `from flax import struct` / `@struct.dataclass` is replaced by a `typing.NamedTuple` stand-in with the same fields and defaults (flax is not installed, and a dataclass with a jnp-array default is rejected by Python 3.11's dataclasses); it is a pytree and is built positionally the same way. The unused `to_obs`/`_to_obs` (NumPy-only observation code) are dropped; `step`, `reset`, `_reset_det`, `_randomize_cars` and `_random_speed_directions` are kept verbatim. The entry point `f = jax.jit(_step_det)` is added (the TODO the authors left). Under jit, `if terminal:` is the first traced branch; then `if action == 2 and move_timer == 0`, `if pos == 0`, the per-car `if car[0:2] == [4, pos]` list comparisons, `1 if car[3] > 0 else -1`, the wrap-around ifs and `if terminate_timer < 0`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""MinAtar/Asterix: A form of github.com/kenjyoung/MinAtar

https://github.com/kenjyoung/MinAtar/blob/master/minatar/environments/freeway.py

The authors of original MinAtar implementation are:
    * Kenny Young (kjyoung@ualberta.ca)
    * Tian Tian (ttian@ualberta.ca)
The original MinAtar implementation is distributed under GNU General Public License v3.0
    * https://github.com/kenjyoung/MinAtar/blob/master/License.txt
"""
from typing import NamedTuple, Tuple

import jax
from jax import numpy as jnp

player_speed = 3
time_limit = 2500


class MinAtarFreewayState(NamedTuple):
    cars: jnp.ndarray = jnp.zeros((8, 4), dtype=int)
    pos: int = 9
    move_timer: int = player_speed
    terminate_timer: int = time_limit
    terminal: bool = False
    last_action: int = 0


# TODO: make me @jax.jit
def step(
    state: MinAtarFreewayState,
    action: jnp.ndarray,
    rng: jnp.ndarray,
    sticky_action_prob: jnp.ndarray,
) -> Tuple[MinAtarFreewayState, int, bool]:
    if jax.random.uniform(rng) < sticky_action_prob:
        action = state.last_action  # type: ignore
    speeds, directions = _random_speed_directions(rng)
    return _step_det(state, action, speeds=speeds, directions=directions)


# TODO: make me  @jax.jit
def reset(rng: jnp.ndarray) -> MinAtarFreewayState:
    speeds, directions = _random_speed_directions(rng)
    return _reset_det(speeds=speeds, directions=directions)


# TODO: make me  @jax.jit
def _step_det(
    state: MinAtarFreewayState,
    action: jnp.ndarray,
    speeds: jnp.ndarray,
    directions: jnp.ndarray,
) -> Tuple[MinAtarFreewayState, int, bool]:

    cars = state.cars
    pos = state.pos
    move_timer = state.move_timer
    terminate_timer = state.terminate_timer
    terminal = state.terminal
    last_action = action

    r = 0
    if terminal:
        next_state = MinAtarFreewayState(
            cars,
            pos,
            move_timer,
            terminate_timer,
            terminal,
            last_action,
        )  # type: ignore

        return next_state, r, terminal

    # self.action_map = ['n','l','u','r','d','f']
    if action == 2 and move_timer == 0:
        move_timer = player_speed
        pos = max(0, pos - 1)
    elif action == 4 and move_timer == 0:
        move_timer = player_speed
        pos = min(9, pos + 1)

    # Win condition
    if pos == 0:
        r += 1
        cars = _randomize_cars(speeds, directions, cars, initialize=False)
        pos = 9

    # Update cars
    # TDOO: remove me
    cars = [[cars[i, j] for j in range(4)] for i in range(8)]  # type: ignore
    for car in cars:
        if car[0:2] == [4, pos]:
            pos = 9
        if car[2] == 0:
            car[2] = abs(car[3])
            car[0] += 1 if car[3] > 0 else -1
            if car[0] < 0:
                car[0] = 9
            elif car[0] > 9:
                car[0] = 0
            if car[0:2] == [4, pos]:
                pos = 9
        else:
            car[2] -= 1
    cars = jnp.array(cars)  # TDOO: remove me

    # Update various timers
    move_timer -= move_timer > 0
    terminate_timer -= 1
    if terminate_timer < 0:
        terminal = True

    next_state = MinAtarFreewayState(
        cars,
        pos,
        move_timer,
        terminate_timer,
        terminal,
        last_action,
    )  # type: ignore

    return next_state, r, terminal


@jax.jit
def _reset_det(
    speeds: jnp.ndarray, directions: jnp.ndarray
) -> MinAtarFreewayState:
    cars = _randomize_cars(speeds, directions, initialize=True)
    return MinAtarFreewayState(cars=cars)  # type: ignore


@jax.jit
def _randomize_cars(
    speeds: jnp.ndarray,
    directions: jnp.ndarray,
    cars: jnp.ndarray = jnp.zeros((8, 4), dtype=int),
    initialize: bool = False
) -> jnp.ndarray:
    assert isinstance(cars, jnp.ndarray), cars
    speeds *= directions

    def _init(_cars):
        _cars = _cars.at[:, 1].set(jnp.arange(1, 9))
        _cars = _cars.at[:, 2].set(jax.lax.abs(speeds))
        _cars = _cars.at[:, 3].set(speeds)
        return _cars

    def _update(_cars):
        _cars = _cars.at[:, 2].set(abs(speeds))
        _cars = _cars.at[:, 3].set(speeds)
        return _cars

    return jax.lax.cond(initialize, _init, _update, cars)


# TODO: make me  @jax.jit
def _random_speed_directions(rng):
    # TDOO: use jnp instead
    # TDOO: rng must be splitted
    import numpy as np

    speeds = np.random.randint(1, 6, 8)
    directions = np.random.choice([-1, 1], 8)
    return speeds, directions


f = jax.jit(_step_det)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # cars: [x, y (lane 1..8), timer, signed speed]
    speeds = rng.integers(1, 6, size=8)
    directions = rng.choice([-1, 1], size=8)
    cars = np.zeros((8, 4), dtype=np.int32)
    cars[:, 0] = rng.integers(0, 10, size=8)
    cars[:, 1] = np.arange(1, 9)
    cars[:, 3] = speeds * directions
    cars[:, 2] = rng.integers(0, 3, size=8)          # many timers at 0 -> cars move
    # put some cars at the player's column (x == 4) or about to enter it
    hit = rng.integers(0, 8)
    cars[hit, 0] = rng.choice([3, 4, 4, 5])
    pos = int(rng.choice([1, 1, 2, hit + 1, hit + 1, hit + 1, 9]))
    state = MinAtarFreewayState(
        cars.astype(np.int32),
        np.int32(pos),
        np.int32(rng.choice([0, 0, 1, 3])),
        np.int32(rng.choice([0, 0, 5, 2500])),
        np.bool_(rng.random() < 0.15),
        np.int32(0),
    )
    action = np.int32(rng.choice([0, 2, 2, 4, 4, 1]))
    new_speeds = rng.integers(1, 6, size=8).astype(np.int32)
    new_directions = rng.choice([-1, 1], size=8).astype(np.int32)
    return (state, action, new_speeds, new_directions)


INPUTS = make_inputs


@jax.jit
def reference_fix(state, action, speeds, directions):
    cars = jnp.asarray(state.cars)
    pos = jnp.asarray(state.pos)
    move_timer = jnp.asarray(state.move_timer)
    terminate_timer = jnp.asarray(state.terminate_timer)
    terminal = jnp.asarray(state.terminal)

    up = (action == 2) & (move_timer == 0)
    down = (action == 4) & (move_timer == 0) & ~up
    pos1 = jnp.where(up, jnp.maximum(0, pos - 1), jnp.where(down, jnp.minimum(9, pos + 1), pos))
    mt = jnp.where(up | down, player_speed, move_timer)

    win = pos1 == 0
    r = jnp.where(win, 1, 0)
    cars1 = jnp.where(win, _randomize_cars(speeds, directions, cars, initialize=False), cars)
    pos1 = jnp.where(win, 9, pos1)

    for i in range(8):
        x, y, t, s = cars1[i, 0], cars1[i, 1], cars1[i, 2], cars1[i, 3]
        pos1 = jnp.where((x == 4) & (y == pos1), 9, pos1)
        moving = t == 0
        nx = x + jnp.where(s > 0, 1, -1)
        nx = jnp.where(nx < 0, 9, jnp.where(nx > 9, 0, nx))
        nx = jnp.where(moving, nx, x)
        nt = jnp.where(moving, jnp.abs(s), t - 1)
        pos1 = jnp.where(moving & (nx == 4) & (y == pos1), 9, pos1)
        cars1 = cars1.at[i].set(jnp.stack([nx, y, nt, s]))

    mt = mt - (mt > 0)
    tt = terminate_timer - 1
    term1 = terminal | (tt < 0)

    out_cars = jnp.where(terminal, cars, cars1)
    out_pos = jnp.where(terminal, pos, pos1)
    out_mt = jnp.where(terminal, move_timer, mt)
    out_tt = jnp.where(terminal, terminate_timer, tt)
    out_term = jnp.where(terminal, terminal, term1)
    out_r = jnp.where(terminal, 0, r)
    next_state = MinAtarFreewayState(out_cars, out_pos, out_mt, out_tt, out_term, action)
    return next_state, out_r, out_term
