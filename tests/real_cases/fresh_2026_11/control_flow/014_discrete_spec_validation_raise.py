"""Spec constructor validating a traced array: `if not (num_values > 0).all(): raise ValueError(...)`.

source: https://github.com/joeryjoery/jit_env/issues/36 ("specs.DiscreteArray uses non-jit compatible construction")
error: TracerBoolConversionError
category: raise-on-traced
expect: report
notes: the snippet quoted in the issue, wrapped in a trimmed DiscreteArray class (only the num_values handling) and a jitted constructor `f`. Raising on a data-dependent condition has no behaviour-preserving automatic rewrite under jit (it needs checkify / equinox.error_if or moving the check out of the trace), so it should be reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as _jnp


class DiscreteArray:
    def __init__(self, num_values, dtype=_jnp.int32):
        num_values = _jnp.asarray(num_values, dtype)
        if not (num_values > 0).all():
            raise ValueError(
                f"`num_values` may only contain positive integers, "
                f"got {num_values}."
            )
        self.num_values = num_values


@jax.jit
def f(num_values):
    return DiscreteArray(num_values).num_values
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.integers(1, 10, size=(4,)).astype(np.int32),)


INPUTS = make_inputs
