"""pgx animal shogi: a reward helper branches on the traced side-to-move; its lax.cond fix sits commented out.

source: sotetsuk/pgx, the JAX animal-shogi module during its jit migration (_turn_to_reward with the `#@jax.jit` decorator and the jax.lax.cond body commented out above the Python if; _another_color); see https://github.com/sotetsuk/pgx/pull/342
error: TracerBoolConversionError
category: helper-if-on-state-field
expect: fix
notes: _turn_to_reward and _another_color verbatim (commented-out lines kept); the state is a NamedTuple with the shape-(1,) turn field the module uses. f is the terminal-reward expression of jax_step, `_turn_to_reward(_another_color(s))`, jitted. The commented-out lax.cond is the intended rewrite, but with the (1,)-shaped turn the predicate must be reduced to a scalar (the eager function returns a Python int, shape ()).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp


class JaxAnimalShogiState(NamedTuple):
    turn: jax.Array   # (1,) 0 for the first player, 1 for the second
    hand: jax.Array


#@jax.jit
def _turn_to_reward(turn: int) -> int:
    #reward = jax.lax.cond(
     #   turn == 0,  # cond
      #  lambda: 1,  # if true
       # lambda: -1,  # if false
    #)
    #return reward
    if turn == 0:
        return 1
    else:
        return -1


# the colour that is not to move
def _another_color(state: JaxAnimalShogiState) -> int:
    return (state.turn + 1) % 2


@jax.jit
def f(s):
    return _turn_to_reward(_another_color(s))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (JaxAnimalShogiState(np.array([rng.integers(0, 2)], np.int32),
                                rng.integers(0, 3, size=6).astype(np.int32)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(s):
    turn = (s.turn + 1) % 2
    return jnp.where(turn[0] == 0, 1, -1)
