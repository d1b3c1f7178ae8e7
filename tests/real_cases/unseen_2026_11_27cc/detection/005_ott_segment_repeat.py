"""ott's segment_point_cloud: per-segment weights built with `jnp.repeat` on traced repeats.

source: ott-jax/ott ott/core/segment.py, the revision reviewed in https://github.com/ott-jax/ott/pull/114 ("segment_sinkhorn"; code-index file id 20197895541, the version that still has `assert num_segments_x == num_segments_y` in _segment_interface)
error: ConcretizationTypeError
category: traced-repeats
expect: fix
notes: segment_point_cloud and _segment_interface are verbatim apart from a shortened Args block in the docstring (pad_along_axis from the same file dropped, unused). The
  leak: with `weights_x=None`, `a = (1 / num_per_segment).repeat(num_per_segment)` has traced repeats and no
  `total_repeat_length` (the line above it passes `total_repeat_length=num`, the same bound works here). The
  entry point is added: `f` jits the num_per_segment interface with a static `max_measure_size` (the documented
  way to jit it; that revision's _segment_interface accepted `max_measure_size` but did not forward it to
  segment_point_cloud, so the two calls here gained `max_measure_size=max_measure_size,` -- the only edit inside
  the project code), and the `eval_fn` is a small weighted squared-distance cost written for the case (the PR's own
  repro used `lambda _a, _b, _c, _d: 42`). The `assert num_segments_x == num_segments_y` compares static shape
  numbers in this interface and must stay. The PR thread reports a ConcretizationTypeError under jit. The same
  unbounded repeat is still in ott/core/segment.py at 12a3b54962a0a68e4f72888d79ebdcd0f12aa040.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from types import MappingProxyType
from typing import Any, Callable, Mapping, Optional, Sequence, Tuple

import jax
from jax import numpy as jnp


def segment_point_cloud(
    x: jnp.ndarray,
    a: Optional[jnp.ndarray] = None,
    segment_ids: Optional[jnp.ndarray] = None,
    num_segments: Optional[int] = None,
    indices_are_sorted: Optional[bool] = None,
    num_per_segment: Optional[jnp.ndarray] = None,
    max_measure_size: Optional[int] = None,
    padding_vector: Optional[jnp.ndarray] = None
) -> Tuple[jnp.ndarray, jnp.ndarray, int]:
  """Segment and pad as needed the entries of a point cloud.

  There are two interfaces: either use `segment_ids`, and optionally
  `num_segments` and `indices_are_sorted`, to describe for each
  data point in the matrix to which segment each point corresponds to,
  OR use `num_per_segment`, which describes contiguous segments.

  If using the first interface, `num_segments` is required for JIT compilation.
  Assumes range(0, `num_segments`) are the segment ids.

  In both cases, jitting requires defining a max_measure_size, the
  upper bound on the maximal size of measures, which will be used for padding.

  Returns:
    Segmented ``x``, `a`` and the number segments.
  """
  num, dim = x.shape
  use_segment_ids = segment_ids is not None
  if use_segment_ids:
    if num_segments is None:
      num_segments = jnp.max(segment_ids) + 1
    if indices_are_sorted is None:
      indices_are_sorted = False

    num_per_segment = jax.ops.segment_sum(
        jnp.ones_like(segment_ids),
        segment_ids,
        num_segments=num_segments,
        indices_are_sorted=indices_are_sorted
    )
  else:
    assert num_per_segment is not None
    assert num_segments is None or num_segments == num_per_segment.shape[0]
    num_segments = num_per_segment.shape[0]
    segment_ids = jnp.arange(num_segments).repeat(
        num_per_segment, total_repeat_length=num
    )

  if a is None:
    a = (1 / num_per_segment).repeat(num_per_segment)

  if max_measure_size is None:
    max_measure_size = jnp.max(num_per_segment)

  if padding_vector is None:
    padding_vector = jnp.zeros((1, dim))

  segmented_a = []
  segmented_x = []

  x = jnp.concatenate((x, padding_vector))
  a = jnp.concatenate((a, jnp.zeros((1,))))

  for i in range(num_segments):
    idx = jnp.where(segment_ids == i, jnp.arange(num), num + 1)
    idx = jax.lax.dynamic_slice(jnp.sort(idx), (0,), (max_measure_size,))

    # segment the weights
    z = a.at[idx].get()
    segmented_a.append(z)

    # segment the positions
    z = x.at[idx].get()
    segmented_x.append(z)

  segmented_a = jnp.stack(segmented_a)
  segmented_x = jnp.stack(segmented_x)

  return segmented_x, segmented_a, num_segments


def _segment_interface(
    x: jnp.ndarray,
    y: jnp.ndarray,
    eval_fn: Callable[[jnp.ndarray, jnp.ndarray, jnp.ndarray, jnp.ndarray],
                      jnp.ndarray],
    segment_ids_x: Optional[jnp.ndarray] = None,
    segment_ids_y: Optional[jnp.ndarray] = None,
    num_segments: Optional[int] = None,
    indices_are_sorted: Optional[bool] = None,
    num_per_segment_x: Optional[jnp.ndarray] = None,
    num_per_segment_y: Optional[jnp.ndarray] = None,
    weights_x: Optional[jnp.ndarray] = None,
    weights_y: Optional[jnp.ndarray] = None,
    max_measure_size: Optional[int] = None,
    padding_vector: Optional[jnp.ndarray] = None,
) -> Tuple[jnp.ndarray, jnp.ndarray, int]:
  """Wrapper to segment two point clouds and return parallel evaluations.

  Utility function that segments two point clouds using the approach outlined
  in `segment_point_cloud` and evaluates `eval_fn` on pairs of segmented point
  clouds.
  """
  use_segment_ids = segment_ids_x is not None
  if use_segment_ids:
    assert segment_ids_y is not None
  else:
    assert num_per_segment_x is not None
    assert num_per_segment_y is not None

  segmented_x, segmented_weights_x, num_segments_x = segment_point_cloud(
      x,
      weights_x,
      segment_ids_x,
      num_segments,
      indices_are_sorted,
      num_per_segment_x,
      max_measure_size=max_measure_size,
      padding_vector=padding_vector
  )

  segmented_y, segmented_weights_y, num_segments_y = segment_point_cloud(
      y,
      weights_y,
      segment_ids_y,
      num_segments,
      indices_are_sorted,
      num_per_segment_y,
      max_measure_size=max_measure_size,
      padding_vector=padding_vector
  )

  assert num_segments_x == num_segments_y

  v_eval = jax.vmap(eval_fn, in_axes=[0, 0, 0, 0])

  return v_eval(
      segmented_x, segmented_y, segmented_weights_x, segmented_weights_y
  )


def _weighted_cost(x, y, a, b):
  cost = jnp.sum((x[:, None, :] - y[None, :, :]) ** 2, axis=-1)
  return jnp.sum(a[:, None] * b[None, :] * cost)


@jax.jit
def f(x, y, num_per_segment_x, num_per_segment_y):
  return _segment_interface(
      x, y, _weighted_cost,
      num_per_segment_x=num_per_segment_x,
      num_per_segment_y=num_per_segment_y,
      max_measure_size=x.shape[0],
  )
# --- end user code ---

import numpy as np


def _sizes(rng, total, parts):
    cuts = np.sort(rng.choice(np.arange(1, total), size=parts - 1, replace=False))
    return np.diff(np.concatenate([[0], cuts, [total]])).astype(np.int32)


def make_inputs(rng):
    n, d, k = 12, 2, 3
    x = rng.normal(size=(n, d)).astype(np.float32)
    y = rng.normal(size=(n, d)).astype(np.float32)
    return (x, y, _sizes(rng, n, k), _sizes(rng, n, k))


INPUTS = make_inputs


def _segment_fixed(x, num_per_segment, max_measure_size):
    num, dim = x.shape
    k = num_per_segment.shape[0]
    segment_ids = jnp.arange(k).repeat(num_per_segment, total_repeat_length=num)
    a = (1 / num_per_segment).repeat(num_per_segment, total_repeat_length=num)
    x = jnp.concatenate((x, jnp.zeros((1, dim))))
    a = jnp.concatenate((a, jnp.zeros((1,))))
    xs, as_ = [], []
    for i in range(k):
        idx = jnp.where(segment_ids == i, jnp.arange(num), num + 1)
        idx = jax.lax.dynamic_slice(jnp.sort(idx), (0,), (max_measure_size,))
        as_.append(a.at[idx].get())
        xs.append(x.at[idx].get())
    return jnp.stack(xs), jnp.stack(as_)


@jax.jit
def reference_fix(x, y, num_per_segment_x, num_per_segment_y):
    sx, ax = _segment_fixed(x, num_per_segment_x, x.shape[0])
    sy, ay = _segment_fixed(y, num_per_segment_y, x.shape[0])
    return jax.vmap(_weighted_cost)(sx, sy, ax, ay)
