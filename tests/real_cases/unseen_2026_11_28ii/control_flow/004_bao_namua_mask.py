"""Bao la Kiswahili legal-action mask: a Python loop over 8 static columns with jnp.where on traced seed counts (already jit-safe).

source: code-index file id 60567041267 ("Namua/mtaji move execution and legal action mask.": _capture_possible_namua, _namua_mask); helpers is_kichwa_or_kimbi and forced_direction verbatim from the same project's board module, code-index file id 60269522855. The index does not name the repository.
error: none
category: negative-static-loop
expect: untouched
notes: _capture_possible_namua and _namua_mask verbatim. The relative imports are replaced by the two board helpers copied verbatim and by NUM_ACTIONS = 34 (the project's state module was not available in the index; the moves module uses actions 0-31 for sowing plus NYUMBA_STOP/NYUMBA_CONTINUE, hence 34). Added `f = jax.jit(_namua_mask)`; it takes the same packed tuple (board, stock, nyumba_active, opp_nyumba_active) that compute_legal_action_mask passes through lax.cond. `for ci in range(8)` is over a static range and every test on seeds goes through jnp.where / & / |, so nothing leaks.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import Array

NUM_ACTIONS = 34


def is_kichwa_or_kimbi(col: Array) -> Array:
    return (col == 0) | (col == 1) | (col == 6) | (col == 7)


def forced_direction(col: Array) -> Array:
    """For kichwa/kimbi cols, return the forced sowing direction.

    Left kichwa/kimbi (cols 0,1): captured seeds enter from left kichwa -> sow right (1).
    Right kichwa/kimbi (cols 6,7): captured seeds enter from right kichwa -> sow left (0).
    """
    return jnp.where(col <= 1, jnp.int32(1), jnp.int32(0))


def _capture_possible_namua(board: Array, stock: Array) -> Array:
    """True if any front-row col has seeds on both sides and stock > 0."""
    has_stock = stock[0] > 0
    both = (board[0] > 0) & (board[2] > 0)
    return has_stock & both.any()


def _namua_mask(board_stock_etc) -> Array:
    board, stock, nyumba_active, opp_nyumba_active = board_stock_etc
    has_stock = stock[0] > 0
    can_cap = _capture_possible_namua(board, stock)

    # Build mask over front-row cols (actions 0-15)
    cols = jnp.arange(8, dtype=jnp.int32)

    def col_mask(c):
        # Base eligibility
        eligible_cap = has_stock & (board[0, c] > 0) & (board[2, c] > 0)
        eligible_tak = has_stock & (board[0, c] > 0)  # singletons ok (stock adds 1)

        # Direction constraints for kichwa/kimbi
        is_special = is_kichwa_or_kimbi(c)
        fdir = forced_direction(c)
        left_ok  = (~is_special) | (fdir == 0)
        right_ok = (~is_special) | (fdir == 1)

        eligible = jnp.where(can_cap, eligible_cap, eligible_tak)
        a_left  = (c * 2 + 0).astype(jnp.int32)
        a_right = (c * 2 + 1).astype(jnp.int32)
        return eligible & left_ok, a_left, eligible & right_ok, a_right

    mask = jnp.zeros(NUM_ACTIONS, jnp.bool_)
    for ci in range(8):
        c = jnp.int32(ci)
        el, al, er, ar = col_mask(c)
        mask = mask.at[al].set(el)
        mask = mask.at[ar].set(er)
    return mask


f = jax.jit(_namua_mask)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    board = rng.integers(0, 4, size=(4, 8)).astype(np.int16)
    board[rng.random((4, 8)) < 0.4] = 0
    stock = rng.integers(0, 3, size=(2,)).astype(np.int16)
    nyumba_active = rng.random(2) < 0.5
    opp_nyumba_active = np.bool_(rng.random() < 0.5)
    return ((board, stock, nyumba_active, opp_nyumba_active),)


INPUTS = make_inputs
