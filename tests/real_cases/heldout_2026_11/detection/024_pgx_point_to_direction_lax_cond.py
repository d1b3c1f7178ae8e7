"""pgx animal shogi after the jit migration: a chain of jax.lax.cond on traced offsets.

source: sotetsuk/pgx, the JAX animal-shogi module during its jit migration (the @jax.jit _point_to_direction / _hand_to_direction already rewritten with jax.lax.cond, next to the commented-out Python ifs they replaced); see https://github.com/sotetsuk/pgx/pull/342
error: none
category: negative-lax-cond-chain
expect: untouched
notes: verbatim (the commented-out original ifs dropped). Every branch on a traced value goes through jax.lax.cond with zero-argument lambdas; `direction = -1` is a Python initial value that the conds replace. Nothing concretizes a tracer.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax


# direction from the from/to squares
@jax.jit
def _point_to_direction(_from: int, to: int, promote: int, turn: int) -> int:
    direction = -1
    dis = to - _from
    # flip the move of the second player
    dis = jax.lax.cond(
        turn == 1,
        lambda: -dis,
        lambda: dis
    )
    # UP, UP_LEFT, UP_RIGHT, LEFT, RIGHT, DOWN, DOWN_LEFT, DOWN_RIGHT, UP_PROMOTE...
    direction = jax.lax.cond(
        dis == -1,
        lambda: 0,
        lambda: direction
    )
    direction = jax.lax.cond(
        dis == 3,
        lambda: 1,
        lambda: direction
    )
    direction = jax.lax.cond(
        dis == -5,
        lambda: 2,
        lambda: direction
    )
    direction = jax.lax.cond(
        dis == 4,
        lambda: 3,
        lambda: direction
    )
    direction = jax.lax.cond(
        dis == -4,
        lambda: 4,
        lambda: direction
    )
    direction = jax.lax.cond(
        dis == 1,
        lambda: 5,
        lambda: direction
    )
    direction = jax.lax.cond(
        dis == 5,
        lambda: 6,
        lambda: direction
    )
    direction = jax.lax.cond(
        dis == -3,
        lambda: 7,
        lambda: direction
    )
    direction = jax.lax.cond(
        promote == 1,
        lambda: direction + 8,
        lambda: direction
    )
    return direction


f = _point_to_direction
# --- end user code ---

import numpy as np


def make_inputs(rng):
    frm = int(rng.integers(0, 12))
    to = int(np.clip(frm + rng.choice([-5, -4, -3, -1, 1, 3, 4, 5, 2]), 0, 11))
    return (np.int32(frm), np.int32(to), np.int32(rng.integers(0, 2)), np.int32(rng.integers(0, 2)))


INPUTS = make_inputs
