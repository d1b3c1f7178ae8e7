"""`if`/`else` on a traced comparison where each branch returns a tuple (array, Python float constant).

source: https://github.com/jax-ml/jax/issues/6713 (hawkinsp, "Surprising interaction between `jit` and `remat(concrete=True)`", function g)
error: TracerBoolConversionError
category: if-return-tuple
expect: fix
notes: g verbatim except the `@partial(jax.remat, concrete=True)` decorator is dropped (the `concrete` option was removed from JAX); `f = jax.jit(g)` added. The inner `jax.jit(lax.gt)` is kept. x takes both signs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import lax


def g(x):
  if jax.jit(lax.gt)(x, 0.):
    return lax.sin(x), 3.
  else:
    return lax.cos(x), 4.


f = jax.jit(g)
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    x = rng.choice([-1.0, 1.0]) * rng.uniform(0.1, 3.0)
    return (np.asarray(x, dtype=np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    pos = x > 0.
    return jnp.where(pos, jnp.sin(x), jnp.cos(x)), jnp.where(pos, 3., 4.)
