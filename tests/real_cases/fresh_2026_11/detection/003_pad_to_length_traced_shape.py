"""A length argument that becomes an array shape (`lax.full`) inside a jitted padding helper.

source: https://github.com/jax-ml/jax/issues/204 (kovasb, "Error using dynamic_update_slice with jit": dynamic_update_slice_test)
error: TypeError
category: traced-shape-argument
expect: fix
notes: the user's function, with `np` = jax.numpy as in the issue; `print(empty_array.shape)` kept; `start_indices=[0]` became `[0, 0]` because current JAX wants one start index per dimension; `f = jit(dynamic_update_slice_test)` as in the issue's `dynamic_update_slice_test_jit`. Under jit `pad_to_length` is traced and `lax.full((pad_to_length, width), ...)` raises "Shapes must be 1D sequences of concrete values" (a TypeError); the fix is to make `pad_to_length` static.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from jax import jit, lax
import jax.numpy as np


def dynamic_update_slice_test(first_row, pad_to_length):
  width = first_row.shape[0]
  empty_array = lax.full((pad_to_length,width), 0, first_row.dtype)
  first_row_reshaped = np.reshape(first_row, (1,width))
  print(empty_array.shape)
  return lax.dynamic_update_slice(empty_array, first_row_reshaped, start_indices=[0, 0])


f = jit(dynamic_update_slice_test)
# --- end user code ---

import jax
import numpy as onp


def make_inputs(rng):
    width = int(rng.integers(1, 5))
    first_row = rng.integers(-9, 10, size=(width,)).astype(onp.int32)
    return (first_row, int(rng.integers(1, 7)))


INPUTS = make_inputs

reference_fix = jax.jit(dynamic_update_slice_test, static_argnums=1)
