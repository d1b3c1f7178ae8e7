"""`jnp.minimum` of two static ints gives a tracer, which then sizes `jnp.arange`.

source: https://github.com/jax-ml/jax/issues/4798 (lumip, "jax.numpy.minimum returning traced value even if all inputs are concrete": foo)
error: ConcretizationTypeError
category: shape-from-jnp-op-on-static
expect: fix
notes: verbatim (the `print` of the three types kept); `f = foo`. `n` is static and `jnp.shape(x)[0]` is a Python int, but `jnp.minimum` stages its result, so `jnp.arange(n_actual)` sees a tracer; Python `min` keeps it concrete.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
import jax
from functools import partial

@partial(jax.jit, static_argnums=(0,))
def foo(n, x):
    n_aval = jnp.shape(x)[0]
    n_actual = jnp.minimum(n_aval, n)
    print(type(n), type(n_aval), type(n_actual))
    return jnp.arange(n_actual)


f = foo
# --- end user code ---

import numpy as np


def make_inputs(rng):
    length = int(rng.integers(1, 12))
    n = int(rng.integers(1, 12))  # both n < len(x) and n >= len(x) occur
    return (n, np.arange(length, dtype=np.int32))


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(0,))
def reference_fix(n, x):
    return jnp.arange(min(jnp.shape(x)[0], n))
