"""Flax linen AutoEncoder: the decoder width is `jnp.prod(self.input_shape)`, a tracer under `jax.jit(ae.init)`.

source: google/flax examples/linen_design_test/autoencoder.py at 0740ef63c4eae05de58d80f85a05fc23bb8b3261 (MLP, AutoEncoder); the same `jnp.prod(self.input_shape)` in the README AutoEncoder was replaced by `np.prod` in https://github.com/google/flax/pull/1516 ("Do not call `jnp` on shapes in AutoEncoder example. Otherwise can't jit/abstract-eval `model.apply`")
error: TypeError
category: jnp-on-static-shape-in-module
expect: fix
notes: The TypeError is "Shapes must be 1D sequences of concrete values of integer type" for the Dense kernel shape `(in, jnp.prod(...))`. `MLP` and `AutoEncoder` are verbatim. flax is not installed, so `Module`, `Dense`, `compact`,
  `nn.relu`/`nn.sigmoid` and `init`/`apply` are a minimal stand-in written for this case (a Module is a
  dataclass; `init(key, x)` runs `setup` and `__call__`, creating each Dense's `kernel` with lecun_normal and a
  zero `bias`; `apply(params, x, method=...)`). The example builds `ae` with `input_shape=(28, 28, 1)`;
  a smaller `(4, 4, 1)` keeps the run fast. The example calls `ae.init` eagerly (which works);
  `f = jax.jit(ae.init)` is the transformation PR #1516 says must work. `input_shape` is a static module
  attribute, so `np.prod` (or `math.prod`) gives a Python int and fixes it. One change in AutoEncoder.setup:
  current jax.numpy rejects tuples (`prod requires ndarray or scalar arguments`), which the JAX of 2021-22
  converted implicitly, so `jnp.prod(self.input_shape)` is written `jnp.prod(jnp.asarray(self.input_shape))`
  (the same array-of-a-static-tuple the old JAX built).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
from typing import Any, Callable, Iterable, List, Optional, Tuple, Type, Union

import jax
from jax import numpy as jnp, random, lax
import numpy as np


# ---- minimal stand-in for flax.linen (not installed) ----
_SCOPE = {}


class Module:
  def __init_subclass__(cls, **kwargs):
    super().__init_subclass__(**kwargs)
    dataclasses.dataclass(cls)

  def setup(self):
    pass

  def init(self, rngs, *args):
    _SCOPE.update(initializing=True, key=rngs, params={}, count=0)
    self.setup()
    self(*args)
    return {'params': _SCOPE['params']}

  def apply(self, variables, *args, method=None):
    _SCOPE.update(initializing=False, params=variables['params'], count=0)
    self.setup()
    fn = method if method is not None else self.__call__
    return fn(*args)


class Dense(Module):
  features: int

  def __call__(self, x):
    name = 'Dense_%d' % _SCOPE['count']
    _SCOPE['count'] += 1
    if _SCOPE['initializing']:
      key = random.fold_in(_SCOPE['key'], len(_SCOPE['params']))
      kernel = jax.nn.initializers.lecun_normal()(key, (x.shape[-1], self.features))
      bias = jnp.zeros((self.features,))
      _SCOPE['params'][name] = {'kernel': kernel, 'bias': bias}
    p = _SCOPE['params'][name]
    return jnp.dot(x, p['kernel']) + p['bias']


def compact(fn):
  return fn


class nn:
  relu = staticmethod(jax.nn.relu)
  sigmoid = staticmethod(jax.nn.sigmoid)
# ---- end of stand-in ----


# A concise MLP defined via lazy submodule initialization
class MLP(Module):
  widths: Iterable

  @compact
  def __call__(self, x):
    for width in self.widths[:-1]:
      x = nn.relu(Dense(width)(x))
    return Dense(self.widths[-1])(x)


# An autoencoder exposes multiple methods, so we define all
# submodules in setup().
class AutoEncoder(Module):
  encoder_widths: Iterable
  decoder_widths: Iterable
  input_shape: Tuple = None

  def setup(self):
    # Submodules attached in `setup` get names via attribute assignment
    self.encoder = MLP(self.encoder_widths)
    self.decoder = MLP(self.decoder_widths + (jnp.prod(jnp.asarray(self.input_shape)), ))

  def __call__(self, x):
    return self.decode(self.encode(x))

  def encode(self, x):
    assert x.shape[-len(self.input_shape):] == self.input_shape
    return self.encoder(jnp.reshape(x, (x.shape[0], -1)))

  def decode(self, z):
    z = self.decoder(z)
    x = nn.sigmoid(z)
    x = jnp.reshape(x, (x.shape[0],) + self.input_shape)
    return x


# `ae` is a detached module, which has no variables.
ae = AutoEncoder(
    encoder_widths=(32, 32, 32),
    decoder_widths=(32, 32, 32),
    input_shape=(4, 4, 1))

f = jax.jit(ae.init)
# --- end user code ---


def make_inputs(rng):
    key = rng.integers(0, 2**31 - 1, size=(2,), dtype=np.uint32)
    x = rng.uniform(size=(2, 4, 4, 1)).astype(np.float32)
    return (key, x)


INPUTS = make_inputs


class _FixedAutoEncoder(AutoEncoder):
  def setup(self):
    self.encoder = MLP(self.encoder_widths)
    self.decoder = MLP(self.decoder_widths + (int(np.prod(self.input_shape)), ))


reference_fix = jax.jit(_FixedAutoEncoder(
    encoder_widths=(32, 32, 32),
    decoder_widths=(32, 32, 32),
    input_shape=(4, 4, 1)).init)
