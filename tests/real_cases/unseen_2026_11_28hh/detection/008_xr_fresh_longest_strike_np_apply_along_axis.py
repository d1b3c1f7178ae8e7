"""xr_fresh longest_strike_below_mean: `np.apply_along_axis` of a Python run-length loop on a traced array.

source: mmann1123/xr_fresh xr_fresh/feature_calculator_series.py at 008cb8165e5b80451a2b618261b5375f29adc6a3 (_count_longest_consecutive, the rle fallback, longest_strike_below_mean; code-index file id 1912440296). A tsfresh port to JAX (`jnp.nan*` everywhere) whose run-length feature still goes through NumPy; an earlier revision used `jnp.apply_along_axis` and failed with ConcretizationTypeError at `if value:` (traceback kept in the repository's tests/test_feature_calculator_series.py, code-index file id 1394342535).
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: _count_longest_consecutive, the `try: from xr_fresh import rle` fallback and longest_strike_below_mean
  verbatim. geowombat is not installed: `gw.TimeModule` is a minimal stand-in base class (geowombat calls
  `calculate(array)` per block). `f = jax.jit(longest_strike_below_mean().calculate)` is added: the
  rest of the module's features (`jnp.nanmean`, `jnp.nanstd`, ...) are jit-safe, this one is not.
  Input is a (time, band=1, rows, cols) stack as in the repository's tests, with a few NaNs.
  reference_fix counts the runs with a lax.scan over time.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import types

import jax
import jax.numpy as jnp
import numpy as np


class _TimeModule(object):
    """Stand-in for geowombat.TimeModule (geowombat is not installed)."""

    def __init__(self):
        pass


gw = types.SimpleNamespace(TimeModule=_TimeModule)


def _count_longest_consecutive(values):
    max_count = 0
    current_count = 0

    for value in values:
        if value:
            current_count += 1
            max_count = jnp.nanmax(jnp.array([max_count, current_count]))
        else:
            current_count = 0

    return max_count


# try importing rle
try:
    from xr_fresh import rle

    longest_true_run = rle.longest_true_run
except ImportError:
    print("C++ rle module not found, using Python version")
    longest_true_run = _count_longest_consecutive


class longest_strike_below_mean(gw.TimeModule):
    """
    Returns the length of the longest consecutive subsequence in x that is smaller than the mean of x.

    Args:
        x (numpy.ndarray): Geowombat series object contain time series of images.

    """

    def __init__(self, mean=None):
        super(longest_strike_below_mean, self).__init__()
        self.mean = mean

    def calculate(self, array):
        # compare to mean
        if self.mean is None:
            below_mean = array < jnp.nanmean(array, axis=0)
        else:
            below_mean = array < self.mean

        # Count the longest consecutive True values along the time dimension
        consecutive_true = np.apply_along_axis(
            longest_true_run, axis=0, arr=below_mean
        ).squeeze()

        # Count the longest consecutive False values along the time dimension
        consecutive_false = np.apply_along_axis(
            longest_true_run, axis=0, arr=~below_mean
        ).squeeze()

        return jnp.maximum(consecutive_true, consecutive_false)


f = jax.jit(longest_strike_below_mean().calculate)
# --- end user code ---


def make_inputs(rng):
    T, H, W = 12, 3, 4
    # a trend plus noise gives long runs on one side of the mean
    trend = rng.normal(size=(1, 1, H, W)) * np.linspace(-1, 1, T)[:, None, None, None]
    array = (trend + 0.5 * rng.normal(size=(T, 1, H, W))).astype(np.float32)
    # some missing pixels (NaN compares False either way in both versions)
    nan_mask = rng.uniform(size=array.shape) < 0.05
    array[nan_mask] = np.nan
    return (array,)


INPUTS = make_inputs


def _longest_true_run_time(b):
    def step(carry, v):
        cur, best = carry
        cur = jnp.where(v, cur + 1, 0)
        best = jnp.maximum(best, cur)
        return (cur, best), None

    z = jnp.zeros(b.shape[1:], dtype=jnp.int32)
    (_, best), _ = jax.lax.scan(step, (z, z), b)
    return best


@jax.jit
def reference_fix(array):
    below_mean = array < jnp.nanmean(array, axis=0)
    consecutive_true = _longest_true_run_time(below_mean).squeeze()
    consecutive_false = _longest_true_run_time(~below_mean).squeeze()
    return jnp.maximum(consecutive_true, consecutive_false)
