"""A `fori_loop` body slices a packed sequence with a size read from `batch_sizes[i]`.

source: https://github.com/jax-ml/jax/issues/2323 (david-waterworth, "size of slices can't be functions of argument values": the `body_fun(i, val)` that replaces `packed_input_data[input_offset:input_offset+batch_size]` by `dynamic_slice_in_dim(packed_input_data, input_offset, batch_size)`; "if I call `body_fun(i, val)` from a pure python for loop it also works")
error: TypeError
category: fori-body-slice-size-from-traced-element
expect: report
notes: body_fun is verbatim except `packed_input.batch_sizes[i]` reads the carried `batch_sizes` (the issue's `packed_input` object is not shown; it holds the same array), and the summed batch is returned as `total` through the carry so the slice is used (in the issue it feeds a later dynamic_update_slice that the reporter elided). The driver `f` runs it with `lax.fori_loop(0, len(batch_sizes), ...)` under jit, as in a PyTorch-style PackedSequence RNN. The slice length is data (each time step has its own batch size), so there is no fixed-shape rewrite; under jax.disable_jit the loop runs in Python and works. JAX reports it as a TypeError ("Shapes must be 1D sequences of concrete values of integer type").
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import lax
from jax.lax import dynamic_slice_in_dim


def body_fun(i, val):
    batch_sizes, packed_input_data, input_offset, total = val

    batch_size = batch_sizes[i]

    #batch = packed_input_data[input_offset:input_offset+batch_size]
    batch = dynamic_slice_in_dim(packed_input_data, input_offset, batch_size)
    input_offset += batch_size
    total = total + batch.sum(axis=0)

    return batch_sizes, packed_input_data, input_offset, total


@jax.jit
def f(batch_sizes, packed_input_data):
    total = jnp.zeros(packed_input_data.shape[1], packed_input_data.dtype)
    val = (batch_sizes, packed_input_data, 0, total)
    _, _, _, total = lax.fori_loop(0, len(batch_sizes), body_fun, val)
    return total
# --- end user code ---

import numpy as np


def make_inputs(rng):
    batch_sizes = np.sort(rng.integers(1, 4, size=(5,)))[::-1].astype(np.int32)
    data = rng.normal(size=(int(batch_sizes.sum()), 3)).astype(np.float32)
    return (batch_sizes, data)


INPUTS = make_inputs
