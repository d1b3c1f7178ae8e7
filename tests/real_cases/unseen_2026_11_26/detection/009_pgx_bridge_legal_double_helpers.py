"""pgx bridge bidding: `if state.last_bidder != -1:` and `not state.call_x and ...` in helpers reading a state dataclass.

source: sotetsuk/pgx pgx/contractbridgebidding.py at 11e89413455f46e5a700e6e83b1d1133d27236b5 (ContractBridgeBiddingState, _is_terminated, _update_legal_action_X_XX, _is_legal_X, _is_legal_XX, _is_partner); later revisions of the bridge env (pgx/bridge_bidding.py) rewrote these helpers with `jax.lax.cond(state.last_bidder != -1, ...)` and `(state.call_x == 0) & (state.call_xx == 0) & (...)` to make them jittable
error: TracerBoolConversionError
category: helper-truth-tests-on-state-fields
expect: fix
notes: helpers verbatim; the state dataclass is cut down to the fields these helpers read, without its NumPy-array defaults (Python 3.11+ dataclasses reject unhashable defaults). The helpers only use Python operators, so they run unchanged on JAX arrays. `f` is the jitted query the env's step makes after each call: is the auction over, and are double/redouble legal for the next player. The leaks sit in four helpers: a chained `and`/`or` on state fields, `if state.last_bidder != -1`, `not state.call_x`, and `not _is_partner(...)`. Inputs cover no bid yet (-1), partner/opponent bidders and all double/redouble flags.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass
from typing import Tuple

import jax
import numpy as np


@dataclass
class ContractBridgeBiddingState:
    # curr_player 現在のプレイヤーid
    curr_player: np.ndarray
    last_bid: np.ndarray
    last_bidder: np.ndarray
    call_x: np.ndarray
    call_xx: np.ndarray
    # passの回数
    pass_num: np.ndarray


# 終了判定　ビッドされていない場合はパスが４回連続（パスアウト）、それ以外はパスが3回連続
def _is_terminated(state: ContractBridgeBiddingState) -> bool:
    if (state.last_bid == -1 and state.pass_num == 4) or (
        state.last_bid != -1 and state.pass_num == 3
    ):
        return True
    else:
        return False


# 次プレイヤーのX, XXが合法手かどうか
def _update_legal_action_X_XX(
    state: ContractBridgeBiddingState,
) -> Tuple[bool, bool]:
    if state.last_bidder != -1:
        return _is_legal_X(state), _is_legal_XX(state)
    else:
        return False, False


def _is_legal_X(state: ContractBridgeBiddingState) -> bool:
    if (
        (not state.call_x)
        and (not state.call_xx)
        and (
            not _is_partner(
                state.last_bidder,
                state.curr_player,
            )
        )
    ):
        return True
    else:
        return False


def _is_legal_XX(state: ContractBridgeBiddingState) -> bool:
    if (
        state.call_x
        and (not state.call_xx)
        and (
            _is_partner(
                state.last_bidder,
                state.curr_player,
            )
        )
    ):
        return True
    else:
        return False


# playerがパートナーか判断
def _is_partner(player1: np.ndarray, player2: np.ndarray) -> np.ndarray:
    return (abs(player1 - player2) + 1) % 2


@jax.jit
def f(curr_player, last_bid, last_bidder, call_x, call_xx, pass_num):
    state = ContractBridgeBiddingState(
        curr_player=curr_player,
        last_bid=last_bid,
        last_bidder=last_bidder,
        call_x=call_x,
        call_xx=call_xx,
        pass_num=pass_num,
    )
    legal_x, legal_xx = _update_legal_action_X_XX(state)
    return _is_terminated(state), legal_x, legal_xx
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    curr_player = onp.int8(rng.integers(0, 4))
    no_bid = rng.random() < 0.3
    last_bid = onp.int8(-1 if no_bid else rng.integers(0, 35))
    last_bidder = onp.int8(-1 if no_bid else rng.integers(0, 4))
    call_x = onp.bool_(rng.random() < 0.5)
    call_xx = onp.bool_(call_x and rng.random() < 0.5)
    pass_num = onp.int8(rng.integers(0, 5))
    return (curr_player, last_bid, last_bidder, call_x, call_xx, pass_num)


INPUTS = make_inputs


@jax.jit
def reference_fix(curr_player, last_bid, last_bidder, call_x, call_xx, pass_num):
    terminated = ((last_bid == -1) & (pass_num == 4)) | (
        (last_bid != -1) & (pass_num == 3))
    partner = (jax.numpy.abs(last_bidder - curr_player) + 1) % 2 != 0
    has_bid = last_bidder != -1
    legal_x = has_bid & ~call_x & ~call_xx & ~partner
    legal_xx = has_bid & call_x & ~call_xx & partner
    return terminated, legal_x, legal_xx
