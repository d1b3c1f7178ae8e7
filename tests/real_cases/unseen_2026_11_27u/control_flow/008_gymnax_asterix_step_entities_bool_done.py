"""gymnax MinAtar Asterix: `step_entities` returns `bool(done > 0)` as the termination flag inside the jitted step.

source: RobertTLange/gymnax gymnax/environments/minatar/asterix.py -- the revision reported in https://github.com/RobertTLange/gymnax/issues/83 (ID-Akash, "Error running the Asterix environment": asterix.py line 335 `bool(done > 0),` in step_entities raises TracerBoolConversionError under environment.py's jitted step); the stored revision 0096e0e384853bb1e2c61205bb584835d875ff9c (EnvState, EnvParams, step_agent, step_entities, step_timers, MinAsterix.step_env) returns `jnp.bool_(done > 0)` instead. The same pre-fix step_entities text is stored on its own as code-index file id 60289965117.
error: TracerBoolConversionError
category: control_flow
expect: fix
notes: step_agent, step_entities and step_timers are copied from the stored revision, with the return of step_entities put back to `bool(done > 0)` as quoted in the issue's traceback (the fragment id 60289965117 has exactly that text). `from flax import struct` / `@struct.dataclass` and gymnax's `environment.EnvState`/`EnvParams` bases are replaced by `typing.NamedTuple` stand-ins with a `replace` method (flax and gymnax are not installed); `chex.Array` annotations become `jnp.ndarray`. The driver `_step_core` follows MinAsterix.step_env without the random spawn and the observation (step_agent on the mapped action, step_entities, step_timers, then `state.replace(time=state.time + 1, terminal=done)` and `reward.astype(jnp.float32)`), jitted as gymnax's Environment.step is.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple, Tuple

import jax
from jax import lax
import jax.numpy as jnp


class EnvState(NamedTuple):
    """State of the environment."""

    player_x: int
    player_y: int
    shot_timer: int
    spawn_speed: int
    spawn_timer: int
    move_speed: int
    move_timer: int
    ramp_timer: int
    ramp_index: int
    entities: jnp.ndarray
    time: int
    terminal: bool

    def replace(self, **kwargs):
        return self._replace(**kwargs)


class EnvParams(NamedTuple):
    ramping: bool = True
    ramp_interval: int = 100
    init_spawn_speed: int = 10
    init_move_interval: int = 5
    shot_cool_down: int = 5
    max_steps_in_episode: int = 1000


def step_agent(state: EnvState, action: jnp.ndarray) -> EnvState:
    """Update the position of the agent."""
    # Resolve player action via implicit conditional updates of coordinates
    player_x = (
        jnp.maximum(0, state.player_x - 1) * (action == 1)  # l
        + jnp.minimum(9, state.player_x + 1) * (action == 3)  # r
        + state.player_x * jnp.logical_and(action != 1, action != 3)
    )  # others

    player_y = (
        jnp.maximum(1, state.player_y - 1) * (action == 2)  # u
        + jnp.minimum(8, state.player_y + 1) * (action == 4)  # d
        + state.player_y * jnp.logical_and(action != 2, action != 4)
    )  # others
    return state.replace(player_x=player_x, player_y=player_y)


def step_entities(
    state: EnvState,
) -> Tuple[EnvState, jnp.ndarray, bool]:
    """Update positions of the entities and return reward, done."""
    done, reward = 0, jnp.array(0)
    # Loop over entities and check for collisions - either gold or enemy
    entities = state.entities
    for i in range(8):
        x = entities[i]
        slot_filled = x[4] != 0
        # Get boolean for any collision with either gold or enemy
        coords = jnp.logical_and(x[0] == state.player_x, x[1] == state.player_y)
        collision = jnp.logical_and(coords, slot_filled)
        # If collision with gold: empty gold and give positive reward
        collision_gold = jnp.logical_and(collision, x[3])
        reward += collision_gold
        # Set row i to zeros if collision with gold
        entities = entities.at[i].set(x * (1 - collision_gold))

        # If collision with enemy: terminate the episode
        collision_enemy = jnp.logical_and(collision, 1 - x[3])
        done += collision_enemy

    # Loop over entities and move them in direction
    time_to_move = state.move_timer == 0
    move_timer = jax.lax.select(time_to_move, state.move_speed, state.move_timer)

    old_entities = entities
    for i in range(8):
        x = entities[i]
        slot_filled = x[4] != 0
        lr = x[2]
        # Update position left and right move
        x = x.at[0].set(jax.lax.select(slot_filled, x[0] + 1 * lr - 1 * (1 - lr), x[0]))

        # Update if entity moves out of the frame - reset everything to zeros
        outside_of_frame = jnp.logical_or(x[0] < 0, x[0] > 9)
        entities = jax.lax.select(
            time_to_move,
            entities.at[i].set(x * slot_filled * (1 - outside_of_frame)),
            old_entities,
        )

        # Update if entity moves into the player after its state is updated
        coords = jnp.logical_and(x[0] == state.player_x, x[1] == state.player_y)
        collision = jnp.logical_and(coords, slot_filled)
        # If collision with gold: empty gold and give positive reward
        collision_gold = jnp.logical_and(collision, x[3])
        reward += jax.lax.select(time_to_move, collision_gold, False) * 1
        entities = jax.lax.select(
            time_to_move,
            entities.at[i].set(entities[i] * (1 - collision_gold)),
            old_entities,
        )
        # If collision with enemy: terminate the episode
        collision_enemy = jnp.logical_and(collision, 1 - x[3])
        done += jax.lax.select(time_to_move, collision_enemy, False)
    return (
        state.replace(entities=entities, move_timer=move_timer),
        reward,
        bool(done > 0),
    )


def step_timers(state: EnvState, params: EnvParams) -> EnvState:
    """Update various timers and check the ramping condition."""
    spawn_timer = state.spawn_timer - 1
    move_timer = state.move_timer - 1

    # Ramp difficulty if interval has elapsed
    ramp_cond = jnp.logical_and(
        params.ramping,
        jnp.logical_or(state.spawn_speed > 1, state.move_speed > 1),
    )
    # 1. Update ramp_timer
    timer_cond = jnp.logical_and(ramp_cond, state.ramp_timer >= 0)
    ramp_timer = jax.lax.select(timer_cond, state.ramp_timer - 1, params.ramp_interval)
    # 2. Update move_speed
    move_speed_cond = jnp.logical_and(
        jnp.logical_and(ramp_cond, 1 - timer_cond),
        jnp.logical_and(state.move_speed, state.ramp_index % 2),
    )
    move_speed = state.move_speed - move_speed_cond
    # 3. Update spawn_speed
    spawn_speed_cond = jnp.logical_and(
        jnp.logical_and(ramp_cond, 1 - timer_cond), state.spawn_speed > 1
    )
    spawn_speed = state.spawn_speed - spawn_speed_cond
    # 4. Update ramp_index
    ramp_index = state.ramp_index + jnp.logical_and(ramp_cond, 1 - timer_cond)
    return state.replace(
        spawn_timer=spawn_timer,
        move_timer=move_timer,
        ramp_timer=ramp_timer,
        move_speed=move_speed,
        spawn_speed=spawn_speed,
        ramp_index=ramp_index,
    )


# Minimal action set: ['n', 'l', 'u', 'r', 'd']
action_set = jnp.array([0, 1, 2, 3, 4])


def _step_core(state: EnvState, action: jnp.ndarray, params: EnvParams):
    # Update state of the players
    a = action_set[action]
    state = step_agent(state, a)

    # Update entities, get reward and figure out termination
    state, reward, done = step_entities(state)

    # Update timers and ramping condition check
    state = step_timers(state, params)

    # Check game condition & no. steps for termination condition
    state = state.replace(time=state.time + 1, terminal=done)
    return state, reward.astype(jnp.float32), done


f = jax.jit(_step_core)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    player_x = int(rng.integers(1, 9))
    player_y = int(rng.integers(2, 8))
    ents = np.zeros((8, 5), dtype=np.int32)
    for i in range(8):
        if rng.random() < 0.7:
            lr = int(rng.integers(0, 2))
            ents[i] = [rng.integers(0, 10), i + 1, lr, int(rng.random() < 1 / 3), 1]
    # put an entity where the player will be, and one next to it (about to move in)
    a = int(rng.integers(0, 5))
    px = max(0, player_x - 1) if a == 1 else (min(9, player_x + 1) if a == 3 else player_x)
    py = max(1, player_y - 1) if a == 2 else (min(8, player_y + 1) if a == 4 else player_y)
    k = py - 1
    ents[k] = [px + rng.choice([-1, 0, 1]), py, rng.integers(0, 2), int(rng.random() < 0.5), 1]
    ents[k, 0] = np.clip(ents[k, 0], 0, 9)
    ents[rng.integers(0, 8), 0] = rng.choice([0, 9])          # leaves the frame when moving
    move_timer = int(rng.choice([0, 0, 1, 3]))
    state = EnvState(
        np.int32(player_x), np.int32(player_y), np.int32(0),
        np.int32(rng.integers(1, 11)), np.int32(rng.integers(0, 10)),
        np.int32(rng.integers(1, 6)), np.int32(move_timer),
        np.int32(rng.choice([-1, 0, 50])), np.int32(rng.integers(0, 4)),
        ents, np.int32(rng.integers(0, 100)), np.bool_(False),
    )
    params = EnvParams(np.bool_(rng.random() < 0.8), np.int32(100), np.int32(10),
                       np.int32(5), np.int32(5), np.int32(1000))
    return (state, np.int32(a), params)


INPUTS = make_inputs


def _step_entities_fixed(state):
    done, reward = 0, jnp.array(0)
    entities = state.entities
    for i in range(8):
        x = entities[i]
        slot_filled = x[4] != 0
        coords = jnp.logical_and(x[0] == state.player_x, x[1] == state.player_y)
        collision = jnp.logical_and(coords, slot_filled)
        collision_gold = jnp.logical_and(collision, x[3])
        reward += collision_gold
        entities = entities.at[i].set(x * (1 - collision_gold))
        collision_enemy = jnp.logical_and(collision, 1 - x[3])
        done += collision_enemy
    time_to_move = state.move_timer == 0
    move_timer = jax.lax.select(time_to_move, state.move_speed, state.move_timer)
    old_entities = entities
    for i in range(8):
        x = entities[i]
        slot_filled = x[4] != 0
        lr = x[2]
        x = x.at[0].set(jax.lax.select(slot_filled, x[0] + 1 * lr - 1 * (1 - lr), x[0]))
        outside_of_frame = jnp.logical_or(x[0] < 0, x[0] > 9)
        entities = jax.lax.select(time_to_move, entities.at[i].set(x * slot_filled * (1 - outside_of_frame)), old_entities)
        coords = jnp.logical_and(x[0] == state.player_x, x[1] == state.player_y)
        collision = jnp.logical_and(coords, slot_filled)
        collision_gold = jnp.logical_and(collision, x[3])
        reward += jax.lax.select(time_to_move, collision_gold, False) * 1
        entities = jax.lax.select(time_to_move, entities.at[i].set(entities[i] * (1 - collision_gold)), old_entities)
        collision_enemy = jnp.logical_and(collision, 1 - x[3])
        done += jax.lax.select(time_to_move, collision_enemy, False)
    return state.replace(entities=entities, move_timer=move_timer), reward, jnp.bool_(done > 0)


@jax.jit
def reference_fix(state, action, params):
    a = action_set[action]
    state = step_agent(state, a)
    state, reward, done = _step_entities_fixed(state)
    state = step_timers(state, params)
    state = state.replace(time=state.time + 1, terminal=done)
    return state, reward.astype(jnp.float32), done
