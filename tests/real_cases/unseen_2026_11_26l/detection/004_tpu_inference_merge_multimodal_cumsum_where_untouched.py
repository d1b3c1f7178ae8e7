"""tpu-inference's jit-safe multimodal merge: a placeholder mask used through cumsum/gather/where, not boolean indexing.

source: vllm-project/tpu-inference tpu_commons/models/jax/utils/multi_modal_utils.py at 9f13575c79085dd47ab2b7bf1415654bd9238320 (_flatten_embeddings, _merge_multimodal_embeddings, merge_multimodal_embeddings)
error: none
category: negative-mask-without-indexing
expect: untouched
notes: verbatim except that the vllm logger import and the NestedTensors type aliases are dropped. The comments in the function record the rewrite away from boolean-mask assignment ("JIT-compatible implementation using jnp.where to avoid NonConcreteBooleanIndexError"). `isinstance(embeddings, jax.Array)` and `isinstance(placeholder_token_id, list)` are trace-time type tests, `embeddings.shape[-1]` is static, and the placeholder id is a static argument. `f` is merge_multimodal_embeddings jitted with static_argnames=("placeholder_token_id",).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Union

import jax
import jax.numpy as jnp


def _flatten_embeddings(embeddings) -> jax.Array:
    """
    Recursively flattens and concatenates NestedTensors on all but the last
    dimension.
    """

    if isinstance(embeddings, jax.Array):
        return embeddings.reshape(-1, embeddings.shape[-1])

    return jnp.concatenate([_flatten_embeddings(t) for t in embeddings],
                           axis=0)


def _merge_multimodal_embeddings(
    inputs_embeds: jax.Array,
    is_multimodal: jax.Array,
    multimodal_embeddings,
) -> jax.Array:
    """
    Merge ``multimodal_embeddings`` into ``inputs_embeds`` by overwriting the
    positions in ``inputs_embeds`` corresponding to placeholder tokens in
    ``input_ids``.
        This returns a new array with the updated values.
    Note:
        This returns a new array with the updated values.
    """
    flattened = _flatten_embeddings(multimodal_embeddings)
    # The check for matching number of tokens is removed as it is not
    # JIT-compatible. If the shapes mismatch, JAX will raise an error
    # during execution anyway. The user-friendly error message is
    # sacrificed for JIT compatibility.

    # JIT-compatible implementation using jnp.where to avoid
    # NonConcreteBooleanIndexError.
    # Create a dummy row to handle indices for non-multimodal tokens.
    # The content of the dummy row does not matter as it will be masked out.
    dummy_row = jnp.zeros_like(flattened[0:1])

    # Prepend the dummy row to the flattened embeddings.
    flattened_padded = jnp.concatenate([dummy_row, flattened], axis=0)

    # Create gather indices. For each token in the input sequence, this gives
    # the index into `flattened_padded`.
    # For non-multimodal tokens, the index will be 0 (pointing to the dummy
    # row). For the k-th multimodal token, the index will be k.
    gather_indices = jnp.cumsum(is_multimodal)

    # Gather the embeddings to be placed.
    update_values = flattened_padded[gather_indices]

    # Use jnp.where to select between original and new embeddings.
    condition = jnp.expand_dims(is_multimodal, axis=-1)
    return jnp.where(condition, update_values, inputs_embeds)


def merge_multimodal_embeddings(
    input_ids: jax.Array,
    inputs_embeds: jax.Array,
    multimodal_embeddings,
    placeholder_token_id: Union[int, list[int]],
) -> jax.Array:
    """
    Merge ``multimodal_embeddings`` into ``inputs_embeds`` by overwriting the
    positions in ``inputs_embeds`` corresponding to placeholder tokens in
    ``input_ids``.

    ``placeholder_token_id`` can be a list of token ids (e.g, token ids
    of img_start, img_break, and img_end tokens) when needed: This means
    the order of these tokens in the ``input_ids`` MUST MATCH the order of
    their embeddings in ``multimodal_embeddings`` since we need to
    slice-merge instead of individually scattering.

        This returns a new array with the updated values.
    """
    if isinstance(placeholder_token_id, list):
        placeholder_token_id = jnp.array(placeholder_token_id)

        return _merge_multimodal_embeddings(
            inputs_embeds,
            jnp.isin(input_ids, placeholder_token_id),
            multimodal_embeddings,
        )

    return _merge_multimodal_embeddings(
        inputs_embeds,
        (input_ids == placeholder_token_id),
        multimodal_embeddings,
    )


f = jax.jit(merge_multimodal_embeddings, static_argnames=("placeholder_token_id",))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # 24 tokens, 6 of them the image placeholder (id 7) at random positions;
    # one image with 6 patch embeddings of width 16.
    T, D, K, PH = 24, 16, 6, 7
    input_ids = rng.integers(10, 100, size=T).astype(np.int32)
    pos = rng.choice(T, size=K, replace=False)
    input_ids[pos] = PH
    inputs_embeds = rng.normal(size=(T, D)).astype(np.float32)
    mm = rng.normal(size=(1, K, D)).astype(np.float32)
    return (input_ids, inputs_embeds, mm, PH)


INPUTS = make_inputs
