"""jnp.extract of the positive entries inside jit, without a size bound.

source: https://github.com/jax-ml/jax/issues/38603 ("jnp.compress and jnp.extract raise TracerBoolConversionError under jax.jit when size is not specified", reproducer 2); JAX later changed the message to a ConcretizationTypeError pointing at `size=` (https://github.com/jax-ml/jax/pull/38612)
error: TracerBoolConversionError
category: data-dependent-size-call
expect: report
notes: reproducer 2 verbatim (x > 0 selects a data-dependent number of entries). With jax 0.10 the failure surfaces as TracerBoolConversionError from inside jnp.extract. A `size=`/fill_value rewrite changes the output shape: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def f(x):
    return jnp.extract(x > 0, x)


f = jax.jit(f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(4, 4)).astype(np.float32),)


INPUTS = make_inputs
