"""`if True and flag: return 1` on a traced boolean.

source: https://github.com/jax-ml/jax/pull/22098 (the example in the description)
error: TracerBoolConversionError
category: if-return
expect: fix
notes: verbatim.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax


@jax.jit
def f(qiaoqiao):
    if True and qiaoqiao:
        return 1
    return 0
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    return (np.bool_(rng.random() < 0.5),)


INPUTS = make_inputs


@jax.jit
def reference_fix(qiaoqiao):
    return jnp.where(qiaoqiao, 1, 0)
