"""jaxonnxruntime's ONNX Pad: `int(jnp.size(pads) / 2)`, `range(...)`, `pads[i]` on static arguments.

source: google/jaxonnxruntime jaxonnxruntime/onnx_ops/pad.py (code-index file 9395486649:
    `Pad._prepare`, `Pad.version_13`, `onnx_pad`)
error: none
category: negative (int()/range()/indexing/raise on values that are static_argnames)
expect: untouched
notes: `onnx_pad` is verbatim, with its own `@functools.partial(jit, static_argnames=...)`
    decorator; `_prepare` turns the ONNX `pads` input into a tuple with `.tolist()` before the call,
    so `pads` and `constant_value` are hashable static values and every `int(...)`, `range(...)`,
    `jnp.size(pads)` and `pads[i]` runs on Python values. The handler registration and the
    `handler`/`onnx_node` imports are dropped; `f` (mine) is a jitted wrapper with the same
    static arguments that passes them by keyword, as the handler does.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools

from jax import jit
from jax import numpy as jnp


@functools.partial(jit, static_argnames=('pads', 'constant_value', 'mode'))
def onnx_pad(*input_args, pads, constant_value=0.0, mode='constant'):
  """The impl for https://github.com/onnx/onnx/blob/v1.12.0/docs/Operators.md#Pad."""
  x = input_args[0]
  input_rank = x.ndim
  if input_rank * 2 != jnp.size(pads):
    raise ValueError(
        'The number of elements in raw_pads should be 2 * input_rank'
        f'pads = {pads}, input_rank = {input_rank}'
    )

  # re-order to np.pad accepted order ((x1_begin, x1_end), (x2_begin, x2_end))
  pad_width = ()
  for i in range(int(jnp.size(pads) / 2)):
    pad_width += (((pads[i], pads[i + input_rank])),)

  if mode == 'constant':
    return jnp.pad(x, pad_width, mode, constant_values=constant_value)
  return jnp.pad(x, pad_width, mode)


@functools.partial(jit, static_argnames=('pads', 'constant_value'))
def f(x, pads, constant_value):
  return onnx_pad(x, pads=pads, constant_value=constant_value)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.normal(size=(3, 4)).astype(np.float32)
    pads = tuple(int(p) for p in rng.integers(0, 3, size=4))
    constant_value = float(rng.choice([0.0, -1.5]))
    return (x, pads, constant_value)


INPUTS = make_inputs
