"""Top-p sampling whose loop goes through a pure-Python `while_loop` helper fed a lambda.

source: ayaka14732/llama-2-jax lib/generation/top_p.py at 1a40400f470488bd60b8acb04a8c3d700177ac76 (top_p, _loop_body_top_p, _TopPGenerationState, TopPGenerationConfig) and lib/generation/_utils.py at bf65269786e022102653b49c42abd13e1dcb437c (while_loop, "TODO: https://jax.readthedocs.io/en/latest/_autosummary/jax.lax.while_loop.html"); https://github.com/ayaka14732/llama-2-jax/issues/14 shows the same call path (generate.py -> top_p -> the Python while_loop helper) failing under tracing
error: TracerBoolConversionError
category: closure-lambda-helper-while
expect: fix
notes: top_p, _loop_body_top_p, the two NamedTuples and the while_loop helper are verbatim, except
  `rand.KeyArray` annotations (removed from JAX) are spelled `Array` and `jnp.NINF` (removed) is
  `-jnp.inf`. The leak is indirect: `top_p` hands the lambda `lambda state: ~jnp.all(state.finished)`
  to the project's own Python `while_loop`, whose `while cond_fun(val):` converts the traced flag to
  bool. The 7B Llama forward pass (`llama_model`, `Config`, `Llama`) is replaced by a tiny stand-in
  with the same call signature (embedding lookup + masked running mean), and `f` is the jitted
  generate step that generate.py runs (configs static, as the TODO anticipates).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial
from operator import getitem
from typing import NamedTuple

import jax
from jax import Array
import jax.nn as nn
import jax.numpy as jnp
import jax.random as rand


# ---- stand-in for ..model (Config, Llama, llama_model) ----
class Config(NamedTuple):
    d_model: int
    vocab_size: int


class Llama(NamedTuple):
    model: Array
    lm_head: Array


def llama_model(params, seq, attn_mask, *, key, config):
    x = params[seq]
    m = attn_mask[..., None]
    c = jnp.cumsum(x * m, axis=1) / jnp.maximum(jnp.cumsum(m, axis=1), 1)
    return jnp.tanh(c)


# ---- lib/generation/_utils.py ----
# TODO: https://jax.readthedocs.io/en/latest/_autosummary/jax.lax.while_loop.html
def while_loop(cond_fun, body_fun, init_val):
    val = init_val
    while cond_fun(val):
        val = body_fun(val)
    return val


# ---- lib/generation/top_p.py ----
class _TopPGenerationState(NamedTuple):
    key: Array
    seq: Array
    attn_mask: Array
    last_positions: Array
    last_tokens: Array
    finished: Array

class TopPGenerationConfig(NamedTuple):
    eos_token_id: int
    max_length: int
    top_p: float

def _loop_body_top_p(params: Llama, state: _TopPGenerationState, model_config: Config, top_p_config: TopPGenerationConfig) -> _TopPGenerationState:
    key, seq, attn_mask, last_positions, last_tokens, finished = state
    eos_token_id, max_length, top_p = top_p_config

    outputs = llama_model(params.model, seq, attn_mask, key=None, config=model_config)
    logits = jax.vmap(getitem)(outputs, last_positions) @ params.lm_head

    batch_size, vocab_size = logits.shape

    indices = jnp.broadcast_to(jnp.arange(vocab_size, dtype=jnp.uint16), (batch_size, vocab_size))
    sorted_logits, sorted_indices = jax.lax.sort_key_val(-logits, indices, is_stable=False)
    sorted_logits = -sorted_logits
    sorted_probs = nn.softmax(sorted_logits)
    cum_probs = jnp.cumsum(sorted_probs, axis=-1)
    threshold_probs = jnp.maximum(cum_probs[:, 0], top_p)  # guarantee that at least one token will not be masked
    masked_sorted_logits = jnp.where(cum_probs >= threshold_probs[:, None], -jnp.inf, sorted_logits)

    current_positions = jnp.where(finished, last_positions, last_positions + 1)

    key, subkey = rand.split(key)
    selected_indices = rand.categorical(subkey, masked_sorted_logits)
    current_tokens = jax.vmap(getitem)(sorted_indices, selected_indices)  # type: ignore[call-overload]
    current_tokens = jnp.where(finished, last_tokens, current_tokens)

    seq = jax.vmap(lambda x, y, z: x.at[y].set(z))(seq, current_positions, current_tokens)
    attn_mask = jax.vmap(lambda x, y: x.at[y].set(True))(attn_mask, current_positions)

    finished |= (current_positions == max_length - 1) | (current_tokens == eos_token_id)

    print(current_positions, current_tokens, finished)
    return _TopPGenerationState(key, seq, attn_mask, current_positions, current_tokens, finished)

def top_p(params: Llama, seq: Array, attn_mask: Array, *, key: Array, model_config: Config, top_p_config: TopPGenerationConfig) -> Array:
    assert 0.0 < top_p_config.top_p < 1.0

    last_positions = jnp.argmin(attn_mask, axis=-1) - 1
    last_tokens = jax.vmap(getitem)(seq, last_positions)  # type: ignore[call-overload]
    finished = jnp.all(attn_mask, axis=-1)
    loop_body = lambda state: _loop_body_top_p(params, state, model_config, top_p_config)
    state = _TopPGenerationState(key, seq, attn_mask, last_positions, last_tokens, finished)

    state = while_loop((lambda state: ~jnp.all(state.finished)), loop_body, state)
    return state.seq


# ---- the jitted generate step ----
MODEL_CONFIG = Config(d_model=8, vocab_size=16)


@partial(jax.jit, static_argnums=(5, 6, 7))
def f(embedding, lm_head, seq, attn_mask, key, eos_token_id, max_length, top_p_value):
    params = Llama(model=embedding, lm_head=lm_head)
    top_p_config = TopPGenerationConfig(eos_token_id=eos_token_id, max_length=max_length, top_p=top_p_value)
    return top_p(params, seq, attn_mask, key=key, model_config=MODEL_CONFIG, top_p_config=top_p_config)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    vocab, d, batch, length = 16, 8, 3, 8
    embedding = rng.normal(size=(vocab, d)).astype(np.float32)
    lm_head = (2.0 * rng.normal(size=(d, vocab))).astype(np.float32)
    seq = np.zeros((batch, length), dtype=np.int32)
    attn_mask = np.zeros((batch, length), dtype=bool)
    prompt_lens = [int(rng.integers(1, 4)), int(rng.integers(2, 5)), length]
    if rng.random() < 0.5:
        prompt_lens[2] = int(rng.integers(1, 6))   # sometimes no row starts finished
    for b, n in enumerate(prompt_lens):
        seq[b, :n] = rng.integers(1, vocab, size=n)
        attn_mask[b, :n] = True
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    eos = int(rng.integers(0, vocab))
    top_p_value = float(rng.choice([0.5, 0.8, 0.95]))
    return (embedding, lm_head, seq, attn_mask, key, eos, length, top_p_value)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(5, 6, 7))
def reference_fix(embedding, lm_head, seq, attn_mask, key, eos_token_id, max_length, top_p_value):
    params = Llama(model=embedding, lm_head=lm_head)
    top_p_config = TopPGenerationConfig(eos_token_id=eos_token_id, max_length=max_length, top_p=top_p_value)
    last_positions = jnp.argmin(attn_mask, axis=-1) - 1
    last_tokens = jax.vmap(getitem)(seq, last_positions)
    finished = jnp.all(attn_mask, axis=-1)
    loop_body = lambda state: _loop_body_top_p(params, state, MODEL_CONFIG, top_p_config)
    state = _TopPGenerationState(key, seq, attn_mask, last_positions, last_tokens, finished)
    state = jax.lax.while_loop(lambda state: ~jnp.all(state.finished), loop_body, state)
    return state.seq
