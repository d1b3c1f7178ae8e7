"""A helper of a jitted env step returns bool() of a traced game-over test.

source: RobertTLange/gymnax issue #83 (minatar/asterix.py step_entities: `bool(done > 0)` under jit)
error: TracerBoolConversionError
category: helper-result
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from typing import NamedTuple


class EnvState(NamedTuple):
    player_x: jnp.ndarray
    entities: jnp.ndarray
    time: int


def step_entities(state):
    hits = jnp.sum(state.entities[:, 0] == state.player_x)
    done = hits
    return state._replace(time=state.time + 1), bool(done > 0)


@jax.jit
def f(entities, player_x):
    state = EnvState(player_x=player_x, entities=entities, time=0)
    state, done = step_entities(state)
    return jnp.where(done, 0.0, jnp.sum(state.entities))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.integers(0, 5, size=(4, 3)).astype(np.int32), np.int32(rng.integers(0, 5)))


INPUTS = make_inputs
