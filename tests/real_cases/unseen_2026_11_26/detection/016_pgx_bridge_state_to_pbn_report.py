"""pgx bridge: `_state_to_pbn` renders the state's traced hand as a PBN string; a string result cannot come out of jit.

source: sotetsuk/pgx pgx/contractbridgebidding.py at 11e89413455f46e5a700e6e83b1d1133d27236b5 (TO_CARD, _state_to_pbn)
error: TracerArrayConversionError
category: python-string-output-from-traced-state
expect: report
notes: TO_CARD and _state_to_pbn verbatim; the state dataclass is reduced to its `hand` field. The function sorts the traced hand with NumPy, filters cards with a chained comparison `j * 13 <= i < (j + 1) * 13` and joins characters into a Python str. Its output is text, so no jit-safe rewrite exists: the leak should be reported (the helper must run outside jit, on concrete cards).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from dataclasses import dataclass

import jax
import numpy as np


@dataclass
class ContractBridgeBiddingState:
    hand: np.ndarray


# カードと数字の対応
# 0~12 spade, 13~25 heart, 26~38 diamond, 39~51 club
# それぞれのsuitにおいて以下の順で数字が並ぶ
TO_CARD = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]


# State => pbn format
# pbn format example
# "N:KT9743.AQT43.J.7 J85.9.Q6.KQJ9532 Q2.KJ765.T98.T64 A6.82.AK75432.A8"
def _state_to_pbn(state: ContractBridgeBiddingState) -> str:
    pbn = "N:"
    for i in range(4):  # player
        hand = np.sort(state.hand[i * 13 : (i + 1) * 13])
        for j in range(4):  # suit
            card = [
                TO_CARD[i % 13] for i in hand if j * 13 <= i < (j + 1) * 13
            ][::-1]
            if card != [] and card[-1] == "A":
                card = card[-1:] + card[:-1]
            pbn += "".join(card)
            if j == 3:
                if i != 3:
                    pbn += " "
            else:
                pbn += "."
    return pbn


@jax.jit
def f(hand):
    return _state_to_pbn(ContractBridgeBiddingState(hand=hand))
# --- end user code ---


def make_inputs(rng):
    return (rng.permutation(52).astype(np.int32),)


INPUTS = make_inputs
