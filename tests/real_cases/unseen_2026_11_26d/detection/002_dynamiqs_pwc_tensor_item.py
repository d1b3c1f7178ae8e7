"""A time-dependent operator that turns the traced interval index into a Python int with .item().

source: dynamiqs/dynamiqs, early JAX port of dynamiqs/time_tensor.py (class PWCTimeTensor, _call and __call__: `idx = jnp.searchsorted(self.times, t, side='right') - 1; return self._call(idx.item())`), the torch-to-JAX port reviewed in https://github.com/dynamiqs/dynamiqs/pull/406
error: ConcretizationTypeError
category: item-on-tracer-then-python-branch
expect: fix
notes: PWCTimeTensor reduced to __init__/shape/_call/__call__. The port summed the factors'
  values `x(t)` over a list of _PWCFactor objects; here the factor values are held as one
  (nf, nv) array `values`, as in the torch version of the same class (`self.values[:, idx, ...]`),
  so that the only leak is `.item()` followed by the Python `or` on the index in the helper
  `_call`. `jnp.cat`/`expand` (torch leftovers that do not exist in JAX) replaced by their JAX
  spellings. Inputs draw t below, inside and above the grid.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Tuple

import jax
import jax.numpy as jnp
from jax import Array


class PWCTimeTensor:
    # Arbitrary sum of tensors with PWC factors.

    def __init__(self, times: Array, values: Array, tensors: Array, static: Array | None = None):
        self.times = times  # (nv+1)
        self.values = values  # (nf, nv)
        self.tensors = tensors  # (nf, n, n)
        self.n = tensors.shape[-1]
        self.static = jnp.zeros_like(self.tensors[0]) if static is None else static

    @property
    def dtype(self) -> jnp.dtype:
        return self.tensors.dtype

    @property
    def shape(self) -> Tuple[int, ...]:
        return self.n, self.n  # (n, n)

    def _call(self, idx: int) -> Array:
        # cache on the index in self.times
        if idx < 0 or idx >= len(self.times) - 1:
            return jnp.broadcast_to(self.static, self.shape)  # (n, n)
        else:
            values = self.values[:, idx]  # (nf,)
            values = values.reshape(*values.shape, 1, 1)  # (nf, 1, 1)
            return (values * self.tensors).sum(-3) + self.static  # (n, n)

    def __call__(self, t: float) -> Array:
        # find the index $k$ such that $t \in [t_k, t_{k+1})$, `idx = -1` if
        # `t < times[0]` and `idx = len(times) - 1` if `t >= times[-1]`
        idx = jnp.searchsorted(self.times, t, side='right') - 1
        return self._call(idx.item())


@jax.jit
def f(times, values, tensors, static, t):
    H = PWCTimeTensor(times, values, tensors, static=static)
    return H(t)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    times = np.sort(rng.uniform(0.0, 10.0, size=(6,))).astype(np.float32)
    values = rng.normal(size=(2, 5)).astype(np.float32)
    tensors = rng.normal(size=(2, 3, 3)).astype(np.float32)
    static = rng.normal(size=(3, 3)).astype(np.float32)
    t = np.asarray(rng.uniform(times[0] - 2.0, times[-1] + 2.0), dtype=np.float32)
    return (times, values, tensors, static, t)


INPUTS = make_inputs


@jax.jit
def reference_fix(times, values, tensors, static, t):
    idx = jnp.searchsorted(times, t, side='right') - 1
    outside = (idx < 0) | (idx >= times.shape[0] - 1)
    v = values[:, jnp.clip(idx, 0, values.shape[1] - 1)]
    inside = (v[:, None, None] * tensors).sum(-3) + static
    return jnp.where(outside, static, inside)
