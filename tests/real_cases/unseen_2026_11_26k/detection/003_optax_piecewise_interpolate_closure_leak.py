"""optax `piecewise_interpolate_schedule` built inside jit: jnp constants captured by the schedule closure escape via a static TrainState field.

source: https://github.com/google-deepmind/optax/issues/503 (brentyi, "`piecewise_interpolate_schedule` closure leaks tracers under JIT": `not_ok_example` under `jax.check_tracer_leaks()`); schedule code from google-deepmind/optax optax/_src/schedule.py (pre-fix revision, code-index file id 2144284654: `bounds = jnp.stack((0,) + boundaries)`, `values = jnp.cumprod(jnp.stack(...))`); the fix is the `np.stack`/`np.cumprod` spelling of later revisions (code-index file id 247536519)
error: UnexpectedTracerError
category: tracer-escapes-closure
expect: fix
notes: `_linear_interpolate`, `_cosine_interpolate` and `piecewise_interpolate_schedule` verbatim (docstring trimmed, `base.Schedule` annotation dropped). optax/flax are not installed: `scale_by_schedule` (GradientTransformation/ScaleByScheduleState) and flax's `TrainState` (tx and apply_fn as non-pytree fields, via jax.tree_util.register_dataclass) are minimal stand-ins of the library code. The issue's `not_ok_example()` takes `params` as an argument instead of `jnp.zeros(5)` so trials differ. The leak is reported by the leak checker (`jax.checking_leaks`), as in the issue.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
import functools
from typing import Any, Callable, Dict, NamedTuple, Optional

import jax
import jax.numpy as jnp


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

  bounds = jnp.stack((0,) + boundaries)
  values = jnp.cumprod(jnp.stack((init_value,) + scales))
  interval_sizes = (bounds[1:] - bounds[:-1])

  def schedule(count):
    indicator = (bounds[:-1] <= count) & (count < bounds[1:])
    pct = (count - bounds[:-1]) / interval_sizes
    interp_vals = interpolate_fn(values[:-1], values[1:], pct)
    return indicator.dot(interp_vals) + (bounds[-1] <= count) * values[-1]

  return schedule


# --- minimal stand-ins for optax.scale_by_schedule and flax's TrainState ---
class GradientTransformation(NamedTuple):
  init: Callable
  update: Callable


class ScaleByScheduleState(NamedTuple):
  count: Any


def scale_by_schedule(step_size_fn):
  def init_fn(params):
    del params
    return ScaleByScheduleState(count=jnp.zeros([], jnp.int32))

  def update_fn(updates, state, params=None):
    del params
    step_size = step_size_fn(state.count)
    updates = jax.tree_util.tree_map(lambda g: step_size * g, updates)
    return updates, ScaleByScheduleState(count=state.count + 1)

  return GradientTransformation(init_fn, update_fn)


@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["step", "params", "opt_state"],
                   meta_fields=["apply_fn", "tx"])
@dataclasses.dataclass(frozen=True)
class TrainState:
  step: Any
  apply_fn: Callable
  params: Any
  tx: GradientTransformation
  opt_state: Any

  @classmethod
  def create(cls, *, apply_fn, params, tx, **kwargs):
    opt_state = tx.init(params)
    return cls(step=0, apply_fn=apply_fn, params=params, tx=tx,
               opt_state=opt_state, **kwargs)


@jax.jit
def not_ok_example(params) -> TrainState:
    return TrainState.create(
        apply_fn=lambda *_: None,
        params=params,
        tx=scale_by_schedule(
            piecewise_interpolate_schedule(
                "linear", init_value=1.0, boundaries_and_scales={10: 2.0}
            )
        ),
    )


f = not_ok_example
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(5,)).astype(np.float32),)


INPUTS = make_inputs


def _fixed_schedule(interpolate_type, init_value, boundaries_and_scales=None):
  # the optax fix: the constant tables are built with NumPy, not jnp
  interpolate_fn = _linear_interpolate if interpolate_type == 'linear' else _cosine_interpolate
  if boundaries_and_scales:
    boundaries, scales = zip(*sorted(boundaries_and_scales.items()))
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
def reference_fix(params):
    return TrainState.create(
        apply_fn=lambda *_: None,
        params=params,
        tx=scale_by_schedule(
            _fixed_schedule("linear", init_value=1.0, boundaries_and_scales={10: 2.0})
        ),
    )
