"""pgx mini Go: neighbour helpers build positions with `np.array` and test them with an `or` chain.

source: sotetsuk/pgx pgx/_mini_go.py at 8fa3c517e28354148e89151779d391c32cacbff2 (NumPy-era BOARD_SIZE, NSEW, _is_off_board, _pos_to_xy, _xy_to_pos, and the neighbour scan `around_mypos = _xy_to_pos(xy) + nsew; if _is_off_board(around_mypos): continue; xy_around_mypos = _pos_to_xy(around_mypos)` of _get_ji_id_board); a later revision of the same file made them jittable as `@jit def _is_off_board(_pos): return jnp.logical_not(_is_on_board(_pos))` with jnp.logical_and and `_xy_to_pos` returning jnp.array
error: TracerArrayConversionError
category: numpy-and-or-chain-in-helpers
expect: fix
notes: constants and helpers verbatim; `f` is the body of the neighbour scan for one direction, jitted with the point and the direction as arguments (the env's step is what pgx jits). Two leaks sit in the helpers: `_xy_to_pos` builds a NumPy array from traced coordinates, and `_is_off_board` returns an `or` chain of traced comparisons (a truth test outside any `if`). Inputs cover every direction at edge and corner points.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np

BOARD_SIZE = 5

NSEW = np.array([[-1, 0], [1, 0], [0, 1], [0, -1]])


def _is_off_board(pos: np.ndarray) -> bool:
    return (
        pos[0] < 0
        or BOARD_SIZE <= pos[0]
        or pos[1] < 0
        or BOARD_SIZE <= pos[1]
    )


def _pos_to_xy(pos: np.ndarray) -> int:
    return pos[0] * BOARD_SIZE + pos[1]


def _xy_to_pos(xy):
    return np.array([xy // BOARD_SIZE, xy % BOARD_SIZE])


@jax.jit
def f(xy, nsew):
    around_mypos = _xy_to_pos(xy) + nsew
    off_board = _is_off_board(around_mypos)
    xy_around_mypos = _pos_to_xy(around_mypos)
    return off_board, xy_around_mypos
# --- end user code ---


def make_inputs(rng):
    xy = np.int32(rng.choice([0, 4, 20, 24, 2, 10, 12, int(rng.integers(0, 25))]))
    nsew = NSEW[rng.integers(0, 4)].astype(np.int32)
    return (xy, nsew)


INPUTS = make_inputs


@jax.jit
def reference_fix(xy, nsew):
    import jax.numpy as jnp
    pos = jnp.array([xy // BOARD_SIZE, xy % BOARD_SIZE]) + nsew
    off_board = (pos[0] < 0) | (BOARD_SIZE <= pos[0]) | (pos[1] < 0) | (BOARD_SIZE <= pos[1])
    return off_board, pos[0] * BOARD_SIZE + pos[1]
