"""A nested helper reads a traced value of its enclosing jitted function in an if.

source: google/brax issue #321 (env.step jitted; the wrapper's nested step function tested the traced state; reduced)
error: TracerBoolConversionError
category: closure
expect: report
notes: reduced to the closure pattern of the wrapper; adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(obs, done):
    limit = jnp.max(obs)

    def clip_reward(r):
        if r > limit:
            return limit
        return r

    return clip_reward(jnp.sum(obs)) * (1 - done)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(4,)).astype(np.float32), np.float32(rng.integers(0, 2)))


INPUTS = make_inputs
