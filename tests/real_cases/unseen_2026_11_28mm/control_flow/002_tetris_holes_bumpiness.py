"""Tetris board features: a `while row < height and col[row] == 0` scan per column, then NumPy on the board.

source: Adasiii/Tetris-JAX src/tetris.py at df31caba197f7e409d7cd5ff4192aff807283358 (code-index file id 30039474771): class Tetris, get_holes, get_bumpiness_and_height (the features of get_state_properties)
error: TracerBoolConversionError
category: while-scan-per-column
expect: fix
notes: A Deep-Q Tetris port whose board features are computed with Python loops (get_holes: a `for col in
  zip(*board)` over columns with a `while` scanning down to the first filled cell) and NumPy
  (get_bumpiness_and_height: `np.array(board)`, np.where/np.argmax). Under jit the `while` condition is a traced
  bool. The methods are verbatim; rendering (cv2, PIL, matplotlib style) is dropped from the class, and the
  entry point `f` jits the holes/bumpiness/height part of get_state_properties on a board array (the
  lines-cleared part deletes list rows and is left out).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp
import random


class Tetris:
    pieces = [
        [[1, 1],
         [1, 1]],

        [[0, 2, 0],
         [2, 2, 2]],

        [[0, 3, 3],
         [3, 3, 0]],

        [[4, 4, 0],
         [0, 4, 4]],

        [[5, 5, 5, 5]],

        [[0, 0, 6],
         [6, 6, 6]],

        [[7, 0, 0],
         [7, 7, 7]]
    ]

    def __init__(self, height=20, width=10, block_size=20):
        self.height = height
        self.width = width
        self.block_size = block_size
        self.board = [[0] * self.width for _ in range(self.height)]
        self.score = 0
        self.tetrominoes = 0
        self.cleared_lines = 0
        self.bag = list(range(len(self.pieces)))
        random.shuffle(self.bag)
        self.ind = self.bag.pop()
        self.piece = [row[:] for row in self.pieces[self.ind]]
        self.current_pos = {"x": self.width // 2 - len(self.piece[0]) // 2, "y": 0}
        self.gameover = False

    def get_holes(self, board):
        num_holes = 0
        for col in zip(*board):
            row = 0
            while row < self.height and col[row] == 0:
                row += 1
            num_holes += len([x for x in col[row + 1:] if x == 0])
        return num_holes

    def get_bumpiness_and_height(self, board):
        board = np.array(board)
        mask = board != 0
        invert_heights = np.where(mask.any(axis=0), np.argmax(mask, axis=0), self.height)
        heights = self.height - invert_heights
        total_height = np.sum(heights)
        currs = heights[:-1]
        nexts = heights[1:]
        diffs = np.abs(currs - nexts)
        total_bumpiness = np.sum(diffs)
        return total_bumpiness, total_height


env = Tetris()


@jax.jit
def f(board):
    holes = env.get_holes(board)
    bumpiness, height = env.get_bumpiness_and_height(board)
    return jnp.array([holes, bumpiness, height], dtype=jnp.float32)
# --- end user code ---


def make_inputs(rng):
    h, w = 20, 10
    board = np.zeros((h, w), dtype=np.int32)
    heights = rng.integers(0, h + 1, size=w)
    heights[rng.integers(0, w)] = 0          # an empty column: the while runs to the bottom
    heights[rng.integers(0, w)] = h          # a full-height column
    for c in range(w):
        top = h - heights[c]
        board[top:, c] = rng.integers(1, 8, size=heights[c])
        if heights[c] > 1:
            # holes below the first filled cell
            holes = rng.random(heights[c] - 1) < 0.3
            board[top + 1:, c][holes] = 0
    return (board,)


INPUTS = make_inputs


@jax.jit
def reference_fix(board):
    height = board.shape[0]
    mask = board != 0
    any_filled = mask.any(axis=0)
    first = jnp.where(any_filled, jnp.argmax(mask, axis=0), height)
    rows = jnp.arange(height)[:, None]
    holes = jnp.sum((rows > first[None, :]) & ~mask)
    heights = height - first
    bumpiness = jnp.sum(jnp.abs(heights[:-1] - heights[1:]))
    return jnp.array([holes, bumpiness, jnp.sum(heights)], dtype=jnp.float32)
