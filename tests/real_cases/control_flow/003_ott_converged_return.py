"""Return the cost only when the solver converged (`if ... and ...: return`).

source: https://github.com/ott-jax/ott/issues/3 (checking `out.converged` inside a jitted function
  raises ConcretizationTypeError; the maintainer suggests `jnp.where(out.converged, cost, jnp.nan)`)
error: ConcretizationTypeError
category: if-return
expect: fix
notes: the Sinkhorn output's fields become arguments (errors, converged, cost); the fall-through
  returns NaN as in the maintainer's answer.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(errors, converged, cost):
    if errors[-1] < 1 and converged:
        return cost
    return jnp.nan
# --- end user code ---

import numpy as np


def make_inputs(rng):
    errors = rng.uniform(0.0, 2.0, size=(5,)).astype(np.float32)
    return errors, np.bool_(rng.random() < 0.6), np.float32(rng.normal())


INPUTS = make_inputs


@jax.jit
def reference_fix(errors, converged, cost):
    return jnp.where((errors[-1] < 1) & converged, cost, jnp.nan)
