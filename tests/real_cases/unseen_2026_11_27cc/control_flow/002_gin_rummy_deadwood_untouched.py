"""JAX Gin Rummy: the deadwood search is already jit-safe (static for loop with .at[i].set, jnp.where(size=...)).

source: public code index, file id 32428004139 ("JAX-accelerated Gin Rummy for OpenSpiel ... matching the C++ OpenSpiel implementation exactly"; the index does not name the repository; sibling revisions are ids 32538263820 and 32434378810), functions `hand_total_points`, `valid_melds_mask`, `calculate_deadwood` with the module's meld tables (generate_all_melds, meld_to_mask, _compute_overlap_matrix, _compute_meld_points)
error: none
category: negative
expect: untouched
notes: verbatim except that the module's `import pyspiel` and the constants/tables this function does not use (phases, actions, SELECTION_MATRIX) are dropped; `f = calculate_deadwood`. Looks leaky (a Python `for` over cards with `.at[i].set`, `jnp.where(valid, size=32, ...)`, comparisons on traced masks) but every loop bound and index is static, so a fixer must not touch it.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import List, Optional, Tuple
import numpy as np
import jax
import jax.numpy as jnp
from functools import partial

# =============================================================================
# Constants (matching C++)
# =============================================================================
NUM_CARDS = 52
NUM_RANKS = 13
NUM_SUITS = 4
HAND_SIZE = 10
KNOCK_THRESHOLD = 10

# Card point values (A=1, 2-9=face, 10/J/Q/K=10)
CARD_POINTS = jnp.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10], dtype=jnp.int32)

NUM_MELDS = 185

# =============================================================================
# Meld encoding (same as before - this part is correct)
# =============================================================================

def card_rank(card):
    """Get rank (0-12) from card using C++ encoding: card = suit * 13 + rank."""
    return card % NUM_RANKS

def card_suit(card):
    """Get suit (0-3) from card using C++ encoding: card = suit * 13 + rank."""
    return card // NUM_RANKS

def make_card(suit, rank):
    """Create card from suit and rank using C++ encoding."""
    return suit * NUM_RANKS + rank


def generate_all_melds():
    """Generate all valid melds (sets and runs).

    Matches C++ encoding: 185 melds total
    Card encoding: card = suit * 13 + rank
    """
    melds = [None] * 185

    # Rank melds (sets) - indices 0-64
    # Same rank, different suits
    for rank in range(NUM_RANKS):
        # Size 3: missing one suit
        for missing_suit in range(NUM_SUITS):
            meld_id = rank * 5 + missing_suit
            cards = tuple(make_card(s, rank) for s in range(NUM_SUITS) if s != missing_suit)
            melds[meld_id] = cards
        # Size 4: all suits
        meld_id = rank * 5 + 4
        cards = tuple(make_card(s, rank) for s in range(NUM_SUITS))
        melds[meld_id] = cards

    # Suit melds (runs) - indices 65-184
    # Same suit, consecutive ranks
    offset = 65
    # Size 3 runs: 11 per suit (start ranks 0-10)
    for suit in range(NUM_SUITS):
        for start_rank in range(NUM_RANKS - 2):  # 0-10
            meld_id = offset + suit * 11 + start_rank
            cards = tuple(make_card(suit, r) for r in range(start_rank, start_rank + 3))
            melds[meld_id] = cards

    offset = 109  # 65 + 44
    # Size 4 runs: 10 per suit (start ranks 0-9)
    for suit in range(NUM_SUITS):
        for start_rank in range(NUM_RANKS - 3):  # 0-9
            meld_id = offset + suit * 10 + start_rank
            cards = tuple(make_card(suit, r) for r in range(start_rank, start_rank + 4))
            melds[meld_id] = cards

    offset = 149  # 109 + 40
    # Size 5 runs: 9 per suit (start ranks 0-8)
    for suit in range(NUM_SUITS):
        for start_rank in range(NUM_RANKS - 4):  # 0-8
            meld_id = offset + suit * 9 + start_rank
            cards = tuple(make_card(suit, r) for r in range(start_rank, start_rank + 5))
            melds[meld_id] = cards

    return melds

ALL_MELDS = generate_all_melds()

def meld_to_mask(meld):
    mask = np.zeros(NUM_CARDS, dtype=np.int8)
    for card in meld:
        mask[card] = 1
    return mask

MELD_MASKS = jnp.array([meld_to_mask(m) for m in ALL_MELDS], dtype=jnp.int8)


# =============================================================================
# Deadwood calculation (keeping the existing correct implementation)
# =============================================================================

# Precompute meld overlap matrix
def _compute_overlap_matrix():
    overlap = np.zeros((NUM_MELDS, NUM_MELDS), dtype=np.bool_)
    for i in range(NUM_MELDS):
        for j in range(NUM_MELDS):
            # A meld overlaps with itself (can't use same meld twice)
            if i == j:
                overlap[i, j] = True
            else:
                set_i = set(ALL_MELDS[i])
                set_j = set(ALL_MELDS[j])
                if set_i & set_j:
                    overlap[i, j] = True
    return jnp.array(overlap)

MELD_OVERLAP = _compute_overlap_matrix()

def _compute_meld_points():
    points = np.zeros(NUM_MELDS, dtype=np.int32)
    for i, meld in enumerate(ALL_MELDS):
        for card in meld:
            rank = card % NUM_RANKS  # C++ encoding
            points[i] += int(CARD_POINTS[rank])
    return jnp.array(points)

MELD_POINTS = _compute_meld_points()


@jax.jit
def hand_total_points(hand):
    """Calculate total point value of all cards in hand.

    Uses C++ encoding: card = suit * 13 + rank, so rank = card % 13
    """
    card_vals = jnp.zeros(NUM_CARDS, dtype=jnp.int32)
    for i in range(NUM_CARDS):
        rank = i % NUM_RANKS  # C++ encoding
        card_vals = card_vals.at[i].set(CARD_POINTS[rank])
    return jnp.sum(hand * card_vals)


@jax.jit
def valid_melds_mask(hand):
    """Return mask of which melds are valid for this hand."""
    hand_expanded = hand[None, :]
    meld_card_counts = jnp.sum(MELD_MASKS * hand_expanded, axis=1)
    meld_sizes = jnp.sum(MELD_MASKS, axis=1)
    return meld_card_counts == meld_sizes


@jax.jit
def calculate_deadwood(hand):
    """Calculate minimum deadwood for a hand using exhaustive meld search."""
    total_points = hand_total_points(hand)
    valid = valid_melds_mask(hand)
    v_points = jnp.where(valid, MELD_POINTS, 0)

    # Find valid meld indices (up to 32)
    valid_indices = jnp.where(valid, size=32, fill_value=0)[0]
    n_valid = jnp.sum(valid.astype(jnp.int32))

    # Single meld savings
    best_single = jnp.max(v_points)

    # Pairs of non-overlapping melds
    v_overlap = MELD_OVERLAP[valid_indices][:, valid_indices]
    v_pts = v_points[valid_indices]
    valid_pair = ~v_overlap
    pair_savings = jnp.where(valid_pair, v_pts[:, None] + v_pts[None, :], 0)
    best_pair = jnp.max(pair_savings)

    # Triples
    ov = v_overlap
    valid_triple = ~ov[:, None, :] & ~ov[None, :, :] & ~ov[:, :, None]
    valid_triple = valid_triple & (jnp.arange(32)[:, None, None] < jnp.arange(32)[None, :, None])
    valid_triple = valid_triple & (jnp.arange(32)[None, :, None] < jnp.arange(32)[None, None, :])

    triple_savings = jnp.where(
        valid_triple,
        v_pts[:, None, None] + v_pts[None, :, None] + v_pts[None, None, :],
        0
    )
    best_triple = jnp.max(triple_savings)

    best_savings = jnp.maximum(jnp.maximum(best_single, best_pair), best_triple)
    return total_points - best_savings


f = calculate_deadwood
# --- end user code ---


def make_inputs(rng):
    hand = np.zeros(52, dtype=np.int32)
    if rng.random() < 0.5:
        # a hand with a run and a set in it, plus random fillers
        suit, start = rng.integers(0, 4), rng.integers(0, 9)
        cards = [suit * 13 + r for r in range(start, start + 4)]
        rank = int(rng.integers(0, 13))
        cards += [s * 13 + rank for s in range(3)]
        rest = [c for c in rng.permutation(52) if c not in cards]
        cards += rest[:10 - len(set(cards))]
        hand[list(set(cards))[:10]] = 1
    else:
        hand[rng.choice(52, size=10, replace=False)] = 1
    return (hand,)


INPUTS = make_inputs
