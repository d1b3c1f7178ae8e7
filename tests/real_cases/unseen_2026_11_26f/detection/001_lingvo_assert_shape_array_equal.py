"""A shape check written with jnp.array_equal stages two static shapes, then `if not` needs a bool.

source: https://github.com/tensorflow/lingvo/issues/332 (drpngx, "Feature request: lingvo.jax.asserts.HasShape": `AssertShape` with `if not jnp.array_equal(x.shape, shape): raise ValueError(...)`, which raised TracerBoolConversionError; the author's own follow-up compares `x.shape` element by element in Python)
error: TracerBoolConversionError
category: staged-static-shape-check
expect: fix
notes: AssertShape is verbatim from the issue. The jitted layer `f` that calls it on its input and weight is added (the issue does not show its caller). Both shapes are static, so the check never fails and the jit-safe rewrite is the issue's own Python comparison (or `x.shape != tuple(shape)`).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def AssertShape(x: jnp.array, shape) -> None:
  if not jnp.array_equal(x.shape, shape):
    raise ValueError(f'Shape mismatch: found {x.shape}, expected: {shape}')


@jax.jit
def f(x, w, b):
  AssertShape(x, (4, 3))
  AssertShape(w, (3, 2))
  AssertShape(b, (2,))
  return jnp.tanh(x @ w + b)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(4, 3)).astype(np.float32),
            rng.normal(size=(3, 2)).astype(np.float32),
            rng.normal(size=(2,)).astype(np.float32))


INPUTS = make_inputs


def _assert_shape_static(x, expected_shape):
  xs = x.shape
  if len(xs) != len(expected_shape):
    raise ValueError(f'Wrong rank: got {x.shape}, expected {expected_shape}')
  for k, d in enumerate(expected_shape):
    if xs[k] != d:
      raise ValueError(f'Wrong shape at dim {k}: got {x.shape}, expected {expected_shape}')


@jax.jit
def reference_fix(x, w, b):
  _assert_shape_static(x, (4, 3))
  _assert_shape_static(w, (3, 2))
  _assert_shape_static(b, (2,))
  return jnp.tanh(x @ w + b)
