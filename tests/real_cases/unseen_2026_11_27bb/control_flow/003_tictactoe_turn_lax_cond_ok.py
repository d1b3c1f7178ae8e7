"""Tic-tac-toe turn and game-over check that already branch with jax.lax.cond: a jit-safe look-alike.

source: gabe00122/tictactoe-rl tictactoe_ai/gamerules/over.py at 1840ce1a3ed9f08743d3a7bdbc0a139904a5d6eb (check_gameover, check_player_won, check_no_space_left) and tictactoe_ai/gamerules/turn.py at d5b227643893903a43a2c266e2b59a06459e088c (turn)
error: none
category: negative-lax-cond-already
expect: untouched
notes: functions verbatim. The package-relative imports (`.types.over.OverResult`, `.types.state.GameState`, `.initialize`) and `jaxtyping` (not installed here) are replaced by small stand-ins defined at the top; reset_if_done is left out (it needs the older initialize_game). `f = jax.jit(turn)` is added as the entry point. The game-over test looks like data-dependent control flow (`is_winner`, `winner == 0`, `no_space_left`) but every branch is a lax.cond and the board indexing uses traced indices through `.at[]`, so nothing here should change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp


# stand-ins for jaxtyping and the package's type modules
class _Shaped:
    def __class_getitem__(cls, item):
        return jax.Array


Scalar = Bool = Int8 = Int = ScalarLike = _Shaped
Array = jax.Array
OverResult = dict
GameState = dict


def check_gameover(board: Int8[Array, "3 3"]) -> OverResult:
    players = jnp.array([-1, 1], dtype=jnp.int8)
    
    v_check_player_won = jax.vmap(check_player_won, in_axes=(None, 0))
    winners = v_check_player_won(board, players)
    
    is_winner = jnp.any(winners)
    
    def some_winner():
        winner = jnp.argmax(winners)
        winner = jax.lax.cond(winner == 0, lambda: jnp.int8(-1), lambda: jnp.int8(1))
        return {
            'is_over': True,
            'winner': winner,
        }
    
    def no_winner():
        no_space_left = check_no_space_left(board)
        return {
            'is_over': no_space_left,
            'winner': jnp.int8(0),
        }
    
    return jax.lax.cond(is_winner, some_winner, no_winner)


def check_player_won(board: Int8[Array, "3 3"], player: Int8[Scalar, ""]) -> Bool[Scalar, ""]:
    mask = board == player
    out = mask.all(0).any() | mask.all(1).any()
    out |= jnp.diag(mask).all() | jnp.diag(mask[:, ::-1]).all()
    return out


def check_no_space_left(board: Int8[Array, "3 3"]) -> Bool[Scalar, ""]:
    return jnp.all(board != 0)


def turn(state: GameState, action: Int8[Scalar, ""]) -> GameState:
    board = state["board"]
    active_player = state["active_player"]

    x_pos = action % 3
    y_pos = action // 3
    board = board.at[y_pos, x_pos].set(active_player)
    active_player = -active_player

    return {
        "board": board,
        "active_player": active_player,
        "over_result": check_gameover(board),
    }


f = jax.jit(turn)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = rng.integers(0, 3)
    if kind == 0:      # sparse board: usually still ongoing
        board = rng.choice(np.array([-1, 0, 0, 0, 1], dtype=np.int8), size=(3, 3))
    elif kind == 1:    # full board: a win or a tie
        board = rng.choice(np.array([-1, 1], dtype=np.int8), size=(3, 3))
    else:              # mixed
        board = rng.choice(np.array([-1, 0, 1], dtype=np.int8), size=(3, 3))
    state = {"board": board.astype(np.int8),
             "active_player": np.int8(rng.choice([-1, 1]))}
    return (state, np.int32(rng.integers(0, 9)))


INPUTS = make_inputs
