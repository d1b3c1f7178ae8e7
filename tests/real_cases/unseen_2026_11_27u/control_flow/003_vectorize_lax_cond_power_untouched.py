"""jnp.vectorize over a scalar function that already branches with lax.cond: jit-safe.

source: https://github.com/jax-ml/jax/issues/23389 (PeishiJiang, "jnp.vectorize causes FloatingPointError: invalid value (nan) when there is no nan returned": `@jnp.vectorize def func(x_e): return jax.lax.cond(x_e > 0, lambda: jnp.power(1.0 + x_e, -0.75), lambda: jnp.power(1.0 + x_e, -2.0))`)
error: none
category: negative
expect: untouched
notes: `func` is verbatim from the issue. The issue's `jax.config.update("jax_debug_nans", True)` line is
  dropped (it is what raised there: the batched cond evaluates both branches and the untaken one is NaN for
  x < -1, which is discarded); `f = jax.jit(func)` is added as the entry point. The comparison `x_e > 0`
  only feeds lax.cond, so there is no Python control flow on a tracer and nothing to change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jnp.vectorize
def func(x_e):
    return jax.lax.cond(
            x_e > 0,
            lambda: jnp.power(1.0 + x_e, -0.75),
            lambda: jnp.power(1.0 + x_e, -2.0),
        )


f = jax.jit(func)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.uniform(-4.0, 3.0, size=(6,)).astype(np.float32)
    x[0] = np.float32(-3.6927774)
    x[1] = np.float32(1.5781837)
    return (x,)


INPUTS = make_inputs
