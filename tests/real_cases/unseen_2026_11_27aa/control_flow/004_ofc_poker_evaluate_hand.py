"""Open-face Chinese poker AI: `@jit evaluate_hand_jax` ranks a hand with if/elif chains, jnp.unique, bincount and jnp.where(cond)[0].

source: public JAX Open-Face Chinese Poker (Pineapple) AI module in the code index (file id 23425725907; a
    class-based sibling revision is 23289946395; the index does not name the repository): `evaluate_hand_jax`
error: ConcretizationTypeError
category: if-elif-return-chain / dynamic-shape-helpers (unique, bincount without length, where(cond)[0], len)
expect: fix
notes: `evaluate_hand_jax` verbatim, decorator included (the module jits it and also calls it from the jitted
    `calculate_royalties_jax`). Only the imports it needs are kept. Every shape test is on the static hand
    size (3 or 5 cards, rows (rank 0..12, suit 0..3)); the data-dependent parts (`jnp.bincount` without
    `length`, `jnp.unique(...).shape[0]`, `jnp.where(rank_counts == k)[0][0]`, `len(pairs)`, and the if/elif
    chain on traced counts) all have fixed-size equivalents, so a jit-safe rewrite exists.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Tuple

import jax.numpy as jnp
from jax import jit


@jit
def evaluate_hand_jax(cards_jax: jnp.ndarray) -> Tuple[int, float]:
    """
    Оптимизированная оценка покерной комбинации (JAX-версия).
    Возвращает (ранг, score), где меньший ранг = лучшая комбинация.
    """
    if cards_jax.shape[0] == 0:
        return 11, 0.0

    n = cards_jax.shape[0]

    rank_counts = jnp.bincount(cards_jax[:, 0], minlength=13)
    suit_counts = jnp.bincount(cards_jax[:, 1], minlength=4)
    has_flush = jnp.max(suit_counts) == n
    rank_indices = jnp.sort(cards_jax[:, 0])

    is_straight = False
    if jnp.unique(rank_indices).shape[0] == n:
        if jnp.max(rank_indices) - jnp.min(rank_indices) == n - 1:
            is_straight = True
        elif jnp.array_equal(rank_indices, jnp.array([0, 1, 2, 3, 12])):
            is_straight = True

    if n == 3:
        if jnp.max(rank_counts) == 3:
            rank = cards_jax[0, 0]
            return 7, 10.0 + rank
        elif jnp.max(rank_counts) == 2:
            pair_rank_index = jnp.where(rank_counts == 2)[0][0]
            return 8, pair_rank_index / 100.0
        else:
            high_card_rank_index = jnp.max(rank_indices)
            return 9, high_card_rank_index / 100.0

    elif n == 5:
        if has_flush and is_straight:
            if jnp.array_equal(rank_indices, jnp.array([8, 9, 10, 11, 12])):
                return 1, 25.0  # Роял-флеш
            return 2, 15.0 + jnp.max(rank_indices) / 100.0

        if jnp.max(rank_counts) == 4:
            four_rank_index = jnp.where(rank_counts == 4)[0][0]
            return 3, 10.0 + four_rank_index / 100.0

        if jnp.any(rank_counts == 3) and jnp.any(rank_counts == 2): # Проверка на фулл-хаус
            three_rank_index = jnp.where(rank_counts == 3)[0][0]
            return 4, 6.0 + three_rank_index / 100.0

        if has_flush:
            return 5, 4.0 + jnp.max(rank_indices) / 100.0

        if is_straight:
            return 6, 2.0 + jnp.max(rank_indices) / 100.0

        if jnp.max(rank_counts) == 3:
            three_rank_index = jnp.where(rank_counts == 3)[0][0]
            return 7, 2.0 + three_rank_index / 100.0

        pairs = jnp.where(rank_counts == 2)[0]
        if len(pairs) == 2:
            high_pair_index = jnp.max(pairs)
            low_pair_index = jnp.min(pairs)
            return 8, 1.0 + high_pair_index / 100.0 + low_pair_index / 10000.0

        if len(pairs) == 1:
            pair_rank_index = pairs[0]
            return 9, pair_rank_index / 100.0

        return 10, jnp.max(rank_indices) / 100.0

    return 11, 0.0


f = evaluate_hand_jax
# --- end user code ---

import jax
import numpy as np


def _hand(rng, kind):
    ranks_all = np.arange(13)
    if kind == "royal":
        ranks = [8, 9, 10, 11, 12]; suits = [rng.integers(4)] * 5
    elif kind == "straight_flush":
        lo = int(rng.integers(0, 8)); ranks = list(range(lo, lo + 5)); suits = [rng.integers(4)] * 5
    elif kind == "wheel_flush":
        ranks = [0, 1, 2, 3, 12]; suits = [rng.integers(4)] * 5
    elif kind == "quads":
        a, b = rng.choice(ranks_all, 2, replace=False); ranks = [a] * 4 + [b]; suits = [0, 1, 2, 3, rng.integers(4)]
    elif kind == "full_house":
        a, b = rng.choice(ranks_all, 2, replace=False); ranks = [a] * 3 + [b] * 2; suits = [0, 1, 2, 0, 3]
    elif kind == "flush":
        ranks = sorted(rng.choice(ranks_all, 5, replace=False))
        while ranks[-1] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12]:
            ranks = sorted(rng.choice(ranks_all, 5, replace=False))
        suits = [rng.integers(4)] * 5
    elif kind == "straight":
        lo = int(rng.integers(0, 9)); ranks = list(range(lo, lo + 5)); suits = [0, 1, 2, 3, 0]
    elif kind == "wheel":
        ranks = [0, 1, 2, 3, 12]; suits = [1, 0, 2, 3, 2]
    elif kind == "trips":
        a, b, c = rng.choice(ranks_all, 3, replace=False); ranks = [a] * 3 + [b, c]; suits = [0, 1, 2, 3, 0]
    elif kind == "two_pair":
        a, b, c = rng.choice(ranks_all, 3, replace=False); ranks = [a, a, b, b, c]; suits = [0, 1, 2, 3, 0]
    elif kind == "pair":
        a, b, c, d = rng.choice(ranks_all, 4, replace=False); ranks = [a, a, b, c, d]; suits = [0, 1, 2, 3, 0]
    elif kind == "high":
        ranks = sorted(rng.choice(ranks_all, 5, replace=False))
        while ranks[-1] - ranks[0] == 4 or ranks == [0, 1, 2, 3, 12]:
            ranks = sorted(rng.choice(ranks_all, 5, replace=False))
        suits = [0, 1, 2, 3, 0]
    elif kind == "top_trips":
        a = rng.integers(13); ranks = [a] * 3; suits = [0, 1, 2]
    elif kind == "top_pair":
        a, b = rng.choice(ranks_all, 2, replace=False); ranks = [a, b, a]; suits = [0, 1, 2]
    else:  # top_high
        ranks = list(rng.choice(ranks_all, 3, replace=False)); suits = [0, 0, 1]
    cards = np.stack([np.asarray(ranks), np.asarray(suits)], axis=1).astype(np.int32)
    return cards[rng.permutation(len(cards))]


KINDS = ["royal", "straight_flush", "wheel_flush", "quads", "full_house", "flush", "straight", "wheel",
         "trips", "two_pair", "pair", "high", "top_trips", "top_pair", "top_high"]


def make_inputs(rng):
    # the judge seeds trial t with SEED + t: cycle through the hand kinds so every branch is taken
    kind = KINDS[int(rng.bit_generator.seed_seq.entropy) % len(KINDS)]
    return (_hand(rng, kind),)


INPUTS = make_inputs


@jax.jit
def reference_fix(cards_jax):
    n = cards_jax.shape[0]
    rank_counts = jnp.bincount(cards_jax[:, 0], minlength=13, length=13)
    suit_counts = jnp.bincount(cards_jax[:, 1], minlength=4, length=4)
    has_flush = jnp.max(suit_counts) == n
    rank_indices = jnp.sort(cards_jax[:, 0])
    hi = jnp.max(rank_indices)
    first = lambda k: jnp.argmax(rank_counts == k)
    if n == 3:
        rank = jnp.select([jnp.max(rank_counts) == 3, jnp.max(rank_counts) == 2], [7, 8], 9)
        score = jnp.select([jnp.max(rank_counts) == 3, jnp.max(rank_counts) == 2],
                           [10.0 + cards_jax[0, 0], first(2) / 100.0], hi / 100.0)
        return rank, score
    n_unique = jnp.sum(rank_counts > 0)
    is_straight = (n_unique == n) & ((hi - jnp.min(rank_indices) == n - 1)
                                     | jnp.array_equal(rank_indices, jnp.array([0, 1, 2, 3, 12])))
    straight_flush = has_flush & is_straight
    royal = jnp.array_equal(rank_indices, jnp.array([8, 9, 10, 11, 12]))
    n_pairs = jnp.sum(rank_counts == 2)
    high_pair = 12 - jnp.argmax(rank_counts[::-1] == 2)
    conds = [straight_flush & royal, straight_flush, jnp.max(rank_counts) == 4,
             jnp.any(rank_counts == 3) & jnp.any(rank_counts == 2), has_flush, is_straight,
             jnp.max(rank_counts) == 3, n_pairs == 2, n_pairs == 1]
    ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9]
    scores = [25.0, 15.0 + hi / 100.0, 10.0 + first(4) / 100.0, 6.0 + first(3) / 100.0,
              4.0 + hi / 100.0, 2.0 + hi / 100.0, 2.0 + first(3) / 100.0,
              1.0 + high_pair / 100.0 + first(2) / 10000.0, first(2) / 100.0]
    return jnp.select(conds, ranks, 10), jnp.select(conds, scores, hi / 100.0)
