"""Builtin max over traced leaves in tree_reduce inside a jitted step.

source: pmelchior/scarlet2 pull request #47 (`jax.tree_util.tree_reduce(lambda a, b: max(a, b), convergence)`)
error: TracerBoolConversionError
category: builtin-on-tracer
expect: report
notes: moved into the jitted step, where the error was raised; adapted to a self-contained function; expect report (this suite measures detection; no rewrite is scored).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(params, new_params):
    convergence = jax.tree_util.tree_map(lambda a, b: jnp.max(jnp.abs(a - b)), params, new_params)
    max_change = jax.tree_util.tree_reduce(lambda a, b: max(a, b), convergence)
    return max_change
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return ({"a": rng.normal(size=(3,)).astype(np.float32), "b": rng.normal(size=(2,)).astype(np.float32)},
            {"a": rng.normal(size=(3,)).astype(np.float32), "b": rng.normal(size=(2,)).astype(np.float32)})


INPUTS = make_inputs
