"""Multi-head attention whose masking helper, two calls below the module, does `X.at[~mask].set(...)`.

source: probml/probml-notebooks notebooks-d2l/multi_head_attention_jax.ipynb at 315465da4215c3e7fd1534ec52c542f40fbdf195 (transpose_qkv, transpose_output, sequence_mask, masked_softmax, DotProductAttention, MultiHeadAttention); fixed by https://github.com/probml/probml-notebooks/pull/70 ("Boolean indices is not jit compatible")
error: NonConcreteBooleanIndexError
category: helper-hops-bool-mask-at-set
expect: fix
notes: helpers verbatim. Flax is not installed: `nn.softmax` is jax.nn.softmax (flax re-exports it); the two nn.Modules became plain classes with the same __call__ bodies; the nn.Dense(use_bias=False) projections became given weight matrices in a params dict; the Dropout layer (identity with deterministic=True) was dropped. The notebook's example call was wrapped in a jitted `f`. The leak is in `sequence_mask`, reached via MultiHeadAttention.__call__ -> DotProductAttention.__call__ -> masked_softmax -> sequence_mask; `valid_lens is not None` / `valid_lens.ndim == 1` are static look-alikes.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as jnp
from jax import nn


def transpose_qkv(X, num_heads):
    # Shape of input `X`:
    # (`batch_size`, no. of queries or key-value pairs, `num_hiddens`).
    # Shape of output `X`:
    # (`batch_size`, no. of queries or key-value pairs, `num_heads`,
    # `num_hiddens` / `num_heads`)
    X = X.reshape((X.shape[0], X.shape[1], num_heads, -1))

    # Shape of output `X`:
    # (`batch_size`, `num_heads`, no. of queries or key-value pairs,
    # `num_hiddens` / `num_heads`)
    X = jnp.transpose(X, (0, 2, 1, 3))

    # Shape of `output`:
    # (`batch_size` * `num_heads`, no. of queries or key-value pairs,
    # `num_hiddens` / `num_heads`)
    return X.reshape((-1, X.shape[2], X.shape[3]))


def transpose_output(X, num_heads):
    """Reverse the operation of `transpose_qkv`"""
    X = X.reshape((-1, num_heads, X.shape[1], X.shape[2]))
    X = jnp.transpose(X, (0, 2, 1, 3))
    return X.reshape((X.shape[0], X.shape[1], -1))


def sequence_mask(X, valid_len, value=0):
    """Mask irrelevant entries in sequences."""
    maxlen = X.shape[1]
    mask = jnp.arange((maxlen), dtype=jnp.float32)[None, :] < valid_len[:, None]
    X = X.at[~mask].set(value)
    return X


def masked_softmax(X, valid_lens):
    """Perform softmax operation by masking elements on the last axis."""
    # `X`: 3D tensor, `valid_lens`: 1D or 2D tensor
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
        X = sequence_mask(X.reshape(-1, shape[-1]), valid_lens,
                              value=-1e6)
        return nn.softmax(X.reshape(shape), axis=-1)


class DotProductAttention:
    """Scaled dot product attention."""

    def __init__(self, dropout: float):
        self.dropout = dropout

    # Shape of `queries`: (`batch_size`, no. of queries, `d`)
    # Shape of `keys`: (`batch_size`, no. of key-value pairs, `d`)
    # Shape of `values`: (`batch_size`, no. of key-value pairs, value
    # dimension)
    # Shape of `valid_lens`: (`batch_size`,) or (`batch_size`, no. of queries)
    def __call__(self, queries, keys, values, valid_lens=None, deterministic=True):
        d = queries.shape[-1]
        scores = queries@(keys.swapaxes(1, 2)) / math.sqrt(d)
        attention_weights = masked_softmax(scores, valid_lens)
        return attention_weights@values


class MultiHeadAttention:
    def __init__(self, num_hiddens: int, num_heads: int, dropout: float, params, bias: bool = False):
        self.num_hiddens = num_hiddens
        self.num_heads = num_heads
        self.dropout = dropout
        self.params = params
        self.bias = bias

    def __call__(self, queries, keys, values, valid_lens):
        # Shape of `queries`, `keys`, or `values`:
        # (`batch_size`, no. of queries or key-value pairs, `num_hiddens`)
        # Shape of `valid_lens`:
        # (`batch_size`,) or (`batch_size`, no. of queries)
        # After transposing, shape of output `queries`, `keys`, or `values`:
        # (`batch_size` * `num_heads`, no. of queries or key-value pairs,
        # `num_hiddens` / `num_heads`)
        queries = transpose_qkv(queries @ self.params["W_q"], self.num_heads)
        keys = transpose_qkv(keys @ self.params["W_k"], self.num_heads)
        values = transpose_qkv(values @ self.params["W_v"], self.num_heads)

        if valid_lens is not None:
            # On axis 0, copy the first item (scalar or vector) for
            # `num_heads` times, then copy the next item, and so on
            valid_lens = jnp.repeat(valid_lens, self.num_heads, axis=0)

        # Shape of `output`: (`batch_size` * `num_heads`, no. of queries,
        # `num_hiddens` / `num_heads`)
        output = DotProductAttention(self.dropout)(queries, keys, values, valid_lens)

        # Shape of `output_concat`:
        # (`batch_size`, no. of queries, `num_hiddens`)
        output_concat = transpose_output(output, self.num_heads)
        return output_concat @ self.params["W_o"]


@jax.jit
def f(params, X, Y, valid_lens):
    attention = MultiHeadAttention(8, 2, 0.5, params)
    return attention(X, Y, Y, valid_lens)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    num_hiddens = 8
    params = {k: (rng.normal(size=(num_hiddens, num_hiddens)) / 3).astype(np.float32)
              for k in ("W_q", "W_k", "W_v", "W_o")}
    X = rng.normal(size=(2, 4, num_hiddens)).astype(np.float32)
    Y = rng.normal(size=(2, 6, num_hiddens)).astype(np.float32)
    # include a fully masked row (0) and an unmasked one (6)
    valid_lens = np.array([rng.integers(0, 3), rng.integers(3, 7)], dtype=np.int32)
    return (params, X, Y, valid_lens)


INPUTS = make_inputs


def _sequence_mask_fixed(X, valid_len, value=0):
    maxlen = X.shape[1]
    mask = jnp.arange((maxlen), dtype=jnp.float32)[None, :] < valid_len[:, None]
    return jnp.where(mask, X, value)


def _masked_softmax_fixed(X, valid_lens):
    if valid_lens is None:
        return nn.softmax(X, axis=-1)
    shape = X.shape
    if valid_lens.ndim == 1:
        valid_lens = jnp.repeat(valid_lens, shape[1])
    else:
        valid_lens = valid_lens.reshape(-1)
    X = _sequence_mask_fixed(X.reshape(-1, shape[-1]), valid_lens, value=-1e6)
    return nn.softmax(X.reshape(shape), axis=-1)


@jax.jit
def reference_fix(params, X, Y, valid_lens):
    num_heads = 2
    q = transpose_qkv(X @ params["W_q"], num_heads)
    k = transpose_qkv(Y @ params["W_k"], num_heads)
    v = transpose_qkv(Y @ params["W_v"], num_heads)
    valid_lens = jnp.repeat(valid_lens, num_heads, axis=0)
    scores = q @ (k.swapaxes(1, 2)) / math.sqrt(q.shape[-1])
    out = _masked_softmax_fixed(scores, valid_lens) @ v
    return transpose_output(out, num_heads) @ params["W_o"]
