"""Numba-era "find first element greater than" (from a Stack Overflow answer): for loop with early return and -1 fall-through.

source: rpagliuca/dem_simulation code/functions.py at b444dbb9d3f57ee70b8867cf4977ad1cb11c08ac (`find_first_item_greater_than`; its comment cites http://stackoverflow.com/a/29799815/1501575)
error: TracerBoolConversionError
category: for-early-return-fallthrough
expect: fix
notes: numba's `@jit(nopython=True)` becomes `@jax.jit` (the port a user makes when moving the simulation to JAX) and Python 2 `xrange` becomes `range`; body and comments otherwise verbatim. `f` is the jitted function. Some trials use a threshold above every element so the `return -1` fall-through runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax

# Source: http://stackoverflow.com/a/29799815/1501575
# Pre-compiled function to find first element of array greater than
@jax.jit
def find_first_item_greater_than(vec, value):
    for i in range(len(vec)):
        if vec[i] > value:
            return i
    return -1


f = find_first_item_greater_than
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    vec = rng.normal(size=(8,)).astype(np.float32)
    value = rng.normal() * 1.5
    if rng.random() < 0.2:
        value = float(vec.max()) + 1.0
    return (vec, np.float32(value))


INPUTS = make_inputs


@jax.jit
def reference_fix(vec, value):
    hit = vec > value
    return jnp.where(jnp.any(hit), jnp.argmax(hit), -1)
