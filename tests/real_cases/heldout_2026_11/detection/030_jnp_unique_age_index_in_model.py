"""A jitted model computes the distinct ages present in its data with jnp.unique.

source: https://github.com/jax-ml/jax/issues/10231 (NonConcreteBooleanIndexError "as the result of a call to jnp.unique: ages_pred = jnp.unique(age_idx)" in a pitcher-projection model, age_idx an int array)
error: ConcretizationTypeError
category: data-dependent-size-call
expect: report
notes: only the jnp.unique line is given in the issue; the surrounding function (per-age mean of an observed quantity over the ages actually present) is reconstructed to give the call a realistic use. Current JAX raises ConcretizationTypeError (the issue's JAX raised NonConcreteBooleanIndexError). The number of distinct ages is data-dependent; a `size=` bound would change the result's shape: report.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(age_idx, stuff):
    ages_pred = jnp.unique(age_idx)
    mean_by_age = jax.vmap(lambda a: jnp.sum(jnp.where(age_idx == a, stuff, 0.0))
                           / jnp.sum(age_idx == a))(ages_pred)
    return ages_pred, mean_by_age
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return rng.integers(20, 26, size=(12,)).astype(np.int32), rng.normal(size=(12,)).astype(np.float32)


INPUTS = make_inputs
