"""Tic-tac-toe winner check in jax.numpy: a `for` over rows/columns with early `return`s on chained traced comparisons.

source: public JAX tic-tac-toe policy-learning script in the code index (file ids 16945449671 and 16754923443, two revisions; the index does not name its repository): `board_win` (identical in both revisions). The same file already jits `full_board`, `policy_model`, `loss` and the weight updates.
error: TracerBoolConversionError
category: for-early-return-chained-compare
expect: fix
notes: `board_win` and the constants verbatim; `f = jax.jit(board_win)` is added (the script calls `board_win` eagerly inside its random self-play loop). `a == b == c` on traced scalars is Python's `(a == b) and (b == c)`, so the first bool conversion already fails. The early returns are order-sensitive: an all-blank column or row returns BLANK before any later line is looked at, and a correct rewrite must keep that first-match order (column i, row i for i = 0..2, then the two diagonals).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from jax import jit, random
import jax
import jax.numpy as jnp


NOUGHT = 1
CROSS = -1
BLANK = 0

def board_win(board):
    for i in range(3):
        # Columns
        if jnp.all(board[i] == board[i+3] == board[i+6]):
            return board[i]
        # Rows
        if jnp.all(board[3*i] == board[3*i+1] == board[3*i+2]):
            return board[3*i]
    # TL to BR diagonal
    if jnp.all(board[0] == board[4] == board[8]):
        return board[0]
    # TR to BL diagonal
    if jnp.all(board[2] == board[4] == board[6]):
        return board[2]
    return BLANK


f = jax.jit(board_win)
# --- end user code ---

import numpy as np

_LINES = [(0, 3, 6), (0, 1, 2), (1, 4, 7), (3, 4, 5), (2, 5, 8), (6, 7, 8), (0, 4, 8), (2, 4, 6)]


def make_inputs(rng):
    board = rng.choice([NOUGHT, CROSS, BLANK], size=9, p=[0.4, 0.4, 0.2]).astype(np.int32)
    if rng.uniform() < 0.5:
        # force a completed line (any of the eight, including the diagonals)
        line = _LINES[rng.integers(len(_LINES))]
        board[list(line)] = rng.choice([NOUGHT, CROSS])
    return (board,)


INPUTS = make_inputs


@jax.jit
def reference_fix(board):
    # lines in the order the original tests them
    idx = jnp.array(_LINES)
    a, b, c = board[idx[:, 0]], board[idx[:, 1]], board[idx[:, 2]]
    match = (a == b) & (b == c)
    first = jnp.argmax(match)
    return jnp.where(jnp.any(match), a[first], BLANK).astype(board.dtype)
