"""pgx's early jnp backgammon: `_calc_src`/`_calc_tgt` if/elif/else (with `or`) on the traced action when decomposing a move.

source: sotetsuk/pgx pgx/backgammon.py (early jax.numpy revision with Python if/elif in _calc_src/_calc_tgt/_is_action_legal, before the revision that wrapped them in @jit with jax.lax.cond; see https://github.com/sotetsuk/pgx/issues/5 for the team's notes on this port)
error: TracerBoolConversionError
category: if-elif-or-return-helpers
expect: fix
notes: _off_idx, _bar_idx, _calc_src, _calc_tgt and _decompose_action verbatim except that the Japanese comments are translated and jnp.clip's `a_min=`/`a_max=` keywords (removed from current JAX) are passed positionally. f jits _decompose_action with the action traced and `turn` static (static_argnums). The first leak hit is the `if src == 1` test; the `if src >= 24` / `elif ... >= 24 or ... <= -1` chain (Python `or` between traced comparisons) follows, and _off_idx/_bar_idx's `int(26 + jnp.clip(turn, 0, 1))` is a second kind of leak a complete fix must also remove (under jit even jnp ops on the static turn are staged, so int() sees a tracer). Branches return Python ints or traced arrays.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial
from typing import Tuple

import jax
import jax.numpy as jnp


def _off_idx(turn: jnp.int8) -> int:
    """
    white: 26, black: 27
    """
    return int(26 + jnp.clip(turn, 0, 1))


def _bar_idx(turn: jnp.int8) -> int:
    """
    white: 24, black: 25
    """
    return int(24 + jnp.clip(turn, 0, 1))


def _calc_src(src: int, turn: jnp.int8) -> int:
    """
    convert to a board index.
    """
    if src == 1:  # src is the bar
        return _bar_idx(turn)
    else:  # point to point
        return src - 2


def _calc_tgt(src: int, turn: jnp.int8, die) -> int:
    """
    convert to a board index.
    """
    if src >= 24:  # src is the bar
        return jnp.clip(24 * turn, -1, 24) + die * -turn
    elif src + die * -turn >= 24 or src + die * -turn <= -1:  # target is off
        return _off_idx(turn)
    else:  # point to point
        return src + die * -turn


def _decompose_action(action: int, turn: jnp.int8) -> Tuple:
    """
    split action (int) into source, die, target.
    """
    src = _calc_src(action // 6, turn)
    die = action % 6 + 1  # 0~5 -> 1~6
    tgt = _calc_tgt(src, turn, die)
    return src, die, tgt


f = partial(jax.jit, static_argnums=1)(_decompose_action)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = rng.integers(0, 3)
    if kind == 0:
        action = 6 + rng.integers(0, 6)            # src index 1: from the bar
    else:
        action = rng.integers(12, 26 * 6)          # a point; near the ends the target is off
    return (np.int32(action), int(rng.choice([-1, 1])))


INPUTS = make_inputs


@partial(jax.jit, static_argnums=1)
def reference_fix(action, turn):
    s = action // 6
    src = jnp.where(s == 1, 24 + min(max(turn, 0), 1), s - 2)
    die = action % 6 + 1
    step = src + die * -turn
    off = (step >= 24) | (step <= -1)
    tgt = jnp.where(src >= 24, min(max(24 * turn, -1), 24) + die * -turn,
                    jnp.where(off, 26 + min(max(turn, 0), 1), step))
    return src, die, tgt
