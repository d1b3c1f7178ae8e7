"""JAXAtari Pooyan: the arrow update tests `state.arrow_x <= 10` but already branches with jax.lax.cond and jnp.where (correct).

source: azimpour102/JAXAtari src/jaxatari/games/jax_pooyan.py (code-index file id 9420532197; arrow_step, @jax.jit)
error: none
category: negative-lax-cond
expect: untouched
notes: `import chex` is replaced by a one-line stand-in providing chex.Array (chex is not installed). PooyanState and arrow_step verbatim (arrow_step is already decorated with @jax.jit in the project and is the entry point `f`). Stand-in: `Action` replaces jaxatari's JAXAtariAction (only FIRE = 1 is used). The rest of the file (renderer, sprite loading, player_step, env class, pygame loop) is dropped.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import NamedTuple, Tuple
import jax
import jax.lax
import jax.numpy as jnp
import types
chex = types.SimpleNamespace(Array=jnp.ndarray)  # stand-in: chex is not installed


class Action:  # stand-in for jaxatari.environment.JAXAtariAction
    NOOP = 0
    FIRE = 1
    UP = 2
    DOWN = 5


class PooyanState(NamedTuple):
    player_x: chex.Array
    player_y: chex.Array
    arrow_x: chex.Array
    arrow_y: chex.Array
    step_counter: chex.Array


@jax.jit
def arrow_step(state, action: chex.Array):
    could_fire = state.arrow_x <= 10
    fire = jnp.any(
            jnp.array(
                [
                    action == Action.FIRE,
                ]
            )
        )
    
    arrow_x = jax.lax.cond(
            could_fire,
            lambda _: jnp.where(
                fire, state.player_x, 0
            ),
            lambda _: state.arrow_x - 4,
            operand=None
        )
    arrow_y = jax.lax.cond(
            could_fire,
            lambda _: jnp.where(
                fire, state.player_y, 0
            ),
            lambda _: state.arrow_y,
            operand=None
        )
    
    return PooyanState(
        player_x=state.player_x,
        player_y=state.player_y,
        step_counter=state.step_counter,
        arrow_x=arrow_x,
        arrow_y=arrow_y
    )


f = arrow_step
# --- end user code ---

import numpy as np


def make_inputs(rng):
    state = PooyanState(
        player_x=np.int32(129),
        player_y=np.int32(rng.choice([61, 82, 103, 124])),
        arrow_x=np.int32(rng.choice([0, 4, 10, 11, 60, 129])),
        arrow_y=np.int32(rng.integers(40, 130)),
        step_counter=np.int32(rng.integers(0, 100)),
    )
    action = np.int32(rng.choice([Action.NOOP, Action.FIRE, Action.UP, Action.DOWN]))
    return (state, action)


INPUTS = make_inputs
