"""Gomoku RL agent reward schemes: `Reward.__call__` subclasses branch with if/elif on the traced winner.

source: zackxzhang/G5 g5/reward.py at 1b14bd2cee540ef4b45d6dd1a357977a79dddfc8 (Reward, Victory, Rush, Survival)
error: TracerBoolConversionError
category: if-elif-return-on-traced-scalar / class-held-static-config
expect: fix
notes: g5/reward.py verbatim except `from .hint import Stone` (replaced by `Stone = int`). In the repo the
    winner comes from `judge` (g5/state.py, computed with jax.numpy on the board: 1, -1, 0, or 2 for a full
    board) and is passed to the agent's reward; the added entry point `f` jits the three schemes on one
    traced winner, `self.stone` staying a static Python int. g5/state.py itself is an earlier case; this
    one is a different file of the same repository.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from abc import ABC, abstractmethod

import jax

Stone = int  # stand-in for g5.hint.Stone


class Reward(ABC):

    def __init__(self, stone: Stone):
        self.stone = stone

    @abstractmethod
    def __call__(self, winner: Stone) -> int:
        pass

    def encode(self):
        return {
            'class': self.__class__.__name__,
        }

    @classmethod
    def decode(cls, data):
        match data['class']:
            case 'Victory':
                return Victory
            case 'Rush':
                return Rush
            case 'Survival':
                return Survival
            case _:
                raise ValueError(f"no policy class named {data['class']}")


class Victory(Reward):

    def __call__(self, winner: Stone) -> int:
        if winner == self.stone:
            return +1
        elif winner == -self.stone:
            return -1
        elif winner == 0:
            return 0
        else:
            return 0


class Rush(Reward):

    def __call__(self, winner: Stone) -> int:
        if winner == self.stone:
            return +10
        elif winner == -self.stone:
            return -10
        elif winner == 0:
            return -1
        else:
            return 0


class Survival(Reward):

    def __call__(self, winner: Stone) -> int:
        if winner == self.stone:
            return +10
        elif winner == -self.stone:
            return -10
        elif winner == 0:
            return +1
        else:
            return 0


f = jax.jit(lambda winner: (Victory(1)(winner), Rush(1)(winner), Survival(-1)(winner)))
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    return (np.int32(rng.choice([1, -1, 0, 2])),)


INPUTS = make_inputs


@jax.jit
def reference_fix(winner):
    def scheme(stone, win, lose, running):
        return jnp.where(winner == stone, win,
                         jnp.where(winner == -stone, lose,
                                   jnp.where(winner == 0, running, 0)))
    return scheme(1, 1, -1, 0), scheme(1, 10, -10, -1), scheme(-1, 10, -10, 1)
