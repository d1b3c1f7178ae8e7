"""pi0-FAST token decoding: `if temperature > 0.0:` inside a lax.while_loop body, temperature traced.

source: Physical-Intelligence/openpi PR #550 "Fixing nonzero temperature sampling for pi0_FAST with jax JIT" (https://github.com/Physical-Intelligence/openpi/pull/550); src/openpi/models/pi0_fast.py `Pi0FAST.sample_actions` (post-fix text read @40637ab5f2b0998d44ee2c266c7e6d34186810c3, where the branch is `jax.lax.cond(temperature > 0.0, ...)`)
error: TracerBoolConversionError
category: if-inside-lax-loop-body
expect: fix
notes: the pre-fix Python `if temperature > 0.0: categorical / else: argmax` is restored inside `step` as the PR describes (the traceback points at pi0_fast.py line 281 in `step`). The PaliGemma prefix pass and per-step LLM decode (KV cache, masks, positions) are replaced by a logit table `W[token]`, so the carry loses `kv_cache`; `put_along_last_axis` is written out. `temperature` is a jitted argument (in openpi it arrives through `**sample_kwargs` of the jitted policy); `max_decoding_steps` is static. The raw uint32 PRNG key is an input.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp

PALIGEMMA_EOS_TOKEN = 1


def put_along_last_axis(arr, indices, values):
    """Like np.put_along_axis(..., axis=-1), since jax is missing it."""
    assert arr.ndim == indices.ndim == values.ndim, (arr.ndim, indices.ndim, values.ndim)
    onehot = jax.nn.one_hot(indices, arr.shape[-1], dtype=values.dtype)
    put_mask = jnp.einsum("...i,...in->...n", jnp.ones(values.shape, jnp.int32), onehot)
    put_values = jnp.einsum("...i,...in->...n", values, onehot)
    return jnp.where(put_mask, put_values, arr)


@functools.partial(jax.jit, static_argnames=("max_decoding_steps",))
def f(rng, prefix_logits, W, temperature, max_decoding_steps=8):
    # prepare decoding -- final logit decodes the first token
    last_logit = prefix_logits[:, -1:]
    output_tokens = jnp.zeros((last_logit.shape[0], max_decoding_steps))

    def step(carry):
        rng, last_logit, output_tokens, _, step = carry

        # Sample token from last logit
        # Split RNG for this step
        rng, rng_step = jax.random.split(rng)
        if temperature > 0.0:
            token = jax.random.categorical(rng_step, last_logit / temperature, axis=-1)
        else:
            token = jnp.argmax(last_logit, axis=-1)
        output_tokens = put_along_last_axis(output_tokens, jnp.broadcast_to(step, (token.shape[0], 1)), token)

        # Check for early stopping --> stop if all batch elements have EOS token
        has_eos = jnp.any(token == PALIGEMMA_EOS_TOKEN, axis=-1)
        all_eos = jnp.all(has_eos)

        # Decode one step (stand-in for the PaliGemma decode call)
        last_logit = W[token]

        return rng, last_logit, output_tokens, all_eos, step + 1

    def cond(carry):
        _, _, _, all_eos, step = carry
        return (~all_eos) & (step < max_decoding_steps)

    # Use lax.while_loop so we can jit the full decoding loop.
    _, _, output_tokens, _, _ = jax.lax.while_loop(cond, step, (rng, last_logit, output_tokens, False, 0))
    return output_tokens
# --- end user code ---

import numpy as np


def make_inputs(rng):
    batch, prefix, vocab = 2, 3, 6
    key = rng.integers(0, 2**32 - 1, size=2, dtype=np.uint32)
    prefix_logits = rng.normal(size=(batch, prefix, vocab)).astype(np.float32) * 2.0
    W = rng.normal(size=(vocab, vocab)).astype(np.float32) * 2.0
    W[:, PALIGEMMA_EOS_TOKEN] -= 1.5
    temperature = np.float32(0.0 if rng.random() < 0.5 else rng.uniform(0.5, 1.5))
    return (key, prefix_logits, W, temperature)


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnames=("max_decoding_steps",))
def reference_fix(rng, prefix_logits, W, temperature, max_decoding_steps=8):
    last_logit = prefix_logits[:, -1:]
    output_tokens = jnp.zeros((last_logit.shape[0], max_decoding_steps))

    def step(carry):
        rng, last_logit, output_tokens, _, step = carry
        rng, rng_step = jax.random.split(rng)
        token = jax.lax.cond(
            temperature > 0.0,
            lambda _: jax.random.categorical(rng_step, last_logit / temperature, axis=-1),
            lambda _: jnp.argmax(last_logit, axis=-1),
            operand=None,
        )
        output_tokens = put_along_last_axis(output_tokens, jnp.broadcast_to(step, (token.shape[0], 1)), token)
        has_eos = jnp.any(token == PALIGEMMA_EOS_TOKEN, axis=-1)
        all_eos = jnp.all(has_eos)
        last_logit = W[token]
        return rng, last_logit, output_tokens, all_eos, step + 1

    def cond(carry):
        _, _, _, all_eos, step = carry
        return (~all_eos) & (step < max_decoding_steps)

    _, _, output_tokens, _, _ = jax.lax.while_loop(cond, step, (rng, last_logit, output_tokens, False, 0))
    return output_tokens
