"""`if done:` after a step inside a jitted rollout step.

source: RobertTLange/gymnax issue #86 (the report's first snippet: `if done: obs, env_state = env.reset(...)` inside jit)
error: TracerBoolConversionError
category: truth-test
expect: report
notes: adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

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
    if done:
        next_state = jnp.zeros_like(next_state)
    return next_state
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3,)).astype(np.float32), rng.normal(size=(3,)).astype(np.float32))


INPUTS = make_inputs
