"""pgx mini Go: `_check_kou` is one `and`/`or` expression over a state object's board and traced coordinates.

source: sotetsuk/pgx pgx/_mini_go.py at 8fa3c517e28354148e89151779d391c32cacbff2 (MiniGoState, _to_xy, _check_kou as called from _not_pass_move: `is_kou = _check_kou(state, x, y, oppo_color)`); the later jitted Go port replaced it by `_kou_occurred`, which builds `oob = jnp.bool_([x - 1 < 0, x + 1 >= size, y - 1 < 0, y + 1 >= size])` and combines masks
error: TracerBoolConversionError
category: object-field-and-or-chain
expect: fix
notes: _to_xy and _check_kou verbatim (its `x < 0` / `y < 0` tests are as written, so at the left/top edge the board index wraps, exactly as NumPy indexing did); MiniGoState, a flax struct dataclass with NumPy defaults in the source, is reduced to a plain dataclass holding the one field read here, and `np` is jax.numpy as in the jitted port. `f` jits the call made by _not_pass_move. Inputs place the move on edges and corners and fill neighbours at random so both outcomes occur.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass

import jax
import jax.numpy as np

BOARD_SIZE = 5


@dataclass
class MiniGoState:
    ren_id_board: np.ndarray


def _to_xy(x, y) -> int:
    return x * BOARD_SIZE + y


def _check_kou(state: MiniGoState, x, y, oppo_color) -> bool:
    return (
        (x < 0 or state.ren_id_board[oppo_color][_to_xy(x - 1, y)] != -1)
        and (
            x >= BOARD_SIZE - 1
            or state.ren_id_board[oppo_color][_to_xy(x + 1, y)] != -1
        )
        and (y < 0 or state.ren_id_board[oppo_color][_to_xy(x, y - 1)] != -1)
        and (
            y >= BOARD_SIZE - 1
            or state.ren_id_board[oppo_color][_to_xy(x, y + 1)] != -1
        )
    )


@jax.jit
def f(ren_id_board, x, y, oppo_color):
    state = MiniGoState(ren_id_board=ren_id_board)
    return _check_kou(state, x, y, oppo_color)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    occupied = rng.random((2, BOARD_SIZE * BOARD_SIZE)) < 0.75
    ids = rng.integers(0, 25, size=(2, BOARD_SIZE * BOARD_SIZE))
    ren_id_board = onp.where(occupied, ids, -1).astype(onp.int32)
    x = onp.int32(rng.choice([0, 1, 2, 3, 4]))
    y = onp.int32(rng.choice([0, 1, 2, 3, 4]))
    oppo_color = onp.int32(rng.integers(0, 2))
    return (ren_id_board, x, y, oppo_color)


INPUTS = make_inputs


@jax.jit
def reference_fix(ren_id_board, x, y, oppo_color):
    board = ren_id_board[oppo_color]
    return (
        ((x < 0) | (board[_to_xy(x - 1, y)] != -1))
        & ((x >= BOARD_SIZE - 1) | (board[_to_xy(x + 1, y)] != -1))
        & ((y < 0) | (board[_to_xy(x, y - 1)] != -1))
        & ((y >= BOARD_SIZE - 1) | (board[_to_xy(x, y + 1)] != -1))
    )
