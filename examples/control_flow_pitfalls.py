"""The seed's "Common pitfalls" ("Tracer Leak Detection"), each next to its jit-safe form.

`bool(traced)`, `assert x[0] > 0` and `if x.min() < 0:` all ask Python for the truth value of a
tracer; so do `and`/`or`/`not` and the builtin `min()`/`max()`, which compare in Python.
"""

import jax
import jax.numpy as jnp
from jax.experimental import checkify


@jax.jit
def any_negative(x):
    return bool(x.min() < 0)  # expect: TFX106


@jax.jit
def normalize_by_first(x):
    assert x[0] > 0, "x[0] must be positive"  # expect: TFX105
    return x / x[0]


@jax.jit
def shift_to_nonnegative(x):
    if x.min() < 0:  # expect: TFX101
        x = x - x.min()
    return x


@jax.jit
def in_unit_box(x):
    return x.min() >= 0 and x.max() <= 1  # expect: TFX104


@jax.jit
def positive_total(x):
    return max(x.sum(), 0.0)  # expect: TFX107


# The jit-safe forms: must stay silent.
@jax.jit
def any_negative_fixed(x):
    return x.min() < 0


@jax.jit
def normalize_by_first_fixed(x):
    checkify.check(x[0] > 0, "x[0] must be positive")
    return x / x[0]


@jax.jit
def shift_to_nonnegative_fixed(x):
    x = jnp.where(x.min() < 0, x - x.min(), x)
    return x


@jax.jit
def in_unit_box_fixed(x):
    return jnp.logical_and(x.min() >= 0, x.max() <= 1)


@jax.jit
def positive_total_fixed(x):
    return jnp.maximum(x.sum(), 0.0)


@jax.jit
def static_checks(x, scale=None):
    # Shapes, dtypes and `is None` are known while tracing: none of these leak.
    assert x.ndim == 1, "expects a vector"
    if scale is not None and x.shape[0] > 1:
        x = x * scale
    return x if jnp.issubdtype(x.dtype, jnp.floating) else x.astype(jnp.float32)


if __name__ == "__main__":
    x = jnp.array([3.0, -7.0, 0.5])
    print(any_negative_fixed(x), shift_to_nonnegative_fixed(x), in_unit_box_fixed(x), positive_total_fixed(x))
    error, out = checkify.checkify(normalize_by_first_fixed)(x)
    error.throw()
    print(out)
