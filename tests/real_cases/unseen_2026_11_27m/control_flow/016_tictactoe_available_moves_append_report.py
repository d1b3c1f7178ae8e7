"""Tic-tac-toe legal moves: a `for` over the 9 cells that appends `i` when the traced cell is blank - the output length depends on the board.

source: public JAX tic-tac-toe policy-learning script in the code index (file ids 16945449671 and 16754923443, two revisions; the index does not name its repository): `available_moves` (identical in both revisions; used by `play` and `random_strategy`).
error: TracerBoolConversionError
category: for-conditional-append-dynamic-shape
expect: report
notes: `available_moves` and the constants verbatim; `f = jax.jit(available_moves)` is added (the script calls it eagerly). Under jit the first failure is the traced `if board[i] == BLANK`; even without it the result has one entry per blank cell, so its shape depends on the board and there is no same-shape jit rewrite (a fixed-size variant such as `jnp.nonzero(board == BLANK, size=9, fill_value=...)` changes what callers receive, e.g. `random.choice` would pick fill values).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from jax import jit, random
import jax
import jax.numpy as jnp


NOUGHT = 1
CROSS = -1
BLANK = 0

def available_moves(board: jax.Array) -> list[int]:
    out = jnp.empty(0, dtype=jnp.int32)
    for i in range(9):
        if board[i] == BLANK:
            out = jnp.append(out, i)

    return out


f = jax.jit(available_moves)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    p_blank = rng.uniform(0.1, 0.9)
    board = rng.choice([NOUGHT, CROSS, BLANK], size=9,
                       p=[(1 - p_blank) / 2, (1 - p_blank) / 2, p_blank]).astype(np.int32)
    return (board,)


INPUTS = make_inputs
