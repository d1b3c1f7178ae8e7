"""Carry propagation after a chunk-wise add: `while not jnp.all(arr_b <= bitmask)` on a traced array.

source: code-index file id 19485612070 ("Util file for operations over matrices.": the Basis Align Transformation (BAT) high-precision matmul module with hpmatmul_conv_outer_product / hpmatmul_conv_conv / basis_align_transformation_illustration), function `rechunkify_after_chunkwise_add`; repository and commit could not be resolved from the index.
error: TracerBoolConversionError
category: while-convergence-test
expect: fix
notes: `rechunkify_after_chunkwise_add` is verbatim except that its long ASCII-diagram comment (the "Data Type Illustration" of the chunk layout) is shortened to the parts about padding and the wrap-around carry. The module's other imports (`concurrent.futures`, the project's `util`, pallas) are unused by this function and dropped. The entry point jits it with `chunkwidth` static, as the Python `if chunkwidth == 16` dtype choice requires. The loop runs 0 times (no chunk overflows), once (ordinary partial sums) or several times (all-ones input, where the wrap-around `jnp.roll` feeds the top carry back into chunk 0: that is the original's behaviour and the reference keeps it). Inputs cover chunkwidth 8 (uint16 partial sums) and 16 (uint32).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp


def rechunkify_after_chunkwise_add(arr_a, chunkwidth):
  """Rechunkify after chunkwise add.

  Args:
      arr_a: The input array.
      chunkwidth: The chunkwidth.

  Returns:
      The rechunkified array.
  """
  dtype_double_length = jnp.uint16
  if chunkwidth == 16:
    dtype_double_length = jnp.uint32
  elif chunkwidth == 32:
    dtype_double_length = jnp.uint64

  # assert isinstance(arr_a, jnp.array)
  # assume the precision of partial sum is <= 2 * precision of input value.
  bitmask = (1 << chunkwidth) - 1

  # # Chunk Splitting -> upper and lower half
  # padding to align
  #   lower       a0 a1 a2 a3 0
  #    half       == == == == ==

  #   upper       0  a0 a1 a2 a3
  #    half       -- -- -- -- --

  # # One more Chunk Splitting for partial sum "b" to take care of carry bit.
  #    carry      b0  b1  b2  b3  b4
  #               0  1/0 1/0 1/0  0

  #    carry      b4  b0  b1  b2  b3
  #    right      0   0  1/0 1/0 1/0
  #    shift
  #    (wrap around rotation, b4 is always zero so will be correct)

  # Chunk Splitting -> upper and lower half
  arr_a_lower_half = jnp.bitwise_and(arr_a, bitmask)
  arr_a_upper_half = jnp.right_shift(arr_a, chunkwidth)

  # Padding to align
  arr_a_lower_half_pad = jnp.pad(arr_a_lower_half, (0, 1))
  arr_a_upper_half_pad = jnp.pad(arr_a_upper_half, (1, 0))

  # Vectorized Accumulation
  arr_b = jnp.add(
      arr_a_lower_half_pad.astype(dtype_double_length),
      arr_a_upper_half_pad.astype(dtype_double_length),
  )

  while not jnp.all(arr_b <= bitmask):
    arr_b_lower_half = jnp.bitwise_and(arr_b, bitmask)
    arr_b_carry = jnp.right_shift(arr_b, chunkwidth)
    arr_b = jnp.roll(arr_b_carry, 1, axis=-1)
    arr_b = jnp.add(arr_b_lower_half, arr_b)

  # Vectorized Accumulation
  arr_c = arr_b

  # break top chunk into upper and lower to avoid overflow.
  arr_c = jnp.pad(arr_c, (0, 1))
  arr_c = arr_c.at[-1].set(jnp.right_shift(arr_c[-2], chunkwidth))
  arr_c = arr_c.at[-2].set(jnp.bitwise_and(arr_c[-2], bitmask))

  return arr_c


f = jax.jit(rechunkify_after_chunkwise_add, static_argnums=(1,))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    chunkwidth = int(rng.choice([8, 16]))
    dtype = np.uint16 if chunkwidth == 8 else np.uint32
    top = 1 << (2 * chunkwidth)
    kind = rng.integers(0, 3)
    n = 6
    if kind == 0:    # no chunk overflows after the first split: the loop never runs
        a = rng.integers(0, 1 << (chunkwidth - 1), size=n)
    elif kind == 1:  # ordinary partial sums
        a = rng.integers(0, top, size=n)
    else:            # saturated partial sums: carries ripple through, several iterations
        a = np.full(n, top - 1 - rng.integers(0, 3))
    return (a.astype(dtype), chunkwidth)


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnums=(1,))
def reference_fix(arr_a, chunkwidth):
    dtype_double_length = jnp.uint16
    if chunkwidth == 16:
        dtype_double_length = jnp.uint32
    elif chunkwidth == 32:
        dtype_double_length = jnp.uint64
    bitmask = (1 << chunkwidth) - 1
    lower = jnp.pad(jnp.bitwise_and(arr_a, bitmask), (0, 1)).astype(dtype_double_length)
    upper = jnp.pad(jnp.right_shift(arr_a, chunkwidth), (1, 0)).astype(dtype_double_length)
    arr_b = lower + upper

    def body(b):
        return jnp.bitwise_and(b, bitmask) + jnp.roll(jnp.right_shift(b, chunkwidth), 1, axis=-1)

    arr_b = jax.lax.while_loop(lambda b: ~jnp.all(b <= bitmask), body, arr_b)
    arr_c = jnp.pad(arr_b, (0, 1))
    arr_c = arr_c.at[-1].set(jnp.right_shift(arr_c[-2], chunkwidth))
    arr_c = arr_c.at[-2].set(jnp.bitwise_and(arr_c[-2], bitmask))
    return arr_c
