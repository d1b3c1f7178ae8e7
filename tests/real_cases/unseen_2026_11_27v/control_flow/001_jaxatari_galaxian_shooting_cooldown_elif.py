"""JAXAtari Galaxian prototype: the shooting cooldown is an if/elif on NamedTuple state fields inside a jitted step.

source: k4ntz/JAXAtari src/jaxatari/games/jax_galaxian.py, early prototype revision (code-index file id 1226375027; the same path is also in the forks AaronYeeeet/JAXAtari, mmmaier/JAXAtari-counterfactual and zCrazyLion/JAXAtari_Centipede)
error: TracerBoolConversionError
category: namedtuple-state-if-elif
expect: fix
notes: `import chex` is replaced by a one-line stand-in providing chex.Array (chex is not installed). GalaxianState/Action NamedTuples, update_player_position, update_enemy_positions, handleShooting and step are verbatim. Dropped: the pygame import and the pygame-only helpers (get_action_from_keyboard, draw, the __main__ loop), the unused imports `from jaxatari.games.jax_kangaroo import SCREEN_WIDTH` and `from gymnax.environments import spaces`, and init_state. Added `f = jax.jit(step)` as the entry point (the prototype ran step eagerly in a pygame loop; the project later jitted its step). `if action.player_shooting and state.player_shooting_cooldown == 0` needs the traced values.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import os
from functools import partial
from typing import NamedTuple, Tuple
import jax
import jax.lax
import jax.numpy as jnp
import types
chex = types.SimpleNamespace(Array=jnp.ndarray)  # stand-in: chex is not installed


# -------- Game constants --------
SHOOTING_COOLDOWN = 20
ENEMY_MOVE_SPEED = 0.01

class GalaxianState(NamedTuple):
    player_x: chex.Array
    player_y: chex.Array
    player_shooting: chex.Array
    player_shooting_cooldown: chex.Array
    enemy_grid: chex.Array
    enemy_grid_alive: chex.Array
    enemy_grid_direction: chex.Array

class Action(NamedTuple):
    player_move_dir: chex.Array
    player_shooting: chex.Array


def update_player_position(state: GalaxianState, action: Action) -> GalaxianState:
    new_x = state.player_x + action.player_move_dir * 5
    return state._replace(player_x=new_x)

# TODO implement direction change at border
def update_enemy_positions(state: GalaxianState) -> GalaxianState:
    new_enemy_grid = state.enemy_grid + ENEMY_MOVE_SPEED * state.enemy_grid_direction
    return state._replace(enemy_grid=new_enemy_grid)


# TODO implement bullet
def handleShooting(state: GalaxianState, action: Action) -> GalaxianState:
    if action.player_shooting and state.player_shooting_cooldown == 0:
        state = state._replace(player_shooting_cooldown=jnp.array(SHOOTING_COOLDOWN))
    elif state.player_shooting_cooldown > 0:
        state = state._replace(player_shooting_cooldown=state.player_shooting_cooldown - 1)
    return state


def step(state: GalaxianState, action: Action) -> GalaxianState:
    newState = update_player_position(state, action)
    newState = handleShooting(newState, action)
    newState = update_enemy_positions(newState)
    return  newState


f = jax.jit(step)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    grid = (np.tile(np.arange(7) * 20 + 100, (5, 1)) + rng.normal(size=(5, 7))).astype(np.float32)
    state = GalaxianState(
        player_x=np.int32(rng.integers(0, 160)),
        player_y=np.int32(20),
        player_shooting=np.int32(rng.integers(0, 2)),
        # 0 (ready: fires if shooting), in flight (counts down), or just fired
        player_shooting_cooldown=np.int32(rng.choice([0, 0, 1, 7, SHOOTING_COOLDOWN])),
        enemy_grid=grid,
        enemy_grid_alive=rng.random((5, 7)) < 0.8,
        enemy_grid_direction=np.int32(rng.choice([-20, 20])),
    )
    action = Action(
        player_move_dir=np.int32(rng.integers(-1, 2)),
        player_shooting=np.int32(rng.integers(0, 2)),
    )
    return (state, action)


INPUTS = make_inputs


@jax.jit
def reference_fix(state, action):
    new_x = state.player_x + action.player_move_dir * 5
    cd = state.player_shooting_cooldown
    fire = (action.player_shooting != 0) & (cd == 0)
    new_cd = jnp.where(fire, SHOOTING_COOLDOWN, jnp.where(cd > 0, cd - 1, cd)).astype(cd.dtype)
    new_grid = state.enemy_grid + ENEMY_MOVE_SPEED * state.enemy_grid_direction
    return state._replace(player_x=new_x, player_shooting_cooldown=new_cd, enemy_grid=new_grid)
