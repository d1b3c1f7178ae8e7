"""Tic-tac-toe win check: two `for` loops that `return True` on `np.all(board[i] == player)`, else `return False`.

source: GitContainer/PH526x homework/week2/Exercise_6.py (row_win, HarvardX PH526x "Using Python for Research" tic-tac-toe exercise)
error: TracerBoolConversionError
category: for-early-return-bool
expect: fix
notes: row_win verbatim with numpy replaced by jax.numpy and jax.jit applied; board and player are traced.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


@jax.jit
def f(board, player):
    for i in range(board.shape[0]):
        if np.all(board[i] == player):
            return True
    for j in range(board.shape[1]):
        if np.all(board[:, j] == player):
            return True
    return False
# --- end user code ---

import numpy
import jax.numpy as jnp


def make_inputs(rng):
    board = rng.integers(0, 3, size=(3, 3)).astype(numpy.int32)
    player = int(rng.integers(1, 3))
    kind = rng.integers(0, 3)
    if kind == 0:
        board[rng.integers(0, 3), :] = player
    elif kind == 1:
        board[:, rng.integers(0, 3)] = player
    return (board, numpy.int32(player))


INPUTS = make_inputs


@jax.jit
def reference_fix(board, player):
    m = board == player
    return jnp.any(jnp.all(m, axis=1)) | jnp.any(jnp.all(m, axis=0))
