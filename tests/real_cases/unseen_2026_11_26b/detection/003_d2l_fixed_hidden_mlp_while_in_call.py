"""A module's `__call__` halves its activations in a Python `while` on their traced l1 norm.

source: d2l-ai/d2l-en chapter_builders-guide/model-construction.md, the JAX tab of "Executing Code in the Forward Propagation Function" (class FixedHiddenMLP(nn.Module) with `rand_weight`, `setup` and `while jnp.abs(X).sum() > 1: X /= 2`); read from the copies of that chapter stored in the index (the d2l Korean and Hungarian translations carry the same JAX code)
error: TracerBoolConversionError
category: method-while-self-attr
expect: fix
notes: flax is not installed, so the Flax linen structure is kept with plain classes: `Dense`
  stands in for `nn.Dense(20)` (kernel/bias from the params pytree) and FixedHiddenMLP takes its
  params and the constant `rand_weight` in `__init__` and builds `self.dense` in `setup()`, as
  linen does inside `apply`; `__call__` is verbatim (`nn.relu` is jax.nn.relu). `f` is the jitted
  `net.apply(params, X)` that d2l's JAX trainer compiles. The traced value reaches the `while`
  through `self.dense`, `self.rand_weight` and the method body, never through an argument of `f`
  used directly. Inputs include small X whose l1 norm is already <= 1 (loop body never runs).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import nn


class Dense:
    """Stand-in for flax.linen.Dense(20) bound to its parameters."""

    def __init__(self, kernel, bias):
        self.kernel = kernel
        self.bias = bias

    def __call__(self, x):
        return x @ self.kernel + self.bias


class FixedHiddenMLP:
    """Stand-in for the linen module: fields from __init__, submodules from setup()."""

    def __init__(self, params, rand_weight):
        self.params = params
        # Random weight parameters that will not compute gradients and
        # therefore keep constant during training
        self.rand_weight = rand_weight
        self.setup()

    def setup(self):
        self.dense = Dense(self.params["dense"]["kernel"], self.params["dense"]["bias"])

    def __call__(self, X):
        X = self.dense(X)
        X = nn.relu(X @ self.rand_weight + 1)
        # Reuse the fully connected layer. This is equivalent to sharing
        # parameters with two fully connected layers
        X = self.dense(X)
        # Control flow
        while jnp.abs(X).sum() > 1:
            X /= 2
        return X.sum()


@jax.jit
def f(params, rand_weight, X):
    net = FixedHiddenMLP(params, rand_weight)
    return net(X)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    params = {"dense": {
        "kernel": (rng.normal(size=(20, 20)) / np.sqrt(20)).astype(np.float32),
        "bias": np.zeros(20, dtype=np.float32),
    }}
    if rng.random() < 0.3:   # a nearly-zero layer: the l1 norm starts below 1
        params["dense"]["kernel"] *= np.float32(1e-3)
    rand_weight = rng.uniform(size=(20, 20)).astype(np.float32)
    X = rng.uniform(size=(2, 20)).astype(np.float32)
    return (params, rand_weight, X)


INPUTS = make_inputs


@jax.jit
def reference_fix(params, rand_weight, X):
    k, b = params["dense"]["kernel"], params["dense"]["bias"]
    X = X @ k + b
    X = nn.relu(X @ rand_weight + 1)
    X = X @ k + b
    X = jax.lax.while_loop(lambda X: jnp.abs(X).sum() > 1, lambda X: X / 2, X)
    return X.sum()
