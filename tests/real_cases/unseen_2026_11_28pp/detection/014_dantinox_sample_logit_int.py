"""DantinoX token sampler: `int(jnp.argmax(...))` / `int(jax.random.categorical(...))` on traced logits.

source: DantinoX (Flax NNX transformer package `dantinox`), its generator module in the public code index (code-index file id 58798443977: the @nnx.jit step functions _stream_prefill / _stream_no_cache_step / _stream_decode, _sample_logit, _remap_expert_keys, _prune_stale_keys, _load_checkpoint, class Generator); the index does not give the path or commit
error: ConcretizationTypeError
category: int-on-tracer (host conversion inside a jitted sampler)
expect: fix
notes: _sample_logit verbatim. In the module it runs on the host between calls to the @nnx.jit decode step; here it is jitted itself (greedy and top_k static), the usual next step to fuse sampling into the decode step. Both returns wrap a traced token id in int(); returning the traced id (int32 scalar) gives the same token. Added the `functools.partial(jax.jit, ...)` wrapper `f`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp


def _sample_logit(
    logits: jnp.ndarray,
    key: jax.Array,
    greedy: bool,
    temperature: float,
    top_k: int | None,
    top_p: float | None,
) -> tuple[int, jax.Array]:
    """Sample one token id from a [V] logit vector. Returns (token_id, new_key)."""
    log_probs = jax.nn.log_softmax(logits[0].astype(jnp.float32) / temperature)

    if greedy:
        return int(jnp.argmax(log_probs)), key

    if top_k is not None:
        top_k_vals, top_k_idx = jax.lax.top_k(jnp.exp(log_probs), top_k)
        filtered = jnp.full_like(log_probs, -jnp.inf)
        filtered = filtered.at[top_k_idx].set(
            jnp.log(top_k_vals / top_k_vals.sum() + 1e-10)
        )
        log_probs = filtered

    if top_p is not None:
        probs = jnp.exp(log_probs)
        sorted_idx = jnp.argsort(probs)[::-1]
        sorted_probs = probs[sorted_idx]
        cum = jnp.cumsum(sorted_probs)
        mask = (cum - sorted_probs) >= top_p
        filtered_p = jnp.where(mask, 0.0, sorted_probs)
        filtered_p = filtered_p / (filtered_p.sum() + 1e-10)
        filtered_lp = jnp.full_like(log_probs, -jnp.inf)
        filtered_lp = filtered_lp.at[sorted_idx].set(jnp.log(filtered_p + 1e-10))
        log_probs = filtered_lp

    new_key, subkey = jax.random.split(key)
    tok_id = int(jax.random.categorical(subkey, log_probs))
    return tok_id, new_key


@functools.partial(jax.jit, static_argnums=(2, 4))
def f(logits, key, greedy, temperature, top_k, top_p):
    return _sample_logit(logits, key, greedy, temperature, top_k, top_p)
# --- end user code ---

import numpy as np

VOCAB = 32


def make_inputs(rng):
    logits = (rng.normal(size=(1, VOCAB)) * 3.0).astype(np.float32)
    key = np.array([0, rng.integers(0, 2**31)], dtype=np.uint32)
    greedy = bool(rng.random() < 0.3)
    temperature = float(rng.choice([0.7, 1.0, 1.3]))
    top_k = None if rng.random() < 0.5 else int(rng.choice([4, 8]))
    top_p = None if rng.random() < 0.5 else float(rng.choice([0.8, 0.95]))
    return (logits, key, greedy, temperature, top_k, top_p)


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnums=(2, 4))
def reference_fix(logits, key, greedy, temperature, top_k, top_p):
    log_probs = jax.nn.log_softmax(logits[0].astype(jnp.float32) / temperature)
    if greedy:
        return jnp.argmax(log_probs), key
    if top_k is not None:
        top_k_vals, top_k_idx = jax.lax.top_k(jnp.exp(log_probs), top_k)
        filtered = jnp.full_like(log_probs, -jnp.inf)
        filtered = filtered.at[top_k_idx].set(jnp.log(top_k_vals / top_k_vals.sum() + 1e-10))
        log_probs = filtered
    if top_p is not None:
        probs = jnp.exp(log_probs)
        sorted_idx = jnp.argsort(probs)[::-1]
        sorted_probs = probs[sorted_idx]
        cum = jnp.cumsum(sorted_probs)
        mask = (cum - sorted_probs) >= top_p
        filtered_p = jnp.where(mask, 0.0, sorted_probs)
        filtered_p = filtered_p / (filtered_p.sum() + 1e-10)
        filtered_lp = jnp.full_like(log_probs, -jnp.inf)
        filtered_lp = filtered_lp.at[sorted_idx].set(jnp.log(filtered_p + 1e-10))
        log_probs = filtered_lp
    new_key, subkey = jax.random.split(key)
    return jax.random.categorical(subkey, log_probs), new_key
