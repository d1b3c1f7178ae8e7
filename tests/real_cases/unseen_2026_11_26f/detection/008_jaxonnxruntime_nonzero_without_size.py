"""The ONNX NonZero op implemented with jnp.nonzero and no size, run through the runtime's jit.

source: https://github.com/google/jaxonnxruntime/issues/29 ("Cannot jax.jit the nonzero operator": traceback through `call_onnx.py` `jit_func(*node_inputs, **node.attrs_dict)` into `jaxonnxruntime/onnx_ops/nonzero.py` line 74 `return jnp.stack(jnp.nonzero(x))`); later version google/jaxonnxruntime jaxonnxruntime/onnx_ops/nonzero.py at 36aecd691694105876e8501a5d954e8e3f28c647 (static `size` attribute, required by `_prepare`)
error: ConcretizationTypeError
category: nonzero-without-size
expect: report
notes: `onnx_nonzero` rebuilt as it was before the fix, from the line quoted in the issue's traceback and the stored later file minus the `size` keyword (the registration handler and logging are dropped). `f` is the jitted op as the runtime calls it. The output has one column per nonzero element, a data-dependent shape, so it can only be reported (the project's fix makes `size` a static attribute).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from jax import jit
from jax import numpy as jnp


def onnx_nonzero(*input_args):
  """The impl for https://github.com/onnx/onnx/blob/v1.12.0/docs/Operators.md#NonZero."""
  assert len(input_args) == 1
  (x,) = input_args
  return jnp.stack(jnp.nonzero(x))


f = jit(onnx_nonzero)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return ((rng.integers(0, 3, size=(3, 4)) * (rng.random((3, 4)) > 0.4)).astype(np.int32),)


INPUTS = make_inputs
