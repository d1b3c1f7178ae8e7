"""G5 (gomoku in JAX): `victorious` returns from inside a kernel loop on traced `.any()` tests, and `judge` branches on it.

source: zackxzhang/G5 g5/state.py at 898ae1f921f8a0f6c2330b45f9b554872ea3837e (kernels, conv, victorious, impasse, judge)
error: TracerBoolConversionError
category: for-early-return-if-elif
expect: fix
notes: kernels, conv, victorious, impasse and judge are verbatim (conv and impasse are already @jax.jit in this revision; victorious and judge are not). The jaxtyping aliases (`Board = Int[Array, '15 15']`, `Stone = int`) are replaced by plain aliases because jaxtyping is not a dependency here; unused helpers (stringify, affordance, transition...) are dropped; `f = jax.jit(judge)` is added. Eager semantics to preserve: the first kernel (row, column, diagonal, anti-diagonal order) that shows five of either colour decides, X (+1) before O (-1) within a kernel; otherwise 0 for a full board and 9 for a game in progress.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax                                                        # type: ignore
import jax.numpy as jnp                                           # type: ignore
import jax.scipy as jsp                                           # type: ignore
from jax import Array                                             # type: ignore
from typing import TypeAlias


Stone: TypeAlias = int
Board: TypeAlias = Array


kernels = [
    jnp.ones((1, 5), dtype=float),
    jnp.ones((5, 1), dtype=float),
    jnp.eye(5, dtype=float),
    jnp.fliplr(jnp.eye(5, dtype=float)),
]


@jax.jit
def conv(x, y):
    return jsp.signal.convolve2d(x, y, mode='valid')


def victorious(board: Board) -> int:
    for kernel in kernels:
        points = conv(board, kernel)
        if (points == 5).any():
            return 1
        elif (points == -5).any():
            return -1
    return 0


@jax.jit
def impasse(board: Board):
    return (board == 0).sum() == 0


def judge(board: Board) -> Stone:
    victor = victorious(board)
    if victor != 0:
        return victor
    if impasse(board):
        return 0
    return 9


f = jax.jit(judge)
# --- end user code ---

import numpy as np


def _plant_five(rng, board, stone, orientation=None):
    if orientation is None:
        orientation = int(rng.integers(4))
    di, dj = [(0, 1), (1, 0), (1, 1), (1, -1)][orientation]
    i0 = int(rng.integers(0, 11)) if di else int(rng.integers(0, 15))
    j0 = int(rng.integers(4, 15)) if dj < 0 else (int(rng.integers(0, 11)) if dj else int(rng.integers(0, 15)))
    for k in range(5):
        board[i0 + k * di, j0 + k * dj] = stone
    return board


def make_inputs(rng):
    scenario = int(rng.integers(6))  # 0 and 5: game in progress
    if scenario == 3:
        # full board with no five in a row anywhere: a draw (impasse)
        i, j = np.indices((15, 15))
        board = np.where(((j + 2 * i) // 2) % 2 == 0, 1, -1)
        if rng.uniform() < 0.5:
            board = board.T
        if rng.uniform() < 0.5:
            board = -board
        return (board.astype(np.int32),)
    # a game in progress: a few scattered stones
    board = np.zeros((15, 15), dtype=np.int32)
    cells = rng.choice(225, size=20, replace=False)
    board.flat[cells] = rng.choice([-1, 1], size=20)
    if scenario == 1:
        board = _plant_five(rng, board, 1)
    elif scenario == 2:
        board = _plant_five(rng, board, -1)
    elif scenario == 4:
        # both colours have five: the kernel order decides (rows are checked first)
        board = _plant_five(rng, board, 1, orientation=1)
        board = _plant_five(rng, board, -1, orientation=0)
    return (board,)


INPUTS = make_inputs


@jax.jit
def reference_fix(board):
    victor = jnp.int32(0)
    decided = jnp.bool_(False)
    for kernel in kernels:
        points = conv(board, kernel)
        x_wins = (points == 5).any()
        o_wins = (points == -5).any()
        here = jnp.where(x_wins, 1, jnp.where(o_wins, -1, 0))
        victor = jnp.where(decided, victor, here)
        decided = decided | x_wins | o_wins
    return jnp.where(victor != 0, victor, jnp.where(impasse(board), 0, 9))
