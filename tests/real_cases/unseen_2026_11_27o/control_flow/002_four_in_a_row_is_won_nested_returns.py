"""Four-in-a-row win check ported to jax.numpy: `for row in board` loops, nested helpers with early returns, `and` and `or` on traced values.

source: GuyKabiri/Four-in-a-Row utils.py at 05624fcf593e13d740247e2b88695c83a8205331 (is_won)
error: TracerBoolConversionError
category: nested-helpers-early-return-and-or
expect: fix
notes: NumPy -> jax.numpy port of is_won (docstrings shortened): `np.array`, `np.flip` and
  `np.diagonal` become their jnp versions. Nothing else changed. The game calls
  is_won(board, target); here `f = jax.jit(is_won, static_argnames="n")` with the board and
  the player id traced. Under jit, the first traced bool is `row[c] == target and ...` in
  check_row. The counters, the `return True` inside the loops and the final `or` chain all
  have to become array logic (a run of n equal cells on any row, column or diagonal).
  `board.ndim != 2` is static.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp


def is_won(board, target, n=4):
    '''
    Check if the target user has n-in-a-row.

        Returns:
            won (bool): True if there is n-in-a-row, False otherwise.
    '''
    #   force to numpy
    board = jnp.array(board)
    if board.ndim != 2:
        return False

    def check_row(row):
        count = 0
        #   iterate over the column but the last index
        for c in range( len(row)-1 ):
            #   if current equals to the next one and to the target, count it, otherwise reset the count
            if row[c] == target and row[c] == row[c+1]:
                count += 1
            else:
                count = 0

            #   if matched 'n' values in a row (3 matches means there are 4 values in a row)
            if count == n - 1:
                return True
        return False

    def check_rows(board):
        for row in board:               #   iterate over the rows
            if check_row(row):          #   if found a row with n-in-a-row, return true
                return True
        return False

    def check_cols(board):
        #   transpose the matrix so the columns become rows
        return check_rows(board.T)

    def check_diags(board):
        #   calculate the min and max diagonal to check
        rows, cols = board.shape
        min_diag = n - rows
        max_diag = cols - n

        #   in order to check diagonals in both direction, iterate the original board and the vertically flipped board
        for b in [board, jnp.flip(board, axis=1)]:
            for offset in range(min_diag, max_diag+1):
                diag = jnp.diagonal(b, offset=offset)
                if check_row(diag):
                    return True
        return False

    return check_rows(board) or check_cols(board) or check_diags(board)


f = jax.jit(is_won, static_argnames="n")
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # sparse random 6x7 board with pieces of players 1 and 2
    board = rng.choice([0, 0, 0, 1, 2], size=(6, 7)).astype(np.int32)
    kind = rng.integers(0, 5)
    p = int(rng.integers(1, 3))
    if kind == 0:    # plant a horizontal run
        r, c = rng.integers(0, 6), rng.integers(0, 4)
        board[r, c:c + 4] = p
    elif kind == 1:  # vertical
        r, c = rng.integers(0, 3), rng.integers(0, 7)
        board[r:r + 4, c] = p
    elif kind == 2:  # diagonal
        r, c = rng.integers(0, 3), rng.integers(0, 4)
        for k in range(4):
            board[r + k, c + k] = p
    elif kind == 3:  # anti-diagonal
        r, c = rng.integers(0, 3), rng.integers(3, 7)
        for k in range(4):
            board[r + k, c - k] = p
    target = np.int32(rng.integers(1, 3))
    return board, target


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnames="n")
def reference_fix(board, target, n=4):
    board = jnp.asarray(board)
    rows, cols = board.shape
    hit = board == target
    won = jnp.array(False)
    # horizontal and vertical windows
    for r in range(rows):
        for c in range(cols - n + 1):
            won = won | jnp.all(hit[r, c:c + n])
    for c in range(cols):
        for r in range(rows - n + 1):
            won = won | jnp.all(hit[r:r + n, c])
    # both diagonal directions
    for b in [hit, jnp.flip(hit, axis=1)]:
        for r in range(rows - n + 1):
            for c in range(cols - n + 1):
                won = won | jnp.all(jnp.stack([b[r + k, c + k] for k in range(n)]))
    return won
