"""A lambda handed to jax.jit indexes a Python list with its traced argument.

source: https://github.com/jax-ml/jax/pull/5853 (jakevdp, "Improve error when tracer is used as a list index": `jax.jit(lambda i: [1, 2, 3][i])(0)`, "This can often be fixed by converting the indexed object to a JAX array, for example by changing `obj[idx]` to `jnp.asarray(obj)[idx]`")
error: TracerIntegerConversionError
category: list-indexed-by-tracer
expect: fix
notes: the PR's one-liner, with the list hoisted to a module-level table (as level tables usually
  are) so that the lambda body shows only a name. f is the jitted lambda itself; indices 0..2.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax

LEVELS = [1, 2, 3]

f = jax.jit(lambda i: LEVELS[i])
# --- end user code ---

import jax.numpy as jnp
import numpy as np


def make_inputs(rng):
    return (np.asarray(rng.integers(0, 3), dtype=np.int32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(i):
    return jnp.asarray(LEVELS)[i]
