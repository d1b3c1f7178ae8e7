"""A chained comparison `0<x<1` (an implicit `and`) inside a jnp.piecewise condition list.

source: https://github.com/jax-ml/jax/issues/7969 (idnm, "Can not jit-compile piecewise linear function")
error: TracerBoolConversionError
category: boolop-chained-compare
expect: fix
notes: the issue's `f` verbatim; its `f_jit=jax.jit(f)` is written `f = jax.jit(f)` so the transformed function is `f`. Inputs are scalars in x<0, 0<x<1, x>=1 and exactly 0 (no condition holds, piecewise returns 0).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax

def f(x):
    return jax.numpy.piecewise(x, [x<0,0<x<1], [-x, x])

f = jax.jit(f)
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    kind = rng.integers(0, 4)
    if kind == 0:
        x = -rng.uniform(0.1, 2.0)
    elif kind == 1:
        x = rng.uniform(0.05, 0.95)
    elif kind == 2:
        x = rng.uniform(1.0, 3.0)
    else:
        x = 0.0
    return (np.asarray(x, dtype=np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    return jnp.piecewise(x, [x < 0, (0 < x) & (x < 1)], [-x, x])
