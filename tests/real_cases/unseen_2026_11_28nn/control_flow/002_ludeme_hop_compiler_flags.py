"""Ludeme-to-JAX hop-move compiler: `if hop_over_friendly:` / `if capture:` are closure config flags, not traced.

source: "Move compilers: ludeme → JAX functions." module of a board-game compiler package (imports `..runtime.state` BOARD_DTYPE, ACTION_DTYPE, EMPTY), public code index file id 53850372904 (compile_step, compile_hop, compile_slide, compile_leap, compile_place, compile_sow, compile_dice_move, combine_move_fns); a later revision with promotion rows is id 53756686002. The index does not name the repository or commit.
error: none
category: negative-static-config-flag
expect: untouched
notes: compile_hop is verbatim. Stand-ins: BOARD_DTYPE/ACTION_DTYPE/EMPTY (the runtime.state
  constants, not in the index), a GameState NamedTuple with the fields the compiler touches, and a 4x4
  orthogonal-grid topology with its slide_lookup (direction, site, distance) and hop_between tables
  built in NumPy. Every Python `if` tests a value fixed when the game is compiled (hop_over, capture),
  so the jitted legal-mask + apply pair is already jit-safe; `f` is one legal-mask computation plus one
  apply on traced board/player/action.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

# stand-ins for ..runtime.state
BOARD_DTYPE = jnp.int8
ACTION_DTYPE = jnp.int32
EMPTY = -1


class GameState(NamedTuple):
    board: jnp.ndarray            # (num_piece_types, num_sites)
    current_player: jnp.ndarray
    previous_actions: jnp.ndarray  # (num_players + 1,)


def compile_hop(topology, slide_lookup, hop_between, piece_idx, num_players,
                hop_over="opponent", capture=True):
    """Compile hop movement: jump over a piece to land beyond it."""
    n = topology.num_sites
    max_nb = topology.max_neighbors
    arange_n = jnp.arange(n, dtype=jnp.int32)
    hop_over_friendly = (hop_over == "mover")

    def legal_fn(state):
        owned = (state.board[piece_idx] == state.current_player)
        if hop_over_friendly:
            hop_mask = (state.board == state.current_player).any(axis=0)
        else:
            hop_mask = ((state.board != EMPTY) & (state.board != state.current_player)).any(axis=0)

        between = slide_lookup[:, :, 1]  # (max_nb, n)
        dests = slide_lookup[:, :, 2]    # (max_nb, n)
        on_board = dests < n
        has_hop_piece = hop_mask.at[between.clip(0, n - 1)].get()
        valid = owned[jnp.newaxis, :] & on_board & has_hop_piece.astype(jnp.bool_)

        if hop_over_friendly:
            enemy = ((state.board != EMPTY) & (state.board != state.current_player)).any(axis=0)
            valid = valid & enemy.at[dests.clip(0, n - 1)].get()
        else:
            occupied = (state.board != EMPTY).any(axis=0)
            valid = valid & ~occupied.at[dests.clip(0, n - 1)].get()

        flat_idx = arange_n[jnp.newaxis, :] * n + dests.clip(0, n - 1)
        mask = jnp.zeros(n * n, dtype=BOARD_DTYPE)
        mask = mask.at[flat_idx.flatten()].set(valid.flatten().astype(BOARD_DTYPE))
        return mask

    if capture:
        def apply_fn(state, action):
            src, dst = action // n, action % n
            between_cell = hop_between[src, dst]
            board = state.board.at[piece_idx, src].set(EMPTY)
            if hop_over_friendly:
                board = board.at[:, dst].set(EMPTY)
                board = board.at[piece_idx, dst].set(state.current_player)
            else:
                board = board.at[piece_idx, dst].set(state.current_player)
                board = board.at[:, between_cell].set(EMPTY)
            pa = state.previous_actions.at[state.current_player].set(ACTION_DTYPE(dst)).at[num_players].set(ACTION_DTYPE(dst))
            return state._replace(board=board, previous_actions=pa)
    else:
        def apply_fn(state, action):
            src, dst = action // n, action % n
            board = state.board.at[piece_idx, dst].set(state.current_player)
            board = board.at[piece_idx, src].set(EMPTY)
            pa = state.previous_actions.at[state.current_player].set(ACTION_DTYPE(dst)).at[num_players].set(ACTION_DTYPE(dst))
            return state._replace(board=board, previous_actions=pa)

    return legal_fn, apply_fn


# stand-in topology: a 4x4 grid with orthogonal neighbours
class _Topology(NamedTuple):
    num_sites: int
    max_neighbors: int


_SIDE = 4
_N = _SIDE * _SIDE
_DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))
_slide = np.full((len(_DIRS), _N, 3), _N, dtype=np.int32)
_between = np.full((_N, _N), _N, dtype=np.int32)
for _d, (_dr, _dc) in enumerate(_DIRS):
    for _cell in range(_N):
        _r, _c = divmod(_cell, _SIDE)
        for _k in range(3):
            _rr, _cc = _r + _k * _dr, _c + _k * _dc
            if 0 <= _rr < _SIDE and 0 <= _cc < _SIDE:
                _slide[_d, _cell, _k] = _rr * _SIDE + _cc
        if _slide[_d, _cell, 2] < _N:
            _between[_cell, _slide[_d, _cell, 2]] = _slide[_d, _cell, 1]

legal_hop, apply_hop = compile_hop(_Topology(_N, len(_DIRS)), jnp.asarray(_slide),
                                   jnp.asarray(_between), piece_idx=0, num_players=2,
                                   hop_over="opponent", capture=True)


@jax.jit
def f(board, current_player, previous_actions, action):
    state = GameState(board, current_player, previous_actions)
    mask = legal_hop(state)
    new_state = apply_hop(state, action)
    return mask, new_state.board, new_state.previous_actions
# --- end user code ---


def make_inputs(rng):
    board = rng.integers(-1, 2, size=(2, _N)).astype(np.int8)
    player = np.int8(rng.integers(0, 2))
    prev = rng.integers(0, _N, size=(3,)).astype(np.int32)
    src = int(rng.integers(0, _N))
    dst = int(_slide[int(rng.integers(0, 4)), src, 2])
    dst = dst if dst < _N else int(rng.integers(0, _N))
    return board, player, prev, np.int32(src * _N + dst)


INPUTS = make_inputs
