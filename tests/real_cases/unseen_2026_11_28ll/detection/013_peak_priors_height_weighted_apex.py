"""Chromatographic peak priors: `float(jnp.max(..))`, `int(jnp.sum(valid))`, boolean-mask compaction, `np.*` on x_win.

source: code-index file id 62056737389, module "Window-geometry-based Bayesian priors for chromatographic peak
    fitting" of a JAX peak-fitting package (imports `chromhandler.annotations.PeakAnnotation`; the index does not
    name the repository): _median_dt, _weighted_loc, _weighted_scale, _valid_apex_shapes, _height_weighted_apex and
    the module constants.
error: ConcretizationTypeError
category: value-conversion
expect: fix
notes: the functions are verbatim; the unused `from .types import ...` line is dropped (those names are only used
    by other functions of the module), and `from __future__ import annotations` is replaced by importing `NDArray`
    at run time (a case file cannot start with the future import, and the annotations then need the name). The module computes priors eagerly; `f = jax.jit(_height_weighted_apex)`
    is the entry point added here, which is what a user does to put the prior construction inside a jitted fit.
    Under jit the first failure is `float(jnp.max(...))`; behind it are `int(jnp.sum(valid))` with
    `if n_valid == 0` / `if n_valid == 1`, boolean-mask compaction `values_v[valid_v]`, `float(...)` of sums,
    `not math.isfinite(weight_sum) or ...`, Python `max` on traced floats, and `_median_dt` applying `np.isfinite`
    / `np.median` to the traced time axis. The `x_win.size == 0 or y_win.shape[1] == 0` and shape checks are static.
    Inputs keep at least one valid trace (the raising branches stay unreached) and sometimes exactly one, so the
    single-value scale branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math
from typing import TYPE_CHECKING, Final

import jax
import jax.numpy as jnp
import numpy as np

from numpy.typing import NDArray

if TYPE_CHECKING:
    from chromhandler.annotations import PeakAnnotation

# ---------------------------------------------------------------------------
# Constants
# ---------------------------------------------------------------------------

_FLOAT_MIN: Final = 1e-12

_GAUSSIAN_HWHM_FACTOR: Final = math.sqrt(2.0 * math.log(2.0))
_GAUSSIAN_FWHM_FACTOR: Final = 2.0 * _GAUSSIAN_HWHM_FACTOR
_GAUSSIAN_AREA_FROM_HEIGHT_SIGMA: Final = math.sqrt(2.0 * math.pi)

# Minimum height fraction for apex outlier rejection (fraction of max apex height)
_MIN_APEX_HEIGHT_FRAC: Final = 0.0025
_SINGLE_VALUE_SCALE_FRAC: Final = 0.05


def _median_dt(x_win: NDArray[np.float64]) -> float:
    """Median sampling interval within a window slice.

    Uses ``np.diff`` on the sorted, finite window points.  Robust to a small
    number of irregular gaps (e.g. from NaN padding at window boundaries).
    """
    x_finite = x_win[np.isfinite(x_win)]
    if x_finite.size < 2:
        span = float(x_finite[-1] - x_finite[0]) if x_finite.size == 2 else 1e-3
        return max(span, _FLOAT_MIN)
    return float(np.median(np.diff(np.sort(x_finite))))


def _weighted_loc(
    values: jnp.ndarray,
    weights: jnp.ndarray,
    valid: jnp.ndarray,
) -> float:
    """Return the weighted location over valid entries.

    Raises
    ------
    ValueError
        If no valid entry remains after masking.
    """
    values_v = jnp.asarray(values, dtype=jnp.float32).reshape(-1)
    weights_v = jnp.asarray(weights, dtype=jnp.float32).reshape(-1)
    valid_v = jnp.asarray(valid, dtype=bool).reshape(-1)

    if values_v.shape != weights_v.shape or values_v.shape != valid_v.shape:
        raise ValueError("values, weights, and valid must share the same shape.")

    n_valid = int(jnp.sum(valid_v))
    if n_valid == 0:
        raise ValueError("No valid values available for weighted location.")

    values_keep = values_v[valid_v]
    weights_keep = weights_v[valid_v]
    weight_sum = float(jnp.sum(weights_keep))
    if not math.isfinite(weight_sum) or weight_sum <= _FLOAT_MIN:
        raise ValueError("Weighted location received non-positive total weight.")

    loc = jnp.sum(weights_keep * values_keep) / weight_sum
    return float(loc)


def _weighted_scale(
    values: jnp.ndarray,
    weights: jnp.ndarray,
    valid: jnp.ndarray,
    loc: float,
    *,
    scale_floor: float = 1e-6,
    single_value_scale_frac: float = _SINGLE_VALUE_SCALE_FRAC,
) -> float:
    """Return the weighted spread over valid entries.

    With a single valid trace, the scale is set to ``5%`` of the observed value
    (subject to ``scale_floor``). With zero valid traces, this raises.
    """
    values_v = jnp.asarray(values, dtype=jnp.float32).reshape(-1)
    weights_v = jnp.asarray(weights, dtype=jnp.float32).reshape(-1)
    valid_v = jnp.asarray(valid, dtype=bool).reshape(-1)

    if values_v.shape != weights_v.shape or values_v.shape != valid_v.shape:
        raise ValueError("values, weights, and valid must share the same shape.")

    n_valid = int(jnp.sum(valid_v))
    if n_valid == 0:
        raise ValueError("No valid values available for weighted scale.")

    values_keep = values_v[valid_v]
    if n_valid == 1:
        single_value = float(values_keep[0])
        return max(single_value_scale_frac * abs(single_value), scale_floor)

    weights_keep = weights_v[valid_v]
    weight_sum = float(jnp.sum(weights_keep))
    if not math.isfinite(weight_sum) or weight_sum <= _FLOAT_MIN:
        raise ValueError("Weighted scale received non-positive total weight.")

    variance = jnp.sum(weights_keep * (values_keep - loc) ** 2) / weight_sum
    return max(float(jnp.sqrt(jnp.maximum(variance, 0.0))), scale_floor)


def _valid_apex_shapes(
    y_win: jnp.ndarray,  # [n_trace, n_win]
    apex_idx: jnp.ndarray,  # [n_trace]
    apex_height: jnp.ndarray,  # [n_trace]
) -> jnp.ndarray:
    """Vectorized monotonic-shape check around the apex.

    Allows 10% overshoot on either side to tolerate noise.
    """
    n_win = int(y_win.shape[1])
    idx = jnp.arange(n_win, dtype=jnp.int32)[None, :]
    upper = apex_height[:, None] * 1.1
    left_mask = idx < apex_idx[:, None]
    right_mask = idx > apex_idx[:, None]
    left_ok = jnp.all(jnp.where(left_mask, y_win <= upper, True), axis=1)
    right_ok = jnp.all(jnp.where(right_mask, y_win <= upper, True), axis=1)
    return left_ok & right_ok


def _height_weighted_apex(
    x_win: NDArray[np.float64],  # [n_win]
    y_win: NDArray[np.float64],  # [n_trace, n_win]  baseline-subtracted
    min_height_frac: float = _MIN_APEX_HEIGHT_FRAC,
) -> tuple[float, float, int]:
    """Height-weighted apex centroid and spread across traces.

    For each trace, the apex is the global maximum inside the window after
    baseline subtraction.  Traces are kept if their apex height exceeds
    ``min_height_frac x max_apex_height`` across all traces.  The centroid
    and spread of the kept apex *times* are then weighted by apex heights.

    Returns:
        ``(apex_loc, apex_scale, n_valid)``
    """
    if x_win.size == 0 or y_win.shape[1] == 0:
        raise ValueError("x_win and y_win must have non-zero size")

    x_arr = jnp.asarray(x_win, dtype=jnp.float32)
    y_arr = jnp.asarray(y_win, dtype=jnp.float32)
    n_trace, n_win = y_arr.shape

    y_for_max = jnp.where(jnp.isfinite(y_arr), y_arr, -jnp.inf)
    apex_idx = jnp.argmax(y_for_max, axis=1)  # [n_trace]
    trace_idx = jnp.arange(n_trace, dtype=jnp.int32)
    apex_times = x_arr[apex_idx]  # [n_trace]
    apex_heights = y_arr[trace_idx, apex_idx]  # [n_trace]

    max_height = float(jnp.max(jnp.where(jnp.isfinite(apex_heights), apex_heights, 0.0)))
    height_threshold = max(max_height * min_height_frac, _FLOAT_MIN)

    valid = jnp.isfinite(apex_heights) & (apex_heights >= height_threshold)
    valid = valid & (apex_idx >= 3) & (apex_idx <= n_win - 4)
    valid = valid & _valid_apex_shapes(y_arr, apex_idx, apex_heights)

    n_valid = int(jnp.sum(valid))
    if n_valid == 0:
        raise ValueError("No valid apex heights found")

    apex_loc = _weighted_loc(apex_times, apex_heights, valid)
    dt_floor = _median_dt(x_win)
    apex_scale = _weighted_scale(
        apex_times,
        apex_heights,
        valid,
        apex_loc,
        scale_floor=dt_floor,
    )
    return apex_loc, apex_scale, n_valid


f = jax.jit(_height_weighted_apex)
# --- end user code ---


def make_inputs(rng):
    n_trace, n_win = 5, 48
    x_win = np.sort(rng.uniform(10.0, 11.0, size=(n_win,))).astype(np.float32)  # irregular sampling
    centre = rng.uniform(10.3, 10.7)
    width = rng.uniform(0.03, 0.08)
    heights = rng.uniform(0.5, 2.0, size=(n_trace,))
    shifts = rng.normal(0.0, 0.02, size=(n_trace,))
    y_win = heights[:, None] * np.exp(-0.5 * ((x_win[None, :] - centre - shifts[:, None]) / width) ** 2)
    y_win = y_win + rng.normal(0.0, 1e-4, size=y_win.shape)
    y_win[1] *= 1e-4                       # a trace below the height threshold
    y_win[2] = np.linspace(0.0, 3.0, n_win)  # apex at the window edge: rejected
    if rng.uniform() < 0.4:                # sometimes a single valid trace remains
        y_win[3] *= 1e-4
        y_win[4] = np.linspace(3.0, 0.0, n_win)
    return (x_win, y_win.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(x_win, y_win):
    min_height_frac = _MIN_APEX_HEIGHT_FRAC
    x_arr = jnp.asarray(x_win, dtype=jnp.float32)
    y_arr = jnp.asarray(y_win, dtype=jnp.float32)
    n_trace, n_win = y_arr.shape
    y_for_max = jnp.where(jnp.isfinite(y_arr), y_arr, -jnp.inf)
    apex_idx = jnp.argmax(y_for_max, axis=1)
    apex_times = x_arr[apex_idx]
    apex_heights = y_arr[jnp.arange(n_trace), apex_idx]
    max_height = jnp.max(jnp.where(jnp.isfinite(apex_heights), apex_heights, 0.0))
    height_threshold = jnp.maximum(max_height * min_height_frac, _FLOAT_MIN)
    valid = jnp.isfinite(apex_heights) & (apex_heights >= height_threshold)
    valid = valid & (apex_idx >= 3) & (apex_idx <= n_win - 4)
    valid = valid & _valid_apex_shapes(y_arr, apex_idx, apex_heights)
    n_valid = jnp.sum(valid)
    w = jnp.where(valid, apex_heights, 0.0)
    v = jnp.where(valid, apex_times, 0.0)
    weight_sum = jnp.sum(w)
    loc = jnp.sum(w * v) / weight_sum
    # _median_dt on the (finite) time axis: NaNs sort last and their diffs are ignored
    xs = jnp.sort(jnp.where(jnp.isfinite(x_arr), x_arr, jnp.nan))
    dt_floor = jnp.maximum(jnp.nanmedian(jnp.diff(xs)), _FLOAT_MIN)
    single = jnp.sum(jnp.where(valid, apex_times, 0.0))
    variance = jnp.sum(w * (v - loc) ** 2) / weight_sum
    scale = jnp.where(
        n_valid == 1,
        jnp.maximum(_SINGLE_VALUE_SCALE_FRAC * jnp.abs(single), dt_floor),
        jnp.maximum(jnp.sqrt(jnp.maximum(variance, 0.0)), dt_floor),
    )
    return loc, scale, n_valid
