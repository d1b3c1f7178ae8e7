"""Hungarian Snapszer card game in JAX: an observation built from a NamedTuple state with `float(CONST)`, `len(state.stock)` and jnp.where.

source: public code-index file id 34590775956, "JAX implementation of Hungarian Snapszer (Snapser) card game." (SnapszerState, MT19937 shuffle, trick_winner, legal_reply_cards, new_game, stock_remaining, talon_cards_remaining, talon_empty, strict_rules_active, can_exchange_trump_jack, observation_tensor, legal_actions_mask; "It maintains parity with snapszer_base.py"). The index does not name the repository.
error: none
category: negative / namedtuple-state / static-float-len / jnp-where
expect: untouched
notes: the constants, SnapszerState and the five functions observation_tensor needs are verbatim (all already `@jax.jit` in the module); the RNG, dealing and action-mask functions are left out. `f = observation_tensor` is added; the module's first line `from __future__ import annotations` is dropped (the judge's case layout puts EXPECT before the user code, where a __future__ import is a SyntaxError; every annotation here evaluates fine without it). Look-alikes a fixer might flag: `float(TRICKS_PER_GAME)` (a Python constant, not a tracer), `len(state.stock)` (a static shape), `jnp.float32(state.trump_taken)` on traced booleans, `.at[card]` guarded by `jnp.where(is_valid, ...)` inside a fori_loop body, and helper calls on state fields. It is jit-safe and must stay byte-identical.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Tuple, NamedTuple, Optional
import jax
import jax.numpy as jnp
from functools import partial

# Game constants (same as base)
SUITS = jnp.array([0, 1, 2, 3], dtype=jnp.int32)
RANKS = jnp.array([0, 1, 2, 3, 4], dtype=jnp.int32)  # A,10,K,Q,J
RANK_STRENGTH = jnp.array([5, 4, 3, 2, 1], dtype=jnp.int32)  # indexed by rank
CARD_POINTS = jnp.array([11, 10, 4, 3, 2], dtype=jnp.int32)  # indexed by rank
NUM_RANKS = 5
NUM_SUITS = 4
NUM_CARDS = 20
TRICKS_PER_GAME = 10
TRUMP_JACK_RANK = 4
EXCHANGE_TRUMP_ACTION = 20
CLOSE_TALON_ACTION = 21
TOTAL_ACTIONS = 22
CLOSE_MIN_ABOVE_TRUMP = 3
OBSERVATION_SIZE = 80
MAX_HAND_SIZE = 10  # Maximum cards a player can hold


class SnapszerState(NamedTuple):
    """Immutable game state for JAX."""
    # RNG key
    key: jax.Array

    # Deck and stock
    trump: jnp.int32
    trump_card: jnp.int32
    deck: jax.Array  # [20] - initial shuffled deck
    stock: jax.Array  # [9] - draw pile (deck[11:])
    stock_idx: jnp.int32

    # Hands (fixed size arrays, padded with -1)
    hands: jax.Array  # [2, MAX_HAND_SIZE] - each player's cards
    hand_sizes: jax.Array  # [2] - actual number of cards
    hand_masks: jax.Array  # [2] - bitmasks for fast lookup

    # Turn state
    current_player: jnp.int32
    leader: jnp.int32
    trick_cards: jax.Array  # [2] - current trick, -1 means None

    # Score tracking
    points: jax.Array  # [2]
    tricks_won: jax.Array  # [2]

    # Special states
    closed: jnp.bool_
    closed_by: jnp.int32  # -1 means None
    trump_taken: jnp.bool_
    last_trick_winner: jnp.int32  # -1 means None
    marriages_scored: jax.Array  # [2, 4] - bool array for each player/suit

    # Terminal state
    terminal: jnp.bool_
    winner: jnp.int32  # -1 means None
    game_points: jax.Array  # [2]


@jax.jit
def stock_remaining(state: SnapszerState) -> jnp.ndarray:
    """Number of cards remaining in stock."""
    return jnp.maximum(0, len(state.stock) - state.stock_idx)


@jax.jit
def talon_cards_remaining(state: SnapszerState) -> jnp.ndarray:
    """Total cards in talon (stock + trump card if not taken)."""
    return stock_remaining(state) + jnp.where(state.trump_taken, 0, 1)


@jax.jit
def talon_empty(state: SnapszerState) -> jnp.ndarray:
    """Check if talon is empty."""
    return state.trump_taken & (state.stock_idx >= len(state.stock))


@jax.jit
def strict_rules_active(state: SnapszerState) -> jnp.ndarray:
    """Check if strict follow rules are in effect."""
    return state.closed | talon_empty(state)


@jax.jit
def observation_tensor(state: SnapszerState, player: jnp.ndarray) -> jax.Array:
    """Generate observation tensor for a player."""
    obs = jnp.zeros(OBSERVATION_SIZE, dtype=jnp.float32)

    # Player's hand [0-19]
    hand_full = state.hands[player]
    def set_hand_card(i, obs_arr):
        card = hand_full[i]
        is_valid = card >= 0
        return jnp.where(is_valid, obs_arr.at[card].set(1.0), obs_arr)
    obs = jax.lax.fori_loop(0, MAX_HAND_SIZE, set_hand_card, obs)

    # Lead trick card [20-39]
    obs = jnp.where(
        state.trick_cards[0] >= 0,
        obs.at[20 + state.trick_cards[0]].set(1.0),
        obs
    )

    # Reply trick card [40-59]
    obs = jnp.where(
        state.trick_cards[1] >= 0,
        obs.at[40 + state.trick_cards[1]].set(1.0),
        obs
    )

    # Trump suit [60-63]
    obs = obs.at[60 + state.trump].set(1.0)

    # Trump taken [64]
    obs = obs.at[64].set(jnp.float32(state.trump_taken))

    # Talon closed [65]
    obs = obs.at[65].set(jnp.float32(state.closed))

    # Stock remaining [66]
    obs = obs.at[66].set(stock_remaining(state) / 10.0)

    # Talon cards remaining [67]
    obs = obs.at[67].set(talon_cards_remaining(state) / 10.0)

    # Points [68-69]
    opponent = 1 - player
    obs = obs.at[68].set(state.points[player] / 120.0)
    obs = obs.at[69].set(state.points[opponent] / 120.0)

    # Tricks won [70-71]
    obs = obs.at[70].set(state.tricks_won[player] / float(TRICKS_PER_GAME))
    obs = obs.at[71].set(state.tricks_won[opponent] / float(TRICKS_PER_GAME))

    # Current player [72]
    obs = obs.at[72].set(jnp.float32(state.current_player == player))

    # Leader [73]
    obs = obs.at[73].set(jnp.float32(state.leader == player))

    # Who closed [74-75]
    obs = obs.at[74].set(jnp.float32(state.closed_by == player))
    obs = obs.at[75].set(jnp.float32(state.closed_by == opponent))

    # Strict rules active [76]
    obs = obs.at[76].set(jnp.float32(strict_rules_active(state)))

    return obs


f = observation_tensor
# --- end user code ---

import numpy as np


def make_inputs(rng):
    deck = rng.permutation(NUM_CARDS).astype(np.int32)
    hands = np.full((2, MAX_HAND_SIZE), -1, dtype=np.int32)
    sizes = rng.integers(0, 6, size=2)
    for p in range(2):
        hands[p, : sizes[p]] = np.sort(deck[5 * p: 5 * p + sizes[p]])
    trick = np.full(2, -1, dtype=np.int32)
    n_trick = rng.integers(0, 3)
    trick[:n_trick] = deck[10: 10 + n_trick]
    i32 = lambda v: np.int32(v)
    state = SnapszerState(
        key=np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32),
        trump=i32(rng.integers(0, 4)),
        trump_card=i32(deck[10]),
        deck=deck,
        stock=deck[11:],
        stock_idx=i32(rng.integers(0, 10)),
        hands=hands,
        hand_sizes=sizes.astype(np.int32),
        hand_masks=np.zeros(2, dtype=np.int32),
        current_player=i32(rng.integers(0, 2)),
        leader=i32(rng.integers(0, 2)),
        trick_cards=trick,
        points=rng.integers(0, 66, size=2).astype(np.int32),
        tricks_won=rng.integers(0, 6, size=2).astype(np.int32),
        closed=np.bool_(rng.random() < 0.3),
        closed_by=i32(rng.integers(-1, 2)),
        trump_taken=np.bool_(rng.random() < 0.5),
        last_trick_winner=i32(rng.integers(-1, 2)),
        marriages_scored=np.zeros((2, 4), dtype=bool),
        terminal=np.bool_(False),
        winner=i32(-1),
        game_points=np.zeros(2, dtype=np.int32),
    )
    return (state, i32(rng.integers(0, 2)))


INPUTS = make_inputs
