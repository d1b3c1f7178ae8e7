"""pgx's MinAtar Asterix observation builder: a loop over the 8 entity slots with Python ifs on the traced entity table.

source: sotetsuk/pgx pgx/minatar/asterix.py, an early stored revision (code-index file id 15005919487: MinAtarAsterixState, the @jax.jit _step_det already on jax.lax.cond, and the undecorated `_to_obs` still in Python control flow, with the NumPy original of kenjyoung/MinAtar minatar/environments/asterix.py `state()` left in comments)
error: TracerBoolConversionError
category: for-over-slots-nested-if
expect: fix
notes: `_to_obs` and the state class verbatim (comments kept); `from flax import struct` replaced by a small stand-in (frozen dataclass registered as a pytree; jnp-array defaults turned into default factories since Python 3.11 rejects them). Entry point `f = jax.jit(_to_obs)` (the revision's public `to_obs` wraps it). The entity table is given as int32 with the revision's 1e5 "empty slot" sentinel (the class default `jnp.ones((8, 4), dtype=int) * 1e5` is a float table, which cannot index `.at[...]`). Leaks: `if state.entities[i, 0] != 1e5`, `if state.entities[i, 3]`, `if state.entities[i, 2]`, `if back_x >= 0 and back_x <= 9`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""MinAtar/Asterix: A form of github.com/kenjyoung/MinAtar

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


ramp_interval = 100
init_spawn_speed = 10
init_move_interval = 5
shot_cool_down = 5


@struct.dataclass
class MinAtarAsterixState:
    player_x: int = 5
    player_y: int = 5
    entities: jnp.ndarray = jnp.ones((8, 4), dtype=int) * 1e5
    shot_timer: int = 0
    spawn_speed: int = init_spawn_speed
    spawn_timer: int = init_spawn_speed
    move_speed: int = init_move_interval
    move_timer: int = init_move_interval
    ramp_timer: int = ramp_interval
    ramp_index: int = 0
    terminal: bool = False
    last_action: int = 0


def _to_obs(state: MinAtarAsterixState) -> jnp.ndarray:
    obs = jnp.zeros((10, 10, 4), dtype=bool)
    obs = obs.at[state.player_y, state.player_x, 0].set(True)
    # state[self.player_y, self.player_x, self.channels["player"]] = 1
    for i in range(8):
        if state.entities[i, 0] != 1e5:
            if state.entities[i, 3]:
                c = 3
            else:
                c = 1
            obs = obs.at[state.entities[i, 1], state.entities[i, 0], c].set(
                True
            )
            if state.entities[i, 2]:
                back_x = state.entities[i, 0] - 1
            else:
                back_x = state.entities[i, 0] + 1

            if back_x >= 0 and back_x <= 9:
                obs = obs.at[state.entities[i, 1], back_x, 2].set(True)

    # for x in self.entities:
    #     if x is not None:
    #         c = self.channels["gold"] if x[3] else self.channels["enemy"]
    #         state[x[1], x[0], c] = 1
    #         back_x = x[0] - 1 if x[2] else x[0] + 1
    #         if back_x >= 0 and back_x <= 9:
    #             state[x[1], back_x, self.channels["trail"]] = 1
    return obs


f = jax.jit(_to_obs)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    entities = np.full((8, 4), 100000, np.int32)
    for i in range(8):
        if rng.random() < 0.6:  # occupied slot: x, row, moving right?, gold?
            x = int(rng.choice([0, 9, int(rng.integers(0, 10))]))
            entities[i] = [x, i + 1, int(rng.integers(0, 2)), int(rng.random() < 1 / 3)]
    state = MinAtarAsterixState(
        np.int32(rng.integers(0, 10)),
        np.int32(rng.integers(1, 9)),
        entities,
        np.int32(0),
        np.int32(init_spawn_speed),
        np.int32(init_spawn_speed),
        np.int32(init_move_interval),
        np.int32(init_move_interval),
        np.int32(ramp_interval),
        np.int32(0),
        np.bool_(False),
        np.int32(0),
    )
    return (state,)


INPUTS = make_inputs


@jax.jit
def reference_fix(state):
    ent = state.entities
    obs = jnp.zeros((10, 10, 4), dtype=bool)
    obs = obs.at[state.player_y, state.player_x, 0].set(True)
    for i in range(8):
        active = ent[i, 0] != 1e5
        c = jnp.where(ent[i, 3] != 0, 3, 1)
        obs = jnp.where(active, obs.at[ent[i, 1], ent[i, 0], c].set(True), obs)
        back_x = jnp.where(ent[i, 2] != 0, ent[i, 0] - 1, ent[i, 0] + 1)
        trail = active & (back_x >= 0) & (back_x <= 9)
        obs = jnp.where(trail, obs.at[ent[i, 1], jnp.clip(back_x, 0, 9), 2].set(True), obs)
    return obs
