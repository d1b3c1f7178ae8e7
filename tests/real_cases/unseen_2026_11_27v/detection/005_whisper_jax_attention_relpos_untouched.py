"""Look-alike: T5-style attention with shape asserts, `if bias is not None`, static dropout flags and NumPy relative-position buckets.

source: sanchit-gandhi/whisper-jax whisper_jax/layers.py at 952308b40d3b7fe425441e112cd4479df066c14e (dot_product_attention; RelativePositionBiases._relative_position_bucket and __call__)
error: none
category: negative-static-config-and-numpy-on-shapes
expect: untouched
notes: dot_product_attention and _relative_position_bucket are verbatim. RelativePositionBiases is a flax `nn.Module` in the source; here it is a plain dataclass whose `rel_embedding` field replaces the `param_with_axes("rel_embedding", ...)` call (flax is not available), the rest of __call__ is verbatim. Entry point added: `f` jits one biased, dropout-enabled attention call and one float32-logits, bias-free, deterministic call. Everything that looks leaky is static: the asserts compare shapes, `float32_logits`/`deterministic`/`dropout_rate` are Python values, `bias is not None` is a None test, and the np.* bucket arithmetic runs on np.arange of the static lengths.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
from typing import Any, Callable, Optional

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, random

Array = jnp.ndarray
DType = jnp.dtype
PRNGKey = jnp.ndarray


def dot_product_attention(
    query: Array,
    key: Array,
    value: Array,
    bias: Optional[Array] = None,
    dropout_rng: Optional[PRNGKey] = None,
    dropout_rate: float = 0.0,
    deterministic: bool = False,
    dtype: DType = jnp.float32,
    float32_logits: bool = False,
):
    """Computes dot-product attention given query, key, and value.

    This is the core function for applying attention based on
    https://arxiv.org/abs/1706.03762. It calculates the attention weights given
    query and key and combines the values using the attention weights.

    Returns:
      Output of shape `[batch, length, num_heads, v_depth_per_head]`.
    """
    assert key.ndim == query.ndim == value.ndim, "q, k, v must have same rank."
    assert query.shape[:-3] == key.shape[:-3] == value.shape[:-3], "q, k, v batch dims must match."
    assert query.shape[-2] == key.shape[-2] == value.shape[-2], "q, k, v num_heads must match."
    assert key.shape[-3] == value.shape[-3], "k, v lengths must match."
    assert query.shape[-1] == key.shape[-1], "q, k depths must match."

    # Casting logits and softmax computation for float32 for model stability.
    if float32_logits:
        query = query.astype(jnp.float32)
        key = key.astype(jnp.float32)

    # `attn_weights`: [batch, num_heads, q_length, kv_length]
    attn_weights = jnp.einsum("bqhd,bkhd->bhqk", query, key)

    # Apply attention bias: masking, dropout, proximity bias, etc.
    if bias is not None:
        attn_weights = attn_weights + bias.astype(attn_weights.dtype)

    # Normalize the attention weights across `kv_length` dimension.
    attn_weights = jax.nn.softmax(attn_weights).astype(dtype)

    # Apply attention dropout.
    if not deterministic and dropout_rate > 0.0:
        keep_prob = 1.0 - dropout_rate
        # T5 broadcasts along the "length" dim, but unclear which one that
        # corresponds to in positional dimensions here, assuming query dim.
        dropout_shape = list(attn_weights.shape)
        dropout_shape[-2] = 1
        keep = random.bernoulli(dropout_rng, keep_prob, dropout_shape)
        keep = jnp.broadcast_to(keep, attn_weights.shape)
        multiplier = keep.astype(attn_weights.dtype) / jnp.asarray(keep_prob, dtype=dtype)
        attn_weights = attn_weights * multiplier

    # Take the linear combination of `value`.
    return jnp.einsum("bhqk,bkhd->bqhd", attn_weights, value)


@dataclasses.dataclass
class RelativePositionBiases:
    """Adds T5-style relative positional embeddings to the attention logits.

    Attributes:
      num_buckets: Number of buckets to bucket distances between key and query
        positions into.
      max_distance: Maximum distance before everything is lumped into the last
        distance bucket.
      num_heads: Number of heads in the attention layer. Each head will get a
        different relative position weighting.
      dtype: Type of arrays through this module.
      rel_embedding: the (num_heads, num_buckets) relative embedding table.
    """

    num_buckets: int
    max_distance: int
    num_heads: int
    dtype: Any
    rel_embedding: Array = None

    @staticmethod
    def _relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
        """Translate relative position to a bucket number for relative attention.

        Returns:
          a Tensor with the same shape as relative_position, containing int32
            values in the range [0, num_buckets)
        """
        ret = 0
        n = -relative_position
        if bidirectional:
            num_buckets //= 2
            ret += (n < 0).astype(np.int32) * num_buckets
            n = np.abs(n)
        else:
            n = np.maximum(n, 0)
        # now n is in the range [0, inf)
        max_exact = num_buckets // 2
        is_small = n < max_exact
        val_if_large = max_exact + (
            np.log(n.astype(np.float32) / max_exact + np.finfo(np.float32).eps)
            / np.log(max_distance / max_exact)
            * (num_buckets - max_exact)
        ).astype(np.int32)
        val_if_large = np.minimum(val_if_large, num_buckets - 1)
        ret += np.where(is_small, n, val_if_large)
        return ret

    def __call__(self, qlen, klen, bidirectional=True):
        """Produce relative position embedding attention biases.

        Returns:
          output: `(1, len, q_len, k_len)` attention bias
        """
        # TODO(levskaya): should we be computing this w. numpy as a program
        # constant?
        context_position = np.arange(qlen, dtype=jnp.int32)[:, None]
        memory_position = np.arange(klen, dtype=jnp.int32)[None, :]
        relative_position = memory_position - context_position  # shape (qlen, klen)
        rp_bucket = self._relative_position_bucket(
            relative_position,
            bidirectional=bidirectional,
            num_buckets=self.num_buckets,
            max_distance=self.max_distance,
        )
        relative_attention_bias = self.rel_embedding

        relative_attention_bias = jnp.asarray(relative_attention_bias, self.dtype)
        # Instead of using a slow gather, we create a leading-dimension one-hot
        # array from rp_bucket and use it to perform the gather-equivalent via a
        # contraction, i.e.:
        # (num_head, num_buckets) x (num_buckets one-hot, qlen, klen).
        # This is equivalent to relative_attention_bias[:, rp_bucket]
        bcast_iota = lax.broadcasted_iota(jnp.int32, (self.num_buckets, 1, 1), 0)
        rp_bucket_one_hot = jnp.array(rp_bucket[jnp.newaxis, ...] == bcast_iota, dtype=self.dtype)
        # --> shape (qlen, klen, num_heads)
        values = lax.dot_general(
            relative_attention_bias, rp_bucket_one_hot, (((1,), (0,)), ((), ()))  # rhs, lhs contracting dims
        )  # no batched dims
        # Add a singleton batch dimension.
        # --> shape (1, num_heads, qlen, klen)
        return values[jnp.newaxis, ...]


@jax.jit
def f(query, key, value, rel_embedding, dropout_rng):
    qlen, klen = query.shape[1], key.shape[1]
    relpos = RelativePositionBiases(
        num_buckets=rel_embedding.shape[1], max_distance=128, num_heads=query.shape[2],
        dtype=jnp.float32, rel_embedding=rel_embedding,
    )
    bias = relpos(qlen, klen, bidirectional=True)
    with_bias = dot_product_attention(
        query, key, value, bias=bias, dropout_rng=dropout_rng, dropout_rate=0.1, deterministic=False,
    )
    causal_bias = relpos(qlen, klen, bidirectional=False)
    plain = dot_product_attention(
        query, key, value + causal_bias.sum(), bias=None, deterministic=True, float32_logits=True,
    )
    return with_bias, plain
# --- end user code ---


def make_inputs(rng):
    b, q, k, h, d = 2, 6, 7, 4, 8
    query = rng.normal(size=(b, q, h, d)).astype(np.float32)
    key = rng.normal(size=(b, k, h, d)).astype(np.float32)
    value = rng.normal(size=(b, k, h, d)).astype(np.float32)
    rel_embedding = rng.normal(size=(h, 32)).astype(np.float32)
    dropout_rng = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    return (query, key, value, rel_embedding, dropout_rng)


INPUTS = make_inputs
