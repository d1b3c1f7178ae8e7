"""pgx MinAtar Seaquest `observe`, half-way through its jit port: three loops already lax.fori_loop/cond, two still `for ...: if ...: continue`.

source: sotetsuk/pgx pgx/minatar/seaquest.py, early revision (code-index file id 15165985260: MinAtarSeaquestState, init, observe, _init_det; the bullet and fish loops are lax.fori_loop + lax.cond with the Python originals left in comments, the enemy-sub and diver loops are still Python); port of kenjyoung/MinAtar minatar/environments/seaquest.py state() channels.
error: IndexError
category: control_flow
expect: fix
notes: `from flax import struct` / `@struct.dataclass` is replaced by a `typing.NamedTuple` stand-in with the same fields and defaults (flax is not installed; Python 3.11 dataclasses reject the jnp-array defaults). `observe` is verbatim and is the entry point, jitted (`f = jax.jit(observe)`), as `init` and `_init_det` already are in the module. Under jit the first failure is the oxygen / diver gauges, `obs.at[9, 0:state.oxygen * 10 // MAX_OXYGEN, 7]` and `obs.at[9, 9 - state.diver_count:9, 8]` (slices bounded by traced values: "Slice entries must be static integers", a concretization in substance, fixable with an iota mask); past those, `if sub[0] == -1: continue`, `sub[0] - 1 if sub[2] else sub[0] + 1` and `if (back_x >= 0 and back_x <= 9):` in the enemy-sub and diver loops raise TracerBoolConversionError. The loops run over the static first axis (25 subs, 5 divers), so they unroll.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""MinAtar/Seaquest: A fork of github.com/kenjyoung/MinAtar

The authors of original MinAtar implementation are:
    * Kenny Young (kjyoung@ualberta.ca)
    * Tian Tian (ttian@ualberta.ca)
The original MinAtar implementation is distributed under GNU General Public License v3.0
    * https://github.com/kenjyoung/MinAtar/blob/master/License.txt
"""
from typing import NamedTuple, Tuple

import jax
import jax.lax as lax
from jax import numpy as jnp


RAMP_INTERVAL: jnp.ndarray = jnp.int8(100)
MAX_OXYGEN: jnp.ndarray = jnp.int16(200)
INIT_SPAWN_SPEED: jnp.ndarray = jnp.int8(20)
DIVER_SPAWN_SPEED: jnp.ndarray = jnp.int8(30)
INIT_MOVE_INTERVAL: jnp.ndarray = jnp.int8(5)
SHOT_COOL_DOWN: jnp.ndarray = jnp.int8(5)
ENEMY_SHOT_INTERVAL: jnp.ndarray = jnp.int8(10)
ENEMY_MOVE_INTERVAL: jnp.ndarray = jnp.int8(5)
DIVER_MORE_INTERVAL: jnp.ndarray = jnp.int8(5)


ZERO: jnp.ndarray = jnp.int8(0)
TRUE: jnp.ndarray = jnp.bool_(True)
FALSE: jnp.ndarray = jnp.bool_(False)


class MinAtarSeaquestState(NamedTuple):
    oxygen: jnp.ndarray = MAX_OXYGEN
    diver_count: jnp.ndarray = ZERO
    sub_x: jnp.ndarray = jnp.int8(5)
    sub_y: jnp.ndarray = ZERO
    sub_or: jnp.ndarray = FALSE
    f_bullets: jnp.ndarray = - jnp.ones((5, 3), dtype=jnp.int8)  # <= 2  TODO: confirm
    e_bullets: jnp.ndarray = - jnp.ones((25, 3), dtype=jnp.int8)  # <= 1 per each sub  TODO: confirm
    e_fish: jnp.ndarray = - jnp.ones((25, 4), dtype=jnp.int8)  # <= 19  TODO: confirm
    e_subs: jnp.ndarray = - jnp.ones((25, 4), dtype=jnp.int8)  # <= 19  TODO: confirm
    divers: jnp.ndarray = - jnp.ones((5, 4), dtype=jnp.int8)  # <= 2  TODO: confirm
    e_spawn_speed: jnp.ndarray = INIT_SPAWN_SPEED
    e_spawn_timer: jnp.ndarray = INIT_SPAWN_SPEED
    d_spawn_timer: jnp.ndarray = DIVER_SPAWN_SPEED
    move_speed: jnp.ndarray = INIT_MOVE_INTERVAL
    ramp_index: jnp.ndarray = ZERO  # TODO: require int16?
    shot_timer: jnp.ndarray = ZERO
    surface: jnp.ndarray = TRUE
    terminal: jnp.ndarray = FALSE
    last_action: jnp.ndarray = ZERO


@jax.jit
def init(rng: jnp.ndarray) -> MinAtarSeaquestState:
    return _init_det()


def observe(state: MinAtarSeaquestState) -> jnp.ndarray:
    """
            self.channels ={
            'sub_front':0,
            'sub_back':1,
            'friendly_bullet':2,
            'trail':3,
            'enemy_bullet':4,
            'enemy_fish':5,
            'enemy_sub':6,
            'oxygen_guage':7,
            'diver_guage':8,
            'diver':9
        }
    """
    obs = jnp.zeros((10, 10, 10), dtype=jnp.bool_)
    obs = obs.at[state.sub_y, state.sub_x, 0].set(1)
    back_x = lax.cond(state.sub_or, lambda: state.sub_x - 1, lambda: state.sub_x + 1)
    obs = obs.at[state.sub_y, back_x, 1].set(1)
    obs = obs.at[9, 0:state.oxygen * 10 // MAX_OXYGEN, 7].set(1)
    obs = obs.at[9, 9 - state.diver_count:9, 8].set(1)
    obs = lax.fori_loop(
        0, 5, lambda i, _obs : lax.cond(
            state.f_bullets[i][0] >= 0,
            lambda: _obs.at[state.f_bullets[i][1], state.f_bullets[i][0], 2].set(1),
            lambda: _obs
        ),
        obs
    )
    # for bullet in state.f_bullets:
    #     if bullet[0] == -1:
    #         continue
    #     obs = obs.at[bullet[1], bullet[0], 2].set(1)
    obs = lax.fori_loop(
        0, 25, lambda i, _obs: lax.cond(
            state.e_bullets[i][0] >= 0,
            lambda: _obs.at[state.e_bullets[i][1], state.e_bullets[i][0], 4].set(1),
            lambda: _obs
        ), obs
    )
    # for bullet in state.e_bullets:
    #     if bullet[0] == -1:
    #         continue
    #     obs = obs.at[bullet[1], bullet[0], 4].set(1)

    def set_e_fish(_obs, fish):
        _obs = _obs.at[fish[1], fish[0], 5].set(1)
        back_x = fish[0] + jnp.array([1, -1])[fish[2]]
        # back_x = fish[0] - 1 if fish[2] else fish[0] + 1
        _obs = lax.cond(
            (0 <= back_x) & (back_x <= 9),
            lambda: _obs.at[fish[1], back_x, 3].set(1),
            lambda: _obs,
        )
        # if (back_x >= 0 and back_x <= 9):
        #     _obs = _obs.at[fish[1], back_x, 3].set(1)
        return _obs

    obs = lax.fori_loop(
        0, 25, lambda i, _obs : lax.cond(
            state.e_fish[i][0] >= 0,
            lambda: set_e_fish(_obs, state.e_fish[i]),
            lambda: _obs
        ), obs
    )
    # for fish in state.e_fish:
    #     if fish[0] == -1:
    #         continue
    #     obs = obs.at[fish[1], fish[0], 5].set(1)
    #     back_x = fish[0] - 1 if fish[2] else fish[0] + 1
    #     if (back_x >= 0 and back_x <= 9):
    #         obs = obs.at[fish[1], back_x, 3].set(1)
    for sub in state.e_subs:
        if sub[0] == -1:
            continue
        obs = obs.at[sub[1], sub[0], 6].set(1)
        back_x = sub[0] - 1 if sub[2] else sub[0] + 1
        if (back_x >= 0 and back_x <= 9):
            obs = obs.at[sub[1], back_x, 3].set(1)
    for diver in state.divers:
        if diver[0] == -1:
            continue
        obs = obs.at[diver[1], diver[0], 9].set(1)
        back_x = diver[0] - 1 if diver[2] else diver[0] + 1
        if (back_x >= 0 and back_x <= 9):
            obs = obs.at[diver[1], back_x, 3].set(1)

    return obs


@jax.jit
def _init_det() -> MinAtarSeaquestState:
    return MinAtarSeaquestState()


f = jax.jit(observe)
# --- end user code ---

import numpy as np


def _entities(rng, n, width, p):
    a = -np.ones((n, width), dtype=np.int8)
    for i in range(n):
        if rng.random() < p:
            a[i, 0] = rng.choice([0, 9, rng.integers(0, 10)])   # edges: the trail falls off the board
            a[i, 1] = rng.integers(1, 9)
            a[i, 2] = rng.integers(0, 2)
            if width > 3:
                a[i, 3] = rng.integers(0, 5)
    return a


def make_inputs(rng):
    state = MinAtarSeaquestState(
        np.int16(rng.choice([0, 19, 20, 99, 150, 200])),
        np.int8(rng.integers(0, 7)),
        np.int8(rng.integers(1, 9)),
        np.int8(rng.integers(0, 9)),
        np.bool_(rng.random() < 0.5),
        _entities(rng, 5, 3, 0.4),
        _entities(rng, 25, 3, 0.2),
        _entities(rng, 25, 4, 0.3),
        _entities(rng, 25, 4, 0.3),
        _entities(rng, 5, 4, 0.5),
    )
    return (state,)


INPUTS = make_inputs


@jax.jit
def reference_fix(state):
    obs = jnp.zeros((10, 10, 10), dtype=jnp.bool_)
    obs = obs.at[state.sub_y, state.sub_x, 0].set(True)
    back_x = jnp.where(state.sub_or, state.sub_x - 1, state.sub_x + 1)
    obs = obs.at[state.sub_y, back_x, 1].set(True)
    cols = jnp.arange(10)
    n_oxy = state.oxygen * 10 // MAX_OXYGEN
    obs = obs.at[9, :, 7].set(obs[9, :, 7] | (cols < n_oxy))
    obs = obs.at[9, :, 8].set(obs[9, :, 8] | ((cols >= 9 - state.diver_count) & (cols < 9)))

    def put(o, valid, y, x, c):
        return o.at[y, x, c].set(jnp.where(valid, True, o[y, x, c]))

    for b in range(5):
        row = state.f_bullets[b]
        obs = put(obs, row[0] >= 0, row[1], row[0], 2)
    for b in range(25):
        row = state.e_bullets[b]
        obs = put(obs, row[0] >= 0, row[1], row[0], 4)
    for b in range(25):
        row = state.e_fish[b]
        valid = row[0] >= 0
        obs = put(obs, valid, row[1], row[0], 5)
        bx = row[0] + jnp.array([1, -1])[row[2]]
        obs = put(obs, valid & (bx >= 0) & (bx <= 9), row[1], bx, 3)
    for ents, ch in ((state.e_subs, 6), (state.divers, 9)):
        for b in range(ents.shape[0]):
            row = ents[b]
            valid = row[0] != -1
            obs = put(obs, valid, row[1], row[0], ch)
            bx = jnp.where(row[2] != 0, row[0] - 1, row[0] + 1)
            obs = put(obs, valid & (bx >= 0) & (bx <= 9), row[1], bx, 3)
    return obs
