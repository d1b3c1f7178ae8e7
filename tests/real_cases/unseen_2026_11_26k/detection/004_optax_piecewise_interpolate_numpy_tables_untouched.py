"""optax's fixed `piecewise_interpolate_schedule`: NumPy tables built from static boundaries, evaluated on a traced step count.

source: google-deepmind/optax optax/_src/schedule.py (revision after the fix for https://github.com/google-deepmind/optax/issues/503, code-index file id 6974002774: `bounds = np.stack((0,) + boundaries)`, `values = np.cumprod(np.stack((init_value,) + scales))`)
error: none
category: negative
expect: untouched
notes: `_linear_interpolate`, `_cosine_interpolate` and `piecewise_interpolate_schedule` verbatim (docstring trimmed, `base.Schedule` annotation dropped). The jitted `f(count)` that builds a cosine one-cycle-like schedule and evaluates it on a traced step count is written for the case (optax evaluates schedules on the traced `state.count` inside a jitted update). NumPy only sees the static boundary dict; the comparisons `bounds[:-1] <= count` dispatch to the tracer.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Dict, Optional

import jax
import jax.numpy as jnp
import numpy as np


def _linear_interpolate(start: float, end: float, pct: float):
  return (end-start) * pct + start


def _cosine_interpolate(start: float, end: float, pct: float):
  return end + (start-end) / 2.0 * (jnp.cos(jnp.pi * pct) + 1)


def piecewise_interpolate_schedule(
    interpolate_type: str,
    init_value: float,
    boundaries_and_scales: Optional[Dict[int, float]] = None
):
  """Returns a function which implements a piecewise interpolated schedule."""
  if interpolate_type == 'linear':
    interpolate_fn = _linear_interpolate
  elif interpolate_type == 'cosine':
    interpolate_fn = _cosine_interpolate
  else:
    raise ValueError('`interpolate_type` must be either \'cos\' or \'linear\'')

  if boundaries_and_scales:
    boundaries, scales = zip(*sorted(boundaries_and_scales.items()))
    if not all(scale >= 0. for scale in scales):
      raise ValueError(
          '`piecewise_interpolate_schedule` expects non-negative scale factors')
  else:
    boundaries, scales = (), ()

  bounds = np.stack((0,) + boundaries)
  values = np.cumprod(np.stack((init_value,) + scales))
  interval_sizes = bounds[1:] - bounds[:-1]

  def schedule(count):
    indicator = (bounds[:-1] <= count) & (count < bounds[1:])
    pct = (count - bounds[:-1]) / interval_sizes
    interp_vals = interpolate_fn(values[:-1], values[1:], pct)
    return indicator.dot(interp_vals) + (bounds[-1] <= count) * values[-1]

  return schedule


@jax.jit
def f(count):
  schedule = piecewise_interpolate_schedule(
      'cosine', 0.04, {30: 25.0, 100: 1. / (25.0 * 1e4)})
  return schedule(count)
# --- end user code ---


def make_inputs(rng):
    return (np.int32(rng.integers(0, 130)),)


INPUTS = make_inputs
