"""The seed's problem, `safe_clip_positive(x)`: replace every negative element of a 1-D array with
0. Each leaky form below is one of the seed's "common pitfalls"; the last one is the answer."""

import jax
import jax.numpy as jnp


@jax.jit
def safe_clip_positive_if(x):
    # `if x.min() < 0`: x.min() is a 0-d traced array.
    if x.min() < 0:  # expect: TFX101
        x = jnp.maximum(x, 0)
    return x


@jax.jit
def safe_clip_positive_loop(x):
    # Index loop with a per-element conditional.
    for i in range(len(x)):  # expect: TFX108
        if x[i] < 0:
            x = x.at[i].set(0)
    return x


@jax.jit
def safe_clip_positive_ternary(x):
    return jnp.stack([v if v >= 0 else jnp.zeros_like(v) for v in x])  # expect: TFX103


@jax.jit
def safe_clip_positive_tolist(x):
    return jnp.array([max(v, 0.0) for v in x.tolist()])  # expect: TFX107, TFX201


@jax.jit
def safe_clip_positive_assert(x):
    y = jnp.where(x < 0, 0, x)
    assert y.min() >= 0  # expect: TFX105
    return y


@jax.jit
def safe_clip_positive_bool(x):
    if bool(x[0] < 0):  # expect: TFX101
        x = x.at[0].set(0)
    return x


@jax.jit
def safe_clip_positive(x):
    return jnp.where(x < 0, 0, x)
