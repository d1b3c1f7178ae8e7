"""A piecewise-constant factor object whose __call__ tests the traced time with Python `or`.

source: dynamiqs/dynamiqs, early JAX port of dynamiqs/time_tensor.py (class _PWCFactor, __call__); the jit problem of this exact method was flagged in the review of https://github.com/dynamiqs/dynamiqs/pull/406 (gautierronan: "this needs to be modified with some `lax` function to account for the if statement with the jit")
error: TracerBoolConversionError
category: bool-or-in-method
expect: fix
notes: _PWCFactor copied (shape/conj/__call__/reshape kept, type hints trimmed); the leak sits in a
  method of an object built inside the jitted f, reached through `factor(t)`, so the traced `t` is
  never visible next to the `if`. f(times, values, t) is the smallest caller, as a solver evaluating
  H(t) under jit does. Inputs draw t below, inside and above the time grid so both branches run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Tuple

import jax
import jax.numpy as jnp
from jax import Array


class _PWCFactor:
    # Defined by a tuple of 2 tensors (times, values), where
    # - times: (nv+1) are the time points between which the PWC tensor take constant
    #          values, where nv is the number of time intervals
    # - values: (..., nv) are the constant values for each time interval, where
    #           (...) is an arbitrary batching size

    def __init__(self, times: Array, values: Array):
        self.times = times  # (nv+1)
        self.values = values  # (..., nv)
        self.nv = self.values.shape[-1]

    @property
    def shape(self) -> Tuple[int, ...]:
        return self.values.shape[:-1]  # (...)

    def conj(self) -> "_PWCFactor":
        return _PWCFactor(self.times, self.values.conj())

    def __call__(self, t: float) -> Array:
        if t < self.times[0] or t >= self.times[-1]:
            return jnp.zeros_like(self.values[..., 0])  # (...)
        else:
            # find the index $k$ such that $t \in [t_k, t_{k+1})$
            idx = jnp.searchsorted(self.times, t, side='right') - 1
            return self.values[..., idx]  # (...)

    def reshape(self, *shape: int) -> "_PWCFactor":
        return _PWCFactor(self.times, self.values.reshape(*shape, self.nv))


@jax.jit
def f(times, values, t):
    factor = _PWCFactor(times, values)
    return factor(t)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    times = np.sort(rng.uniform(0.0, 10.0, size=(6,))).astype(np.float32)
    values = rng.normal(size=(3, 5)).astype(np.float32)
    t = np.float32(rng.uniform(times[0] - 2.0, times[-1] + 2.0))
    return (times, values, np.asarray(t, dtype=np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(times, values, t):
    outside = (t < times[0]) | (t >= times[-1])
    idx = jnp.clip(jnp.searchsorted(times, t, side='right') - 1, 0, values.shape[-1] - 1)
    return jnp.where(outside, jnp.zeros_like(values[..., 0]), values[..., idx])
