"""pgx animal shogi: an if-chain (with `or`) over a traced direction picks a board offset.

source: sotetsuk/pgx, the JAX animal-shogi module during its jit migration (_direction_to_from before it was rewritten with jax.lax.cond/jnp lookups); see https://github.com/sotetsuk/pgx/pull/295 and https://github.com/sotetsuk/pgx/pull/342
error: TracerBoolConversionError
category: if-chain-or-lookup
expect: fix
notes: verbatim; jitted directly on (direction, to, turn) scalars as the module's tests jit its helpers. direction ranges over the move directions 0..8 (8 = promoting move up).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Tuple

import jax
import jax.numpy as jnp


# from the direction, get how far `from` is from `to`, and whether it promotes
# (needs the side to move)
def _direction_to_from(direction: int, to: int, turn: int) -> Tuple[int, int]:
    dif = 0
    if direction == 0 or direction == 8:
        dif = -1
    if direction == 1:
        dif = 3
    if direction == 2:
        dif = -5
    if direction == 3:
        dif = 4
    if direction == 4:
        dif = -4
    if direction == 5:
        dif = 1
    if direction == 6:
        dif = 5
    if direction == 7:
        dif = -3
    if turn == 0:
        if direction >= 8:
            return to - dif, 1
        else:
            return to - dif, 0
    else:
        if direction >= 8:
            return to + dif, 1
        else:
            return to + dif, 0


f = jax.jit(_direction_to_from)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.int32(rng.integers(0, 9)), np.int32(rng.integers(0, 12)),
            np.int32(rng.integers(0, 2)))


INPUTS = make_inputs

_DIF = jnp.array([-1, 3, -5, 4, -4, 1, 5, -3, -1], dtype=jnp.int32)


@jax.jit
def reference_fix(direction, to, turn):
    dif = _DIF[direction]
    frm = jnp.where(turn == 0, to - dif, to + dif)
    return frm, (direction >= 8).astype(jnp.int32)
