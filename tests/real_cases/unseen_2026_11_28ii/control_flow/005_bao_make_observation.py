"""Bao la Kiswahili observation encoder: the perspective flip on `color == current_player` already goes through lax.cond.

source: code-index file id 60289083909 ("Board-level helpers: turn flip, sow-path indexing, observation encoding."; function make_observation, 4-argument revision); the index does not name the repository
error: none
category: negative-lax-cond
expect: untouched
notes: make_observation verbatim with its module imports; only `f = jax.jit(make_observation)` added. The comparison of two traced player ids looks like a Python branch condition but is the predicate of jax.lax.cond, and the seed counts are one-hot encoded with a static class count, so nothing leaks.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import Array


def make_observation(
    board: Array, nyumba_active: Array, color: Array, current_player: Array
) -> Array:
    """Return (4, 8, 67) float32 observation from the perspective of `color`."""
    obs_board = jax.lax.cond(
        color == current_player,
        lambda b: b,
        lambda b: jnp.stack([b[2, ::-1], b[3, ::-1], b[0, ::-1], b[1, ::-1]]),
        board,
    )
    obs_nyumba = jax.lax.cond(
        color == current_player,
        lambda n: n,
        lambda n: jnp.array([n[1], n[0]]),
        nyumba_active,
    )
    # One-hot encode seed counts: 65 bins for counts 0-64
    one_hot = jax.nn.one_hot(obs_board, 65, dtype=jnp.float32)  # (4, 8, 65)
    n0 = jnp.full((4, 8, 1), obs_nyumba[0].astype(jnp.float32))
    n1 = jnp.full((4, 8, 1), obs_nyumba[1].astype(jnp.float32))
    return jnp.concatenate([one_hot, n0, n1], axis=-1)  # (4, 8, 67)


f = jax.jit(make_observation)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    board = rng.integers(0, 12, size=(4, 8)).astype(np.int32)
    nyumba_active = rng.random(2) < 0.5
    color = np.int32(rng.integers(0, 2))
    current_player = np.int32(rng.integers(0, 2))
    return (board, nyumba_active, color, current_player)


INPUTS = make_inputs
