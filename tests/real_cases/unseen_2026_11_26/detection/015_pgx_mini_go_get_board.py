"""pgx mini Go: `get_board` assigns into a NumPy board through masks computed from the state's traced `ren_id_board`.

source: sotetsuk/pgx pgx/_mini_go.py at 8fa3c517e28354148e89151779d391c32cacbff2 (BLACK/WHITE/BOARD_SIZE, MiniGoState.ren_id_board, get_board)
error: TracerArrayConversionError
category: numpy-mask-assignment-via-object
expect: fix
notes: get_board verbatim; MiniGoState (a flax struct dataclass with NumPy defaults in the source) is reduced to a plain dataclass holding `ren_id_board`. `f` jits the board rendering used by the observation and scoring code. The leak is `board[state.ren_id_board[BLACK] != -1] = 0`: a NumPy array written through a traced boolean mask, reached through the state object. Inputs have empty points and stones of both colours.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass

import jax
import numpy as np

BOARD_SIZE = 5

BLACK = 0
WHITE = 1


@dataclass
class MiniGoState:
    ren_id_board: np.ndarray


def get_board(state: MiniGoState) -> np.ndarray:
    board = np.full(BOARD_SIZE * BOARD_SIZE, 2)
    board[state.ren_id_board[BLACK] != -1] = 0
    board[state.ren_id_board[WHITE] != -1] = 1
    return board


@jax.jit
def f(ren_id_board):
    return get_board(MiniGoState(ren_id_board=ren_id_board))
# --- end user code ---


def make_inputs(rng):
    colour = rng.integers(0, 3, size=BOARD_SIZE * BOARD_SIZE)  # 0 black, 1 white, 2 empty
    ids = rng.integers(0, 25, size=BOARD_SIZE * BOARD_SIZE)
    ren_id_board = np.full((2, BOARD_SIZE * BOARD_SIZE), -1)
    ren_id_board[0] = np.where(colour == 0, ids, -1)
    ren_id_board[1] = np.where(colour == 1, ids, -1)
    return (ren_id_board.astype(np.int32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(ren_id_board):
    import jax.numpy as jnp
    board = jnp.full(BOARD_SIZE * BOARD_SIZE, 2)
    board = jnp.where(ren_id_board[BLACK] != -1, 0, board)
    board = jnp.where(ren_id_board[WHITE] != -1, 1, board)
    return board
