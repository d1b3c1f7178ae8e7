"""Fixed-point iteration that stops when the change is below a tolerance.

source: https://gimle-asgard.pages.dev/advanced/jax-jit ("Fixed-point iteration - converges by
  checking if diff < tolerance: break. This condition depends on a JAX value, which JIT cannot
  evaluate at trace time.")
error: TracerBoolConversionError
category: for-break
expect: fix
notes: the loop the page describes, with x = cos(x) as the contraction, a loose tolerance and
  few steps so that where it stops depends on the start.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    tolerance = 0.05
    for _ in range(10):
        new = jnp.cos(x)
        diff = jnp.abs(new - x)
        x = new
        if diff < tolerance:
            break
    return x
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    return (np.float32(rng.uniform(-1.0, 1.0)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    def body(state):
        i, x, stop = state
        new = jnp.cos(x)
        return i + 1, new, jnp.abs(new - x) < 0.05

    _, x, _ = lax.while_loop(lambda s: (s[0] < 10) & ~s[2], body, (0, x, False))
    return x
