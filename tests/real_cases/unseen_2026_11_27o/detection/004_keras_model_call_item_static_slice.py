"""Keras-3 custom model whose call() turns a traced position into a Python int with .item().

source: https://github.com/keras-team/keras/issues/19639 (AakashKumarNain, "Unusual behavior of `predict` for JAX backend": get_array_slice_and_repeat and CustomModel.call)
error: ConcretizationTypeError
category: item-in-method-to-static-arg
expect: report
notes: get_array_slice_and_repeat and the body of CustomModel.call are verbatim from the issue. Keras is
  not installed, so CustomModel is a plain class (no keras.Model base, no super().__init__); Keras'
  predict() jits the call, so `f` jits a function that calls model.call((x, pos)) the way the JAX
  backend's predict_step does. `pos.item()` concretizes a traced array inside the method, and it feeds
  a static_argnums slice length: the output shape depends on the value of `pos`, so there is no
  jit-safe rewrite with the same result; the tool should report it.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1, 2))
def get_array_slice_and_repeat(x, pos, num_repeats):
    x_slice = x[:, :pos, :, :]
    x_slice = jnp.repeat(x_slice, num_repeats, axis=2)
    return x_slice


class CustomModel:
    def __init__(self, name=None):
        self.name = name if name is not None else "custom_model"

    def call(self, inputs, training=True):
        x, pos = inputs
        x = get_array_slice_and_repeat(x, pos.item(), 2)
        return x


model = CustomModel()


@jax.jit
def f(x, pos):
    return model.call((x, pos), training=False)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.random((1, 5, 4, 3)).astype(np.float32)
    pos = np.array([rng.integers(1, 6)], dtype=np.int32)
    return (x, pos)


INPUTS = make_inputs
