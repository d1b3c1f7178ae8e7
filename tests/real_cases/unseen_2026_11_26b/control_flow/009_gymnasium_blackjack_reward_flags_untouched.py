"""Gymnasium's JAX blackjack reward: Python `if`s on the environment's static rule flags, arithmetic on the traced hands.

source: Farama-Foundation/Gymnasium gymnasium/envs/tabular/blackjack.py at 00f57f47ffadfa3ffb5aa7ef82825245d00712a4 (EnvState, cmp, usable_ace, sum_hand, is_bust, score, is_natural, BlackJackParams, BlackjackFunctional.reward); the env is jitted with `env.transform(jax.jit)` in BlackJackJaxEnv
error: none
category: negative-static-config-flags
expect: untouched
notes: the helpers and `reward` are verbatim (the class keeps only `reward`; rendering and the other FuncEnv methods are dropped). `BlackJackParams` is a `flax.struct.dataclass` in Gymnasium; flax is not installed here, so it is a frozen `dataclasses.dataclass` with the same two fields, and `f` jits the bound method with `params` static, the way the transformed env sees the class default (never a traced value). `if params.natural and not params.sutton_and_barto:` and `if params.sutton_and_barto:` branch on Python bools, `sum(hand)` iterates a fixed-length hand, and every traced quantity goes through jnp arithmetic — nothing to change. Inputs: random hands (naturals forced on some trials), both actions, all three flag combinations.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from dataclasses import dataclass
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    """A named tuple which contains the full state of the blackjack game."""

    dealer_hand: jax.Array
    player_hand: jax.Array
    dealer_cards: int
    player_cards: int
    done: int


def cmp(a, b):
    """Returns 1 if a > b, otherwise returns -1."""
    return (a > b).astype(int) - (a < b).astype(int)


def usable_ace(hand):
    """Checks to se if a hand has a usable ace."""
    return jnp.logical_and((jnp.count_nonzero(hand == 1) > 0), (sum(hand) + 10 <= 21))


def sum_hand(hand):
    """Returns the total points in a hand."""
    return sum(hand) + (10 * usable_ace(hand))


def is_bust(hand):
    """Returns whether or not the hand is a bust."""
    return sum_hand(hand) > 21


def score(hand):
    """Returns the score for a hand(0 if a bust)."""
    return (jnp.logical_not(is_bust(hand))) * sum_hand(hand)


def is_natural(hand):
    """Returns if the hand is a natural blackjack."""
    return jnp.logical_and(
        jnp.logical_and(
            jnp.count_nonzero(hand) == 2, (jnp.count_nonzero(hand == 1) > 0)
        ),
        (jnp.count_nonzero(hand == 10) > 0),
    )


@dataclass(frozen=True)
class BlackJackParams:
    """Parameters for the jax Blackjack environment."""

    natural: bool = False
    sutton_and_barto: bool = True


class BlackjackFunctional:
    def reward(
        self,
        state: EnvState,
        action,
        next_state: EnvState,
        rng,
        params: BlackJackParams = BlackJackParams,
    ) -> jax.Array:
        """Calculates reward from a state."""
        state = next_state

        dealer_hand = state.dealer_hand
        player_hand = state.player_hand

        # -1 reward if the player busts, otherwise +1 if better than dealer, 0 if tie, -1 if loss.
        reward = (
            0.0
            + (is_bust(player_hand) * -1 * action)
            + ((jnp.logical_not(action)) * cmp(score(player_hand), score(dealer_hand)))
        )

        # in the natural setting, if the player wins with a natural blackjack, then reward is 1.5
        if params.natural and not params.sutton_and_barto:
            condition = jnp.logical_and(is_natural(player_hand), (reward == 1))
            reward = reward * jnp.logical_not(condition) + 1.5 * condition

        # in the sutton and barto setting, if the player gets a natural blackjack and the dealer gets
        # a non-natural blackjack, the player wins. A dealer natural blackjack and a player
        # non-natural blackjack should result in a tie.
        if params.sutton_and_barto:
            condition = jnp.logical_and(
                is_natural(player_hand), jnp.logical_not(is_natural(dealer_hand))
            )
            reward = reward * jnp.logical_not(condition) + 1 * condition
        return reward


env = BlackjackFunctional()
f = jax.jit(env.reward, static_argnames="params")
# --- end user code ---

import numpy as np

_DECK = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10])


def _hand(rng, n_cards, natural=False):
    hand = np.zeros(21, dtype=np.float32)
    if natural:
        hand[:2] = [1, 10]
        return hand, 2
    hand[:n_cards] = rng.choice(_DECK, size=n_cards)
    return hand, n_cards


def make_inputs(rng):
    player, pc = _hand(rng, int(rng.integers(2, 6)), natural=rng.random() < 0.3)
    dealer, dc = _hand(rng, int(rng.integers(2, 5)), natural=rng.random() < 0.15)
    next_state = EnvState(dealer, player, np.int32(dc), np.int32(pc), np.int32(1))
    state = EnvState(dealer, player, np.int32(dc), np.int32(pc), np.int32(0))
    action = np.int32(rng.integers(0, 2))
    natural, sab = [(False, True), (True, False), (False, False)][int(rng.integers(0, 3))]
    return (state, action, next_state, None, BlackJackParams(natural=natural, sutton_and_barto=sab))


INPUTS = make_inputs
