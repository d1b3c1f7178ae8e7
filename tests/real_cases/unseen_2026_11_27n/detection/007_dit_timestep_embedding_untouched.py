"""DiT `TimestepEmbedder.timestep_embedding`: a static method with `if dim % 2:` and `jnp.log(max_period)` that is fine under jit.

source: same public JAX/Flax DiT model file as case 001 (content-search id 34233687022; `TimestepEmbedder.timestep_embedding`, a @staticmethod called from `TimestepEmbedder.__call__` as `self.timestep_embedding(t, self.frequency_embedding_size)`)
error: none
category: negative-static-method-static-branch
expect: untouched
notes: flax is not installed; `TimestepEmbedder` keeps only the static method, verbatim (the Dense layers of `__call__` are dropped). `f` jits it with `dim` static (it is a module field in the source); an odd `dim` makes the `if dim % 2:` branch run. `jnp.log(max_period)` becomes a tracer under jit but is only used in arithmetic, never concretized; `half = dim // 2` is a Python int. Nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp


class TimestepEmbedder:
    @staticmethod
    def timestep_embedding(t: jnp.ndarray, dim: int, max_period: int = 10000) -> jnp.ndarray:
        half = dim // 2
        freqs = jnp.exp(-jnp.log(max_period) * jnp.arange(half, dtype=jnp.float32) / half)
        args = t[:, None].astype(jnp.float32) * freqs[None]
        embedding = jnp.concatenate([jnp.cos(args), jnp.sin(args)], axis=-1)
        if dim % 2:
            embedding = jnp.concatenate([embedding, jnp.zeros_like(embedding[:, :1])], axis=-1)
        return embedding


f = jax.jit(TimestepEmbedder.timestep_embedding, static_argnums=(1,))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(0, 1000, size=(3,)).astype(np.float32), 7)


INPUTS = make_inputs
