"""Match-3 ("candy") board cascade: a Python `while not jnp.all(old == new)` loop run under jit.

source: smearle/pcgrl-jax envs/candy.py at 440fcdfaa40c6a46d50c73b64b49a35f62e9f3a7 (code-index file id 37843215944): simulate_board, step_board_all_render, remove_matches, apply_gravity, apply_gravity_col, refill_board
error: TracerBoolConversionError
category: while-on-traced-convergence
expect: fix
notes: The eager `simulate_board` (used by the file's render path) loops `while not jnp.all(old_board == board)`
  over remove-matches / gravity / refill steps and collects frames in a list. The same file already holds a
  jit-safe twin (`simulate_board_jax`, a lax.while_loop over the same steps); it is left out of the user section
  and used, adapted, as reference_fix. Entry point added: `f = jit(simulate_board(..., save_frames=False))`
  (with save_frames=True the frame list has a data-dependent length). Imports of gymnax/flax/chex/PIL and the
  env class are dropped; the functions are verbatim.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import random


def remove_matches(board):
    # Check for matches in the board and remove them
    hor_match = jnp.equal(board[:, :-2], board[:, 1:-1]) & jnp.equal(board[:, 1:-1], board[:, 2:])
    ver_match = jnp.equal(board[:-2, :], board[1:-1, :]) & jnp.equal(board[1:-1, :], board[2:, :])
    
    hor_match = jnp.pad(hor_match, ((0, 0), (1, 1)), mode='constant', constant_values=False)
    ver_match = jnp.pad(ver_match, ((1, 1), (0, 0)), mode='constant', constant_values=False)

    # Extend the match to include both end tiles for horizontal matches
    hor_match_ext = hor_match | jnp.pad(hor_match[:, 1:], ((0, 0), (0, 1)), mode='constant', constant_values=False) | \
                    jnp.pad(hor_match[:, :-1], ((0, 0), (1, 0)), mode='constant', constant_values=False)
    hor_match_ext = jnp.where(board != -1, hor_match_ext, False)

    # Extend the match to include both end tiles for vertical matches
    ver_match_ext = ver_match | jnp.pad(ver_match[1:, :], ((0, 1), (0, 0)), mode='constant', constant_values=False) | \
                    jnp.pad(ver_match[:-1, :], ((1, 0), (0, 0)), mode='constant', constant_values=False)
    ver_match_ext = jnp.where(board != -1, ver_match_ext, False)


    matched_hor = jnp.any(hor_match_ext)
    full_match = jax.lax.cond(
        matched_hor,
        lambda: hor_match_ext,
        lambda: ver_match_ext,
    )
    reward = jnp.sum(full_match)

    new_board = jnp.where(full_match, -1, board)
    return new_board, reward


def apply_gravity(board):
    new_cols = [apply_gravity_col(board, i) for i in range(board.shape[1])]
    new_board = jnp.concatenate(new_cols, axis=1)
    return new_board


def apply_gravity_col(board, col):
    old_col = board[:, col]
    candy_idxs = jnp.argwhere(old_col[::-1] != -1, size=board.shape[0], fill_value=-1)
    ref_col = jnp.concatenate([old_col[::-1], jnp.array([-1])])
    new_col = ref_col[candy_idxs][::-1]
    return new_col


def refill_board(board, rng, num_types):
    # Refill the board
    rng = random.split(rng)[0]
    random_values = random.randint(rng, board.shape, 0, num_types)
    return jnp.where(board == -1, random_values, board), rng


def simulate_board(board, rng, save_frames=True):
    old_board = board
    # _, board, reward, rng = step_board_all_while((old_board, board, 0, rng))
    board, reward, rng, boards = step_board_all_render(board, 0, rng)
    if save_frames:
        frames = boards
    else:
        frames = None
    i = 0
    while not jnp.all(old_board == board):
        old_board = board
        # _, board, reward, rng = step_board_all_while((old_board, board, reward, rng))
        board, reward, rng, boards = step_board_all_render(board, reward, rng)
        if save_frames:
            frames.extend(boards)
        i += 1
    return board, reward, frames, rng


def step_board_all_render(board, rew, rng):
    rew_old = rew
    boards = []
    board, rew = remove_matches(board)
    boards.append(board)
    rew = rew + rew_old
    board = apply_gravity(board)
    boards.append(board)
    board, rng = refill_board(board, rng, 4)
    boards.append(board)
    return board, rew, rng, boards


@jax.jit
def f(board, rng):
    return simulate_board(board, rng, save_frames=False)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    board = rng.integers(0, 4, size=(8, 8)).astype(np.int32)
    if rng.random() < 0.2:
        # a board with no three-in-a-row anywhere: the loop body runs once and stops
        board = np.array([[0, 1] * 4, [2, 3] * 4] * 4, dtype=np.int32)
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    return (board, key)


INPUTS = make_inputs


def _step_board_all(board, rew, rng):
    rew_old = rew
    board, rew = remove_matches(board)
    rew = rew + rew_old
    board = apply_gravity(board)
    board, rng = refill_board(board, rng, 4)
    return board, rew, rng


def _step_board_all_while(carry):
    _, board, rew, rng = carry
    old_board = board
    board, rew, rng = _step_board_all(board, rew, rng)
    return (old_board, board, rew, rng)


@jax.jit
def reference_fix(board, rng):
    # the file's own simulate_board_jax
    carry = _step_board_all_while((board, board, 0, rng))
    carry = jax.lax.while_loop(lambda x: jnp.any(x[0] != x[1]), _step_board_all_while, carry)
    _, board, rew, rng = carry
    return board, rew, None, rng
