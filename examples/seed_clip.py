"""The seed's clip examples ("Tracer Leak Detection"): two leaky forms and the jit-safe one."""

import jax
import jax.numpy as jnp


# Tracer leak: Python `if` on a traced value.
@jax.jit
def clip_v1(x):
    result = x
    if x[0] < 0:  # expect: TFX101
        result = result.at[0].set(0)
    return result


# Vectorized and jit-safe: must stay silent.
@jax.jit
def clip_v3(x):
    return jnp.where(x < 0, 0, x)


@jax.jit
def safe_clip_positive(x):
    return jnp.maximum(x, 0)


if __name__ == "__main__":
    print(clip_v1(jnp.array([3.0, -7.0, 0.5])))
    print(clip_v3(jnp.array([-0.1, 100.0, -0.1])))
