"""objax Dropout: `dropout_keep or self.keep` and `not training or keep >= 1` on a traced keep probability.

source: google/objax objax/nn/layers.py at 276f841a32eea4d900d89c3d5e4f390d11002f31 (class Dropout: __init__, __call__; code-index file id 77090939). The same `value = value_arg or self.value` idiom raised "The problem arose with the 'bool' function" under objax.Jit when a traced override was passed to objax's Momentum optimizer, see https://github.com/google/objax/pull/92.
error: TracerBoolConversionError
category: or-default-truth-test
expect: fix
notes: Dropout.__init__/__call__ verbatim. Stand-ins only: the objax Module base is an empty class, `JaxArray` is jax.Array, `class_name` is a one-liner, and `random.DEFAULT_GENERATOR` is a tiny generator that always returns PRNGKey(0) so the eager and jitted runs draw the same mask (objax's real generator threads a key StateVar). `f` is a jitted training-mode call that passes a per-step keep probability as `dropout_keep` (a traced scalar), as PR #92 did for the momentum override; keep = 0 falls back to the layer default and keep >= 1 returns the input unchanged.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import types
from typing import Optional

import jax
from jax import numpy as jn, random as jr

JaxArray = jax.Array


def class_name(x) -> str:
    return x.__class__.__name__


class _FixedKeyGenerator:
    """Stand-in for objax.random.Generator: always hands out the same key."""

    def __call__(self):
        return jr.PRNGKey(0)


random = types.SimpleNamespace(DEFAULT_GENERATOR=_FixedKeyGenerator())


class Module:
    """Stand-in for objax.module.Module."""


class Dropout(Module):
    """In the training phase, a dropout layer zeroes some elements of the input tensor with probability 1-keep and
    scale the other elements by a factor of 1/keep."""

    def __init__(self, keep: float, generator=random.DEFAULT_GENERATOR):
        """Creates Dropout module instance.

        Args:
            keep: probability to keep element of the tensor.
            generator: optional argument with instance of ObJAX random generator.
        """
        self.keygen = generator
        self.keep = keep

    def __call__(self, x: JaxArray, training: bool, dropout_keep: Optional[float] = None) -> JaxArray:
        """Performs dropout of input tensor.

        Args:
            x: input tensor.
            training: if True then apply dropout to the input, otherwise keep input tensor unchanged.
            dropout_keep: optional argument, when set overrides dropout keep probability.

        Returns:
            Tensor with applied dropout.
        """
        keep = dropout_keep or self.keep
        if not training or keep >= 1:
            return x
        keep_mask = jr.bernoulli(self.keygen(), keep, x.shape)
        return jn.where(keep_mask, x / keep, 0)

    def __repr__(self):
        return f'{class_name(self)}(keep={self.keep})'


dropout = Dropout(keep=0.9)


@jax.jit
def f(x, dropout_keep):
    return dropout(x, training=True, dropout_keep=dropout_keep)
# --- end user code ---

import numpy as np
import jax.numpy as jnp


def make_inputs(rng):
    x = rng.normal(size=(16,)).astype(np.float32)
    keep = rng.choice([0.0, 0.0, 1.0, 1.25, 0.5, float(rng.uniform(0.3, 0.95))])
    return (x, np.float32(keep))


INPUTS = make_inputs


@jax.jit
def reference_fix(x, dropout_keep):
    keep = jnp.where(dropout_keep != 0, dropout_keep, 0.9)
    keep_mask = jr.bernoulli(jr.PRNGKey(0), keep, x.shape)
    return jnp.where(keep >= 1, x, jnp.where(keep_mask, x / keep, 0))
