"""d2l's JAX masked softmax and scaled dot-product attention: `math.sqrt` of a shape, `ndim` branches, static `jnp.repeat` — all jit-safe.

source: d2l-ai/d2l-en d2l/jax.py at 1ebe1b8f405b11163fc15b771315cbff6c160467 (masked_softmax with its nested _sequence_mask, and DotProductAttention.__call__), "Defined in :numref:`sec_attention-scoring-functions`"
error: none
category: negative-static-shape-math-and-ndim-branch
expect: untouched
notes: masked_softmax is verbatim, with `nn.softmax` resolved to jax.nn.softmax (flax.linen re-exports the same function; flax is not installed here). DotProductAttention is a flax.linen Module in d2l; its __call__ body is kept as the function `dot_product_attention` with the dropout layer dropped (d2l calls it with training=False, where flax Dropout is the identity), and that function is jitted as `f`. Looks like a leak but is not: `math.sqrt(d)` takes a static shape entry, `valid_lens is None` and `valid_lens.ndim == 1` are static, `jnp.repeat(valid_lens, shape[1])` repeats a traced array a static number of times, and the mask is applied with jnp.where.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as jnp
from jax import nn


def masked_softmax(X, valid_lens):
    """Perform softmax operation by masking elements on the last axis.

    Defined in :numref:`sec_attention-scoring-functions`"""
    # X: 3D tensor, valid_lens: 1D or 2D tensor
    def _sequence_mask(X, valid_len, value=0):
        maxlen = X.shape[1]
        mask = jnp.arange((maxlen),
                          dtype=jnp.float32)[None, :] < valid_len[:, None]
        return jnp.where(mask, X, value)

    if valid_lens is None:
        return nn.softmax(X, axis=-1)
    else:
        shape = X.shape
        if valid_lens.ndim == 1:
            valid_lens = jnp.repeat(valid_lens, shape[1])
        else:
            valid_lens = valid_lens.reshape(-1)
        # On the last axis, replace masked elements with a very large negative
        # value, whose exponentiation outputs 0
        X = _sequence_mask(X.reshape(-1, shape[-1]), valid_lens, value=-1e6)
        return nn.softmax(X.reshape(shape), axis=-1)


# Shape of queries: (batch_size, no. of queries, d)
# Shape of keys: (batch_size, no. of key-value pairs, d)
# Shape of values: (batch_size, no. of key-value pairs, value dimension)
# Shape of valid_lens: (batch_size,) or (batch_size, no. of queries)
def dot_product_attention(queries, keys, values, valid_lens=None):
    d = queries.shape[-1]
    # Swap the last two dimensions of keys with keys.swapaxes(1, 2)
    scores = queries@(keys.swapaxes(1, 2)) / math.sqrt(d)
    attention_weights = masked_softmax(scores, valid_lens)
    return attention_weights@values, attention_weights


f = jax.jit(dot_product_attention)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    queries = rng.normal(size=(2, 3, 4)).astype(np.float32)
    keys = rng.normal(size=(2, 5, 4)).astype(np.float32)
    values = rng.normal(size=(2, 5, 6)).astype(np.float32)
    valid_lens = rng.integers(1, 6, size=(2,)).astype(np.int32)
    return (queries, keys, values, valid_lens)


INPUTS = make_inputs
