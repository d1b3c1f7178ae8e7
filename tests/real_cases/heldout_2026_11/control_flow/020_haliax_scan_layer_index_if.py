"""A transformer block scanned over layers with `if jnp.equal(layer_idx.array, 4): x = x + 0.01*sin(x*1e2)` on the scanned layer index.

source: https://github.com/marin-community/haliax/issues/57 (the block's `foo`, scanned over layers with haliax.scan, fails with "Attempted boolean conversion")
error: TracerBoolConversionError
category: scan-body-if-no-else
expect: fix
notes: the body of `foo` kept line for line but with plain jax.numpy instead of haliax NamedArrays: ln_1/ln_2 are layer norms, attn is single-head softmax attention with the mask, mlp a gelu MLP, and the dropout calls (identity in inference) and rng splitting are dropped; `layer_idx.array` is the scanned integer index itself. The stacked per-layer weights and the indices are the scan's xs, inside a jitted forward pass. An `if` with no else that rebinds x only for one layer.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def layer_norm(x, eps=1e-5):
    mu = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return (x - mu) / jnp.sqrt(var + eps)


def attn(x, w_qkv, w_o, mask):
    q, k, v = jnp.split(x @ w_qkv, 3, axis=-1)
    scores = q @ k.T / jnp.sqrt(q.shape[-1])
    scores = jnp.where(mask, scores, -1e9)
    return jax.nn.softmax(scores, axis=-1) @ v @ w_o


def mlp(x, w_in, w_out):
    return jax.nn.gelu(x @ w_in) @ w_out


def foo(x, layer_params, mask, layer_idx):
    w_qkv, w_o, w_in, w_out = layer_params

    attn_output = attn(layer_norm(x), w_qkv, w_o, mask)
    x = x + attn_output

    ff_output = mlp(layer_norm(x), w_in, w_out)
    x = x + ff_output

    if jnp.equal(layer_idx, 4):
        x = x + 0.01*jnp.sin(x*1e2)

    return x


@jax.jit
def f(x, w_qkv, w_o, w_in, w_out):
    n_layers = w_qkv.shape[0]
    mask = jnp.tril(jnp.ones((x.shape[0], x.shape[0]), bool))

    def body(x, xs):
        params, layer_idx = xs
        return foo(x, params, mask, layer_idx), None

    x, _ = jax.lax.scan(body, x, ((w_qkv, w_o, w_in, w_out), jnp.arange(n_layers)))
    return x
# --- end user code ---

import numpy as np


def make_inputs(rng):
    T, D, L = 5, 8, int(rng.choice([3, 6, 7]))     # with 3 layers the branch is never taken
    s = 0.3 / np.sqrt(D)
    x = rng.normal(size=(T, D)).astype(np.float32)
    w_qkv = (s * rng.normal(size=(L, D, 3 * D))).astype(np.float32)
    w_o = (s * rng.normal(size=(L, D, D))).astype(np.float32)
    w_in = (s * rng.normal(size=(L, D, 2 * D))).astype(np.float32)
    w_out = (s * rng.normal(size=(L, 2 * D, D))).astype(np.float32)
    return (x, w_qkv, w_o, w_in, w_out)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, w_qkv, w_o, w_in, w_out):
    n_layers = w_qkv.shape[0]
    mask = jnp.tril(jnp.ones((x.shape[0], x.shape[0]), bool))

    def body(x, xs):
        (a, b, c, d), layer_idx = xs
        x = x + attn(layer_norm(x), a, b, mask)
        x = x + mlp(layer_norm(x), c, d)
        x = jax.lax.cond(jnp.equal(layer_idx, 4), lambda x: x + 0.01 * jnp.sin(x * 1e2), lambda x: x, x)
        return x, None

    x, _ = jax.lax.scan(body, x, ((w_qkv, w_o, w_in, w_out), jnp.arange(n_layers)))
    return x
