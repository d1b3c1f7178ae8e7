"""The number of rows to subsample is itself drawn at random, so an array shape depends on traced data.

source: https://github.com/jax-ml/jax/issues/5100 (OlaRonning, "Array Shape as Random Variable": f)
error: TypeError
category: dynamic-shape
expect: report
notes: verbatim, with `f` as in the issue. `rand_shape.sum()` comes from `jax.random.poisson`, so `jax.random.randint(sub_key, (rand_shape.sum(), 3), ...)` has a data-dependent shape ("Shapes must be 1D sequences of concrete values", a TypeError); jakevdp's answer is that this cannot be jitted (pad to a maximum size instead), so it has no automatic fix.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax

@jax.jit
def f(data, rng_key):
    n, m = data.shape
    shape_key, sub_key = jax.random.split(rng_key)
    rand_shape = jax.random.poisson(shape_key, 1, (2,))  # <--- Random Variable
    sub_indices = jax.random.randint(sub_key, (rand_shape.sum(), 3), 0, n)
    subsamples = data[sub_indices, :]
    return subsamples
# --- end user code ---

import numpy as np


def make_inputs(rng):
    data = np.arange(10 * 5, dtype=np.int32).reshape((10, 5))
    key = np.asarray(jax.random.key_data(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1)))))
    return (data, key)


INPUTS = make_inputs
