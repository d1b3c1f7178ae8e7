"""Limit-order-book market buy sweep: masks, cumsum, argmax and a traced jnp.roll instead of a level-by-level loop.

source: flazedd/jax-engine-rl lob_sim/matching.py at 3ae538789a2a15056f38b3b9b7fefca95f779fe6 (fill_market_buy; code-index file id 70327373083)
error: none
category: negative (jnp.where / jnp.any guards, traced shift in jnp.roll, static shape[0])
expect: untouched
notes: fill_market_buy verbatim; `f = jax.jit(fill_market_buy)` added as the entry point (the repository calls it from
  its jitted env step in lob_sim/step.py). The "while the order is not filled, eat the next level" logic that a NumPy
  matching engine writes as a loop is here a cumulative sum, and "if the book is empty" is jnp.where(jnp.any(...)), so
  nothing needs a concrete value. Inputs include books with pre-existing gaps, empty books and orders larger than the
  book.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def fill_market_buy(ask_volumes, qty, half_spread_ticks, mid_price, tick_size):
    """Fill a market buy order against the ask side of the book.

    Returns (new_ask_volumes, filled_qty, avg_fill_price, new_mid_price, new_half_spread).
    """
    n = ask_volumes.shape[0]
    levels = jnp.arange(n)

    # Pre-existing gap: first level with volume
    pre_has_vol = ask_volumes > 0
    pre_first = jnp.where(jnp.any(pre_has_vol), jnp.argmax(pre_has_vol).astype(jnp.int32), jnp.int32(0))

    # Ask prices: mid_price + (i + half_spread_ticks) * tick_size
    prices = mid_price + (levels + half_spread_ticks) * tick_size

    # Cumulative sum for sweep
    cumsum = jnp.cumsum(ask_volumes)
    # cumsum_prev[i] = cumsum up to but not including level i
    cumsum_prev = jnp.concatenate([jnp.zeros(1), cumsum[:-1]])

    # Consumed per level: min(vol[i], max(0, qty - cumsum_prev[i]))
    remaining = jnp.maximum(0.0, qty - cumsum_prev)
    consumed = jnp.minimum(ask_volumes, remaining)

    filled_qty = jnp.sum(consumed)

    # VWAP fill price
    total_cost = jnp.sum(consumed * prices)
    avg_fill_price = jnp.where(filled_qty > 0, total_cost / filled_qty, mid_price)

    # New volumes after fill
    new_volumes = ask_volumes - consumed

    # Find how many levels were newly consumed (not pre-existing gaps)
    post_has_vol = new_volumes > 0
    post_first = jnp.where(jnp.any(post_has_vol), jnp.argmax(post_has_vol).astype(jnp.int32), jnp.int32(0))
    any_volume = jnp.any(post_has_vol)

    # Only shift by newly consumed levels, preserving pre-existing gaps
    shift = jnp.where(any_volume, jnp.maximum(post_first - pre_first, jnp.int32(0)), jnp.int32(0))

    # Roll and zero-fill the deep end
    shifted = jnp.roll(new_volumes, -shift)
    mask = jnp.where(levels >= n - shift, 0.0, 1.0)
    new_ask_volumes = shifted * mask

    # Update mid-price: each consumed level shifts mid up by tick_size
    shift_f = shift.astype(jnp.float32)
    new_mid_price = mid_price + shift_f * tick_size

    # half_spread stays the same (spread widens by the shift on the ask side,
    # but mid moved to compensate)
    new_half_spread = half_spread_ticks

    return new_ask_volumes, filled_qty, avg_fill_price, new_mid_price, new_half_spread


f = jax.jit(fill_market_buy)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 10
    vols = rng.integers(0, 6, size=n).astype(np.float32)
    vols[rng.random(n) < 0.25] = 0.0            # pre-existing gaps
    if rng.random() < 0.1:
        vols[:] = 0.0                           # empty book
    qty = np.float32(rng.uniform(0.0, 1.3) * max(float(vols.sum()), 1.0))
    half_spread_ticks = np.float32(rng.integers(1, 4))
    mid_price = np.float32(rng.uniform(99.0, 101.0))
    tick_size = np.float32(0.01)
    return (vols, qty, half_spread_ticks, mid_price, tick_size)


INPUTS = make_inputs
