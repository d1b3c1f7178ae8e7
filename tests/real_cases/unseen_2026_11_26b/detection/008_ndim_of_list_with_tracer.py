"""`jnp.ndim` of a Python list holding an array built inside the jitted function.

source: https://github.com/jax-ml/jax/issues/12083 (Gattocrucco, "`jax.numpy.ndim` works on non-arrays, but not during tracing": `func = lambda x: x + jnp.ndim([jnp.ones(1)])`, `func(0.)` works, `jax.jit(func)(0.)` raises TracerArrayConversionError)
error: TracerArrayConversionError
category: numpy-on-hidden-tracer
expect: fix
notes: verbatim lambda, jitted as in the report. The argument `x` plays no part in the failure:
  `jnp.ones(1)` is staged out under jit, so the list holds a tracer, and `jnp.ndim` on a non-array
  falls back to NumPy's `np.ndim`, which calls `np.asarray` on the list. The value is 2 in every
  case; a rewrite only has to keep the result (`x + 2`).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp

func = lambda x: x + jnp.ndim([jnp.ones(1)])

f = jax.jit(func)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.normal()),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return x + jnp.ndim(jnp.asarray([jnp.ones(1)]))
