"""pgx shogi: a loop walks back along a direction with `80 >= f >= 0 and _from == -1 and ...`.

source: sotetsuk/pgx, pgx/shogi.py NumPy-era version (_direction_to_dif / _direction_to_from / _piece_type), the code that https://github.com/sotetsuk/pgx/pull/295 ("[Shogi] Enable jitting", listing _dlaction_to_action) made jittable
error: TracerBoolConversionError
category: chained-comparison-and-loop
expect: fix
notes: ShogiState reduced to a NamedTuple (turn, one-hot board (29, 81)); the three functions are verbatim. f jits _direction_to_from for a traced direction/target square. The chained comparison short-circuits before the board read, so the rewrite must clip the index when it evaluates all nine steps with jnp.where.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple, Tuple

import jax
import jax.numpy as jnp


class ShogiState(NamedTuple):
    turn: jax.Array
    board: jax.Array  # (29, 81) one-hot piece planes, plane 0 = empty


# how far `from` is from `to` for a direction
def _direction_to_dif(direction: int, turn: int) -> int:
    dif = 0
    if direction % 10 == 0:
        dif = -1
    if direction % 10 == 1:
        dif = 8
    if direction % 10 == 2:
        dif = -10
    if direction % 10 == 3:
        dif = 9
    if direction % 10 == 4:
        dif = -9
    if direction % 10 == 5:
        dif = 1
    if direction % 10 == 6:
        dif = 10
    if direction % 10 == 7:
        dif = -8
    if direction % 10 == 8:
        dif = 7
    if direction % 10 == 9:
        dif = -11
    if turn == 0:
        return dif
    else:
        return -dif


def _piece_type(state: ShogiState, point: int):
    return state.board[:, point].argmax()


# find `from` (including long-range pieces) from direction, to and state;
# also return whether the move promotes
def _direction_to_from(
    direction: int, to: int, state: ShogiState
) -> Tuple[int, bool]:
    dif = _direction_to_dif(direction, state.turn)
    f = to
    _from = -1
    for i in range(9):
        f -= dif
        if 80 >= f >= 0 and _from == -1 and _piece_type(state, f) != 0:
            _from = f
    if direction >= 10:
        return _from, True
    else:
        return _from, False


f = jax.jit(_direction_to_from)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    pieces = np.where(rng.random(81) < 0.3, rng.integers(1, 29, size=81), 0)
    board = np.zeros((29, 81), np.int32)
    board[pieces, np.arange(81)] = 1
    state = ShogiState(np.int32(rng.integers(0, 2)), board)
    return np.int32(rng.integers(0, 20)), np.int32(rng.integers(0, 81)), state


INPUTS = make_inputs

_DIF = jnp.array([-1, 8, -10, 9, -9, 1, 10, -8, 7, -11], dtype=jnp.int32)


@jax.jit
def reference_fix(direction, to, state):
    dif = _DIF[direction % 10]
    dif = jnp.where(state.turn == 0, dif, -dif)
    f = to
    _from = jnp.int32(-1)
    for _ in range(9):
        f = f - dif
        in_board = (f >= 0) & (f <= 80)
        occupied = state.board[:, jnp.clip(f, 0, 80)].argmax() != 0
        _from = jnp.where(in_board & (_from == -1) & occupied, f, _from)
    return _from, direction >= 10
