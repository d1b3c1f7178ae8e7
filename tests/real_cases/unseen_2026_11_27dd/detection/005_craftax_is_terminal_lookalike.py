"""Craftax-Classic's `is_terminal` method: reads traced state fields and an Enum's `.value`, combines them with jnp.logical_or; jit-safe.

source: MichaelTMatthews/Craftax craftax/craftax_classic/envs/craftax_symbolic_env.py (class CraftaxClassicSymbolicEnv: is_terminal, name, num_actions, get_map_obs_shape, get_flat_map_obs_shape, get_inventory_obs_shape); stored text read as code-index file id 2137414819 (the index lists 88aa37d3fbafea4855e0d7447d71925c8f4d7c0d for this path in MichaelTMatthews/Craftax; forks such as timoklein/Craftax hold the same path)
error: none
category: negative-method-on-state-no-branch
expect: untouched
notes: the listed methods are verbatim; the gymnax/craftax imports are replaced by stand-ins: EnvState / EnvParams as frozen dataclasses registered with jax.tree_util.register_dataclass (craftax uses flax.struct.dataclass, also a pytree), a BlockType enum written from memory of craftax_classic/constants.py (not re-read from the index; only LAVA's `.value` and the member count matter here), OBS_DIM, and no EnvironmentNoAutoReset base. step_env/reset_env/get_obs (world generation, renderer) are dropped. `f` (added) evaluates the method on a batch of states with jax.vmap inside jax.jit, as the PPO rollouts do, and also uses the static obs-size helpers to build a zero array (that part is mine, only to put the static helpers under jit). Look-alikes: `BlockType.LAVA.value` (static Python int), `len(BlockType)`, `@staticmethod` shape helpers, `state.map[state.player_position[0], state.player_position[1]]` (traced gather, fine), bool results returned, never tested with `if`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
from enum import Enum

import jax
import jax.numpy as jnp

OBS_DIM = (7, 9)


class BlockType(Enum):
    INVALID = 0
    OUT_OF_BOUNDS = 1
    GRASS = 2
    WATER = 3
    STONE = 4
    TREE = 5
    WOOD = 6
    PATH = 7
    COAL = 8
    IRON = 9
    DIAMOND = 10
    CRAFTING_TABLE = 11
    FURNACE = 12
    SAND = 13
    LAVA = 14
    PLANT = 15
    RIPE_PLANT = 16


@dataclasses.dataclass(frozen=True)
class EnvState:
    map: jax.Array
    player_position: jax.Array
    player_health: jax.Array
    timestep: jax.Array


@dataclasses.dataclass(frozen=True)
class EnvParams:
    max_timesteps: int = 10000


jax.tree_util.register_dataclass(
    EnvState,
    data_fields=["map", "player_position", "player_health", "timestep"],
    meta_fields=[],
)
jax.tree_util.register_dataclass(EnvParams, data_fields=["max_timesteps"], meta_fields=[])


class CraftaxClassicSymbolicEnv:
    def is_terminal(self, state: EnvState, params: EnvParams) -> bool:
        done_steps = state.timestep >= params.max_timesteps
        in_lava = (
            state.map[state.player_position[0], state.player_position[1]]
            == BlockType.LAVA.value
        )
        is_dead = state.player_health <= 0

        is_terminal = jnp.logical_or(done_steps, in_lava)
        is_terminal = jnp.logical_or(is_terminal, is_dead)

        return is_terminal

    @property
    def name(self) -> str:
        return "Craftax-Classic-Symbolic-v1"

    @property
    def num_actions(self) -> int:
        return 17

    @staticmethod
    def get_map_obs_shape():
        num_mobs = 4
        num_blocks = len(BlockType)

        return OBS_DIM[0], OBS_DIM[1], num_blocks + num_mobs

    @staticmethod
    def get_flat_map_obs_shape():
        map_obs_shape = CraftaxClassicSymbolicEnv.get_map_obs_shape()
        return map_obs_shape[0] * map_obs_shape[1] * map_obs_shape[2]

    @staticmethod
    def get_inventory_obs_shape():
        inv_size = 12
        num_intrinsics = 4
        light_level = 1
        is_sleeping = 1
        direction = 4

        return inv_size + num_intrinsics + light_level + is_sleeping + direction


@jax.jit
def f(world_map, player_position, player_health, timestep, max_timesteps):
    env = CraftaxClassicSymbolicEnv()
    params = EnvParams(max_timesteps=max_timesteps)
    states = EnvState(
        map=world_map,
        player_position=player_position,
        player_health=player_health,
        timestep=timestep,
    )
    done = jax.vmap(env.is_terminal, in_axes=(0, None))(states, params)
    obs_size = env.get_flat_map_obs_shape() + env.get_inventory_obs_shape()
    return done, jnp.zeros((done.shape[0], obs_size)).sum(axis=1) + done
# --- end user code ---

import numpy as np


def make_inputs(rng):
    b, h, w = 8, 6, 6
    world_map = rng.integers(0, 17, size=(b, h, w)).astype(np.int32)
    player_position = rng.integers(0, 6, size=(b, 2)).astype(np.int32)
    player_health = rng.integers(-1, 10, size=(b,)).astype(np.float32)
    timestep = rng.integers(0, 120, size=(b,)).astype(np.int32)
    max_timesteps = np.asarray(100, dtype=np.int32)
    return (world_map, player_position, player_health, timestep, max_timesteps)


INPUTS = make_inputs
