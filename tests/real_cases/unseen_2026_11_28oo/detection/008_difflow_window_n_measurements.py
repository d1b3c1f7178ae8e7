"""Moving-horizon estimation window: the `n_measurements` property calls `int()` on a traced mask count; its siblings `horizon`/`n_y` call `int()` on static shapes.

source: public code index, "Timestamped, multi-rate and delayed measurements over an estimation window." module of the difflow package (imports difflow.params_mixin.ParamsMixin and difflow.reconciliation.measured_mask; code-index file id 59919225673: Measurement, MeasurementWindow with horizon / n_y / mask / n_measurements / summary, build_window, slice_window, _unpack); the index does not name the repository or commit
error: ConcretizationTypeError
category: property-int-on-traced-count
expect: fix
notes: MeasurementWindow verbatim except `summary` (a reporting helper) and its `records` field type, which names the dropped Measurement class (kept as `list`). Stand-ins: ParamsMixin is an empty base class and measured_mask is `isfinite(sigma) & (sigma > 0)` (the module's docstring: sigma = inf marks an unmeasured channel). The jitted `f`, a normalised measurement chi-square as a moving-horizon objective would compute it from a window built on traced arrays, is added. `horizon` and `n_y` apply `int()` to static shapes and must stay; `n_measurements` applies it to `jnp.sum(self.mask)`, which is traced -- dropping the `int()` gives the same value.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from jax import Array


class ParamsMixin:
    """Stand-in for difflow.params_mixin.ParamsMixin."""


def measured_mask(sigma):
    """Stand-in for difflow.reconciliation.measured_mask."""
    return jnp.isfinite(sigma) & (sigma > 0)


@dataclass
class MeasurementWindow(ParamsMixin):
    """Everything an estimator needs about one horizon.

    Attributes:
        times: grid times ``t_0 ... t_K``, shape ``(K + 1,)``.
        y: values, shape ``(K + 1, n_y)``. Entries whose sigma is
            infinite are meaningless and may be anything finite.
        sigma: standard deviations, shape ``(K + 1, n_y)``; ``inf``
            marks a channel not sampled at that time.
        u: inputs over the ``K`` intervals, shape ``(K, n_u)``.
        y_names: channel names.
        records: the :class:`Measurement` records that produced the
            window, kept for reporting; not used in the arithmetic.
    """

    times: Array
    y: Array
    sigma: Array
    u: Array
    y_names: list[str] = field(default_factory=list)
    records: list = field(default_factory=list)

    @property
    def horizon(self) -> int:
        """Number of intervals ``K`` in the window."""
        return int(self.times.shape[0]) - 1

    @property
    def n_y(self) -> int:
        return int(self.y.shape[1])

    @property
    def mask(self) -> Array:
        """Boolean ``(K + 1, n_y)``: which entries carry information."""
        return measured_mask(self.sigma)

    @property
    def n_measurements(self) -> int:
        """How many scalar readings the window actually contains."""
        return int(jnp.sum(self.mask))


@jax.jit
def f(times, y, sigma, u, y_pred):
    window = MeasurementWindow(times=times, y=y, sigma=sigma, u=u)
    mask = window.mask
    resid = jnp.where(mask, (y_pred - window.y) / jnp.where(mask, window.sigma, 1.0), 0.0)
    chi2 = jnp.sum(resid ** 2) / window.n_measurements
    return chi2, window.horizon, window.n_y
# --- end user code ---

import numpy as np


def make_inputs(rng):
    k, n_y, n_u = 6, 3, 1
    times = np.arange(k + 1, dtype=np.float32)
    y = rng.normal(size=(k + 1, n_y)).astype(np.float32)
    sigma = rng.uniform(0.1, 1.0, size=(k + 1, n_y)).astype(np.float32)
    # multi-rate sampling: each channel unmeasured (sigma = inf) at a random subset of times
    unmeasured = rng.uniform(size=(k + 1, n_y)) < rng.choice([0.2, 0.5, 0.8])
    unmeasured[0, 0] = False  # at least one reading
    sigma[unmeasured] = np.inf
    u = rng.normal(size=(k, n_u)).astype(np.float32)
    y_pred = (y + rng.normal(scale=0.3, size=y.shape)).astype(np.float32)
    return (times, y, sigma, u, y_pred)


INPUTS = make_inputs


@jax.jit
def reference_fix(times, y, sigma, u, y_pred):
    mask = measured_mask(sigma)
    resid = jnp.where(mask, (y_pred - y) / jnp.where(mask, sigma, 1.0), 0.0)
    chi2 = jnp.sum(resid ** 2) / jnp.sum(mask)
    return chi2, times.shape[0] - 1, y.shape[1]
