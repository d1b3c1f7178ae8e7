"""A NamedTuple state passed to a jitted step: its field is traced.

source: RobertTLange/gymnax issue #86 (reset-on-done written with Python `if done:` inside a jitted step)
error: TracerBoolConversionError
category: pytree-leaf
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from typing import NamedTuple


class LogState(NamedTuple):
    episode_returns: jnp.ndarray
    returned_episode_returns: jnp.ndarray
    done: jnp.ndarray


@jax.jit
def f(state, reward):
    new_return = state.episode_returns + reward
    if state.done:
        return state._replace(episode_returns=jnp.zeros_like(new_return), returned_episode_returns=new_return)
    return state._replace(episode_returns=new_return)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (LogState(rng.normal(size=(2,)).astype(np.float32), np.zeros(2, np.float32), np.bool_(rng.integers(0, 2))), np.float32(rng.normal()))


INPUTS = make_inputs
