"""pgx animal shogi: _move branches on action fields and on helpers that branch on the captured piece.

source: sotetsuk/pgx, the JAX animal-shogi module during its jit migration (JaxAnimalShogiState / JaxAnimalShogiAction; _move, _convert_piece, _piece_to_hand before they were rewritten with jax.lax.cond); see the jit-enabling PRs https://github.com/sotetsuk/pgx/pull/295 and https://github.com/sotetsuk/pgx/pull/342
error: TracerBoolConversionError
category: dataclass-fields-helper-if
expect: fix
notes: the flax struct dataclasses become NamedTuples with the same fields (state fields the move does not touch dropped); copy.deepcopy of the arrays dropped (a no-op for immutable arrays); _move, _convert_piece and _piece_to_hand are verbatim apart from that. Every action field is a shape-(1,) int array as in the original.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp


class JaxAnimalShogiAction(NamedTuple):
    is_drop: jax.Array
    piece: jax.Array
    to: jax.Array
    from_: jax.Array
    captured: jax.Array
    is_promote: jax.Array


class JaxAnimalShogiState(NamedTuple):
    turn: jax.Array
    board: jax.Array  # (11, 12) one-hot
    hand: jax.Array   # (6,)


# convert an opponent piece into the same kind of own piece
def _convert_piece(piece: int) -> int:
    p = (piece + 5) % 10
    if p == 0:
        return 10
    else:
        return p


# piece -> index in hand
def _piece_to_hand(piece: int) -> int:
    if piece % 5 == 0:
        p = piece - 4
    else:
        p = piece
    if p < 6:
        return p - 1
    else:
        return p - 3


def _move(state, action):
    board = state.board
    hand = state.hand
    board = board.at[action.piece[0], action.from_[0]].set(0)
    board = board.at[0, action.from_[0]].set(1)
    board = board.at[action.captured[0], action.to[0]].set(0)
    if action.is_promote[0] == 1:
        board = board.at[action.piece[0] + 4, action.to[0]].set(1)
    else:
        board = board.at[action.piece[0], action.to[0]].set(1)
    if action.captured != 0:
        n = hand[_piece_to_hand(_convert_piece(action.captured[0]))]
        hand = hand.at[_piece_to_hand(_convert_piece(action.captured[0]))].set(
            n + 1
        )
    return JaxAnimalShogiState(turn=state.turn, board=board, hand=hand)


f = jax.jit(_move)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    board = np.zeros((11, 12), np.int32)
    pieces = rng.integers(0, 11, size=12)
    board[pieces, np.arange(12)] = 1
    hand = rng.integers(0, 3, size=6).astype(np.int32)
    state = JaxAnimalShogiState(np.array([rng.integers(0, 2)], np.int32), board, hand)
    frm, to = rng.choice(12, size=2, replace=False)
    piece = int(rng.choice([1, 2, 3, 4]))  # own pieces (promotion only for the chick, 1 -> 5)
    promote = int(piece == 1 and rng.random() < 0.5)
    captured = int(pieces[to]) if rng.random() < 0.7 else 0
    captured = 0 if captured in (4, 9) else captured  # a lion is never captured into hand
    action = JaxAnimalShogiAction(
        np.array([0], np.int32), np.array([piece], np.int32), np.array([to], np.int32),
        np.array([frm], np.int32), np.array([captured], np.int32), np.array([promote], np.int32))
    return state, action


INPUTS = make_inputs


@jax.jit
def reference_fix(state, action):
    board = state.board
    hand = state.hand
    board = board.at[action.piece[0], action.from_[0]].set(0)
    board = board.at[0, action.from_[0]].set(1)
    board = board.at[action.captured[0], action.to[0]].set(0)
    moved = jnp.where(action.is_promote[0] == 1, action.piece[0] + 4, action.piece[0])
    board = board.at[moved, action.to[0]].set(1)
    p = (action.captured[0] + 5) % 10
    p = jnp.where(p == 0, 10, p)
    p = jnp.where(p % 5 == 0, p - 4, p)
    idx = jnp.where(p < 6, p - 1, p - 3)
    hand = jnp.where(action.captured[0] != 0, hand.at[idx].add(1), hand)
    return JaxAnimalShogiState(turn=state.turn, board=board, hand=hand)
