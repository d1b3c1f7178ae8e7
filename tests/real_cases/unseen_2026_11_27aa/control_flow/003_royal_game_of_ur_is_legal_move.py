"""Royal Game of Ur engine: `is_legal_move` is a chain of early `return False` on board lookups and a chained comparison.

source: public JAX Royal Game of Ur engine in the code index (file id 10091842564, the revision with
    `from jax.ops import index, index_update`; later revisions 9896419527 / 9929795778 move the constants to
    BOARD_* globals; the index does not name the repository): class `Ur` (`__init__` fields, `is_legal_move`)
error: TracerBoolConversionError
category: early-return-chain / chained-comparison-on-traced
expect: fix
notes: `is_legal_move` verbatim except its first branch (`if move == 'pass': return self.legal_moves() ==
    ['pass']`), which compares with a string and calls the host-side move generator, dropped. `Ur.__init__`
    replaced by a stand-in that sets the same board constants (start/finish/safe_square...) and takes the
    board, turn and roll directly instead of calling `reset()`/`roll()` (NumPy RNG). Added the jitted entry
    point `f(board, turn, rolled, move)`: the same file already jits `legal_moves_array` and `get_new_board`
    on these arrays. board is the (2, 17) int8 layout of the class docstring.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Ur:
    """
    we unroll this and copy the middle row that's shared between the two players, to give:
    ------------------------------------------------------------------------
    s | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | f | t |
    ----------------------------------------------------------------------
    s | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | f | t |
    ------------------------------------------------------------------------
    """

    def __init__(self, board, turn, rolled):
        # board
        self.start = 0
        self.finish = 15
        self.turn_index = 16
        self.rosettes = [4, 8, 14]
        self.safe_square = 8

        # piece
        self.n_pieces = 7

        # state
        self.board = board
        self.turn = turn
        self.other = (turn + 1) % 2
        self.rolled = rolled

    # Not used as moves are played by selecting from legal_moves
    def is_legal_move(self, move):
        # Conditions under which it's false:
        # 1. either start or end square off the board
        if not self.start <= move <= self.finish - self.rolled:
            return False

        # 2. no player stone to move
        if self.board[self.turn, move] == 0:
            return False

        end = move + self.rolled

        # 3. player occupies end square, and it's not the finish square
        if self.board[self.turn, end] == 1 and end != self.finish:
            return False

        # 4. end square is the safe space and the opponent occupies it
        if end == self.safe_square and self.board[self.other, self.safe_square] == 1:
            return False

        # otherwise it's legal
        return True


@jax.jit
def f(board, turn, rolled, move):
    return Ur(board, turn, rolled).is_legal_move(move)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    board = np.zeros((2, 17), dtype=np.int8)
    for p in range(2):
        squares = rng.choice(np.arange(1, 15), size=int(rng.integers(0, 6)), replace=False)
        board[p, squares] = 1
        rest = 7 - len(squares)
        fin = int(rng.integers(0, rest + 1))
        board[p, 0] = rest - fin
        board[p, 15] = fin
    turn = int(rng.integers(0, 2))
    board[turn, 16] = 1
    rolled = int(rng.integers(1, 5))
    # the judge seeds trial t with SEED + t: cycle through the five outcomes of is_legal_move
    kind = int(rng.bit_generator.seed_seq.entropy) % 5
    if kind == 0:      # 1. off the board (too far or negative)
        move = int(rng.choice([-1, 15 - rolled + 1, 16]))
    elif kind == 1:    # 2. no stone on the start square
        move = int(rng.integers(1, 15 - rolled + 1))
        board[turn, move] = 0
    elif kind == 2:    # 3. own stone on the end square (not the finish)
        move = int(rng.integers(0, 14 - rolled + 1))
        board[turn, move] = max(board[turn, move], 1)
        board[turn, move + rolled] = 1
    elif kind == 3:    # 4. the safe square is taken by the opponent
        move = 8 - rolled
        board[turn, move] = max(board[turn, move], 1)
        board[turn, 8] = 0
        board[1 - turn, 8] = 1
    else:              # legal: a stone to move, free end square (or the finish), safe square not blocked
        move = int(rng.integers(0, 15 - rolled + 1))
        end = move + rolled
        board[turn, move] = max(board[turn, move], 1)
        if end != 15:
            board[turn, end] = 0
        if end == 8:
            board[1 - turn, 8] = 0
    return (board, np.int32(turn), np.int32(rolled), np.int32(move))


INPUTS = make_inputs


@jax.jit
def reference_fix(board, turn, rolled, move):
    start, finish, safe_square = 0, 15, 8
    other = (turn + 1) % 2
    on_board = (start <= move) & (move <= finish - rolled)
    m = jnp.clip(move, 0, board.shape[1] - 1)
    end = move + rolled
    e = jnp.clip(end, 0, board.shape[1] - 1)
    has_stone = board[turn, m] != 0
    own_blocked = (board[turn, e] == 1) & (end != finish)
    safe_blocked = (end == safe_square) & (board[other, safe_square] == 1)
    return on_board & has_stone & ~own_blocked & ~safe_blocked
