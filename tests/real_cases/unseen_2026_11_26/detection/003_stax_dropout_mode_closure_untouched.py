"""stax.Dropout: the apply function's `rng is None` and `mode == 'train'` tests read a closure and a keyword, not traced data.

source: jax-ml/jax jax/example_libraries/stax.py (Dropout: init_fun / apply_fun with `rng = kwargs.get('rng', None)`, `if rng is None: raise ValueError(msg)`, `if mode == 'train':`)
error: none
category: negative-closure-config-and-is-none
expect: untouched
notes: Dropout verbatim (error message shortened); the layer is built with a Python rate and mode and its apply_fun is jitted with the PRNG key passed as the `rng` keyword, the way stax training loops call it. `mode` is a closure constant of the factory and `rng is None` is an identity test on a traced key, so nothing here is a truth test of a tracer.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import random


def Dropout(rate, mode='train'):
  """Layer construction function for a dropout layer with given rate."""
  def init_fun(rng, input_shape):
    return input_shape, ()
  def apply_fun(params, inputs, **kwargs):
    rng = kwargs.get('rng', None)
    if rng is None:
      msg = ("Dropout layer requires apply_fun to be called with a PRNG key "
             "argument.")
      raise ValueError(msg)
    if mode == 'train':
      keep = random.bernoulli(rng, rate, inputs.shape)
      return jnp.where(keep, inputs / rate, 0)
    else:
      return inputs
  return init_fun, apply_fun


_, dropout_apply = Dropout(0.8)


@jax.jit
def f(inputs, key):
    return dropout_apply((), inputs, rng=key)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.normal(size=(4, 6)).astype(np.float32)
    key = rng.integers(0, 2**32 - 1, size=(2,), dtype=np.uint32)
    return (x, key)


INPUTS = make_inputs
