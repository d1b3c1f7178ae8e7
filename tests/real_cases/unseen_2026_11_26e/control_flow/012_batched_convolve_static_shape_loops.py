"""Manually batched 1-D convolution: Python loops over static lengths and shapes, lists of traced rows stacked.

source: jackliaoall/jax_exercises_list 谷歌JAX深度学习从零开始学_王曉華/菴鞠梒/6_31.py (`convolve`, `manually_batched_convolve`; the example of the JAX vmap tutorial reproduced in a book's exercise code)
error: none
category: negative-static-shape-loop
expect: untouched
notes: `convolve` and `manually_batched_convolve` verbatim; the module-level example arrays and prints are dropped and the batched function is jitted as `f`. `len(x)` and `xs.shape[0]` are static under jit, and `jnp.array`/`jnp.stack` of a list of tracers is jit-safe.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def convolve(x, w):
  output = []
  for i in range(1, len(x)-1):
    output.append(jnp.dot(x[i-1:i+2], w))
  return jnp.array(output)


@jax.jit
def f(xs, ws):
  output = []
  for i in range(xs.shape[0]):
    output.append(convolve(xs[i], ws[i]))
  return jnp.stack(output)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    xs = rng.normal(size=(3, 7)).astype(np.float32)
    ws = rng.normal(size=(3, 3)).astype(np.float32)
    return (xs, ws)


INPUTS = make_inputs
