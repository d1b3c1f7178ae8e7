"""The reset-on-done written with lax.cond (correct).

source: RobertTLange/gymnax issue #86 (the report's working version with `jax.lax.cond(done, ...)`)
error: none
category: look-alike-lax
expect: untouched
notes: already jit-safe; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def env_step(state, action):
    new_state = state + action
    done = new_state.sum() > 3
    return new_state, done


@jax.jit
def f(state, action):
    next_state, done = env_step(state, action)
    next_state = jax.lax.cond(done, lambda: jnp.zeros_like(next_state), lambda: next_state)
    return next_state
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3,)).astype(np.float32), rng.normal(size=(3,)).astype(np.float32))


INPUTS = make_inputs
