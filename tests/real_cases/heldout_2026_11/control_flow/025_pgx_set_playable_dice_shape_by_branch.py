"""pgx's early jnp backgammon `_set_playable_dice`: the two branches of `if dice[0] == dice[1]:` return arrays of different shapes.

source: sotetsuk/pgx pgx/backgammon.py (the same early jax.numpy revision as case 021: _set_playable_dice; a later revision rewrote it as `(dice[0] == dice[1]) * jnp.array([dice[0]] * 4) + (dice[0] != dice[1]) * jnp.array([dice[0], dice[1], -1, -1])`)
error: TracerBoolConversionError
category: branch-dependent-output-shape
expect: report
notes: verbatim (the Japanese docstring "-1 means empty" translated), jitted on the traced dice. Doubles return `jnp.array([dice[0] * 4])`, shape (1,), and other rolls a shape (4,) array, so the output shape depends on the data and no behaviour-preserving jit-safe rewrite exists (the later revision's fix changes the doubles result to four entries). The leak should be reported, not patched into something with a different result.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def _set_playable_dice(dice: jnp.ndarray) -> jnp.ndarray:
    """
    -1 means empty.
    """
    if dice[0] == dice[1]:
        return jnp.array([dice[0] * 4], dtype=np.int8)
    else:
        return jnp.array([dice[0], dice[1], -1, -1], dtype=np.int8)


f = jax.jit(_set_playable_dice)
# --- end user code ---


def make_inputs(rng):
    d0 = rng.integers(0, 6)
    d1 = d0 if rng.uniform() < 0.3 else rng.integers(0, 6)
    return (np.array([d0, d1], np.int8),)


INPUTS = make_inputs
