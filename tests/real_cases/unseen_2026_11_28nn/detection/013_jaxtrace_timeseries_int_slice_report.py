"""JAXTrace TimeSeriesField: `int()` of the traced time-slice index to pick a host-loaded, cached slice.

source: ARHashemi/JAXTrace, jaxtrace/fields/time_series.py at commit 0b5caf4ed7627959be1b3caaf53057141b65a007 (_DeviceRing, TimeSeriesField._temporal_blend / sample_t; code-index file id 26049119646). The repository's archive/debug_scripts/diagnose_jit_issue.py jits a step that calls the field sampler and records that "JIT compilation is failing".
error: ConcretizationTypeError
category: int-of-tracer / host-io-cache-side-effect
expect: report
notes: _DeviceRing and TimeSeriesField are verbatim except that the two classmethod constructors (from_dataset,
  from_unstructured) are left out (they need the project's dataset and mesh classes) and `@jax.jit` is taken off
  the method `sample_t` (jitting a method passes `self` as a traced argument, a different error); the entry point is
  `f = jax.jit(_field.sample_t)`. Stand-ins: TimeDependentField (empty base) and StructuredGridSampler (a
  nearest-node lookup on a regular grid, in place of the project's sampler); the slice loader returns NumPy arrays
  from a dict, as the project's ds.load_slice does from files. `int(i0)` on the traced floor of t selects which slice
  the Python ring buffer loads from the host and caches: a host side effect keyed on a traced value, so there is no
  faithful automatic rewrite (the fix is a design change: stack the slices on device and index them).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from dataclasses import dataclass
from typing import Callable, Optional, Tuple, Union

import jax
import jax.numpy as jnp
import numpy as np


ArrayLike = Union[jnp.ndarray, "numpy.ndarray"]


class TimeDependentField:
    # stand-in for jaxtrace.fields.base.TimeDependentField
    pass


class StructuredGridSampler:
    # stand-in for jaxtrace.fields.structured.StructuredGridSampler (nearest node instead of trilinear)
    def __init__(self, origin, spacing, shape):
        self.origin = jnp.asarray(origin)
        self.spacing = jnp.asarray(spacing)
        self.shape = shape

    def sample_given_values(self, x, values):
        idx = jnp.round((x - self.origin) / self.spacing).astype(jnp.int32)
        idx = jnp.clip(idx, 0, jnp.asarray(self.shape) - 1)
        return values[idx[:, 0], idx[:, 1], idx[:, 2]]


@dataclass
class _DeviceRing:
    """
    Small device ring buffer holding up to 3 time slices on device memory.
    Keeps indices to identify which time step is cached and replaces oldest on update.
    """
    max_slices: int = 3

    def __post_init__(self):
        self._keys = []     # time indices
        self._bufs = []     # device arrays

    def get(self, t_idx: int, loader: Callable[[], ArrayLike]) -> jnp.ndarray:
        if t_idx in self._keys:
            i = self._keys.index(t_idx)
            return self._bufs[i]
        # load to device
        host_arr = loader()
        dev = jax.device_put(host_arr)
        # insert/replace
        if len(self._keys) < self.max_slices:
            self._keys.append(t_idx)
            self._bufs.append(dev)
        else:
            # replace the oldest
            self._keys.pop(0)
            self._bufs.pop(0)
            self._keys.append(t_idx)
            self._bufs.append(dev)
        return dev

    def clear(self):
        self._keys.clear()
        self._bufs.clear()


class TimeSeriesField(TimeDependentField):
    """
    Generic time-series field with temporal interpolation and a pluggable spatial sampler.
    """

    def __init__(
        self,
        num_slices: int,
        loader: Callable[[int], ArrayLike],
        sampler: StructuredGridSampler,
        bounds_arr: Optional[jnp.ndarray] = None,
        cache_device_slices: int = 3
    ):
        self.num_slices = int(num_slices)
        self.loader = loader
        self.sampler = sampler
        self._bounds = bounds_arr
        self._ring = _DeviceRing(max_slices=cache_device_slices)

    def bounds(self) -> jnp.ndarray:
        return self._bounds

    def _temporal_blend(self, x: jnp.ndarray, t: float) -> jnp.ndarray:
        """
        Linearly blend values from floor/ceil time slices at point x.
        """
        # map t in [0, num_slices-1]
        tclamp = jnp.clip(t, 0.0, float(self.num_slices - 1))
        i0 = jnp.floor(tclamp).astype(jnp.int32)
        i1 = jnp.minimum(i0 + 1, self.num_slices - 1)
        w = tclamp - i0.astype(tclamp.dtype)

        v0 = self._ring.get(int(i0), lambda: self.loader(int(i0)))
        v1 = self._ring.get(int(i1), lambda: self.loader(int(i1)))

        # Spatial sample for each slice, then linear blend in time
        s0 = self.sampler.sample_given_values(x, v0)
        s1 = self.sampler.sample_given_values(x, v1)
        return (1.0 - w) * s0 + w * s1

    def sample_t(self, x: jnp.ndarray, t: float) -> jnp.ndarray:
        """
        Sample the field at positions x and scalar time t.
        """
        return self._temporal_blend(x, t)

    def prefetch(self, t_indices):
        for ti in t_indices:
            _ = self._ring.get(int(ti), lambda: self.loader(int(ti)))

    def clear_device_cache(self):
        self._ring.clear()


_SLICES = {i: np.random.default_rng(i).normal(size=(4, 4, 4, 3)).astype(np.float32) for i in range(5)}
_field = TimeSeriesField(
    num_slices=5,
    loader=lambda i: _SLICES[i],
    sampler=StructuredGridSampler(origin=[0.0, 0.0, 0.0], spacing=[1.0, 1.0, 1.0], shape=(4, 4, 4)),
)
f = jax.jit(_field.sample_t)
# --- end user code ---


def make_inputs(rng):
    x = rng.uniform(0.0, 3.0, size=(8, 3)).astype(np.float32)
    t = np.float32(rng.uniform(-0.5, 4.5))
    return x, t


INPUTS = make_inputs
