"""JAX's error reference page, "Traced value where static value is expected": the failing
examples (ConcretizationTypeError, TracerIntegerConversionError) and the page's fixes, which must
stay silent. `tracerfix rewrite --unsafe-fixes` marks the traced parameters static."""

from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import jit


# ConcretizationTypeError: "axis argument to jnp.min()".
@jit
def func(x, axis):
    return x.min(axis)  # expect: TFX203


# The page's fix: the axis is a static argument.
@partial(jit, static_argnums=1)
def func_fixed(x, axis):
    return x.min(axis)


# TracerIntegerConversionError: np.split calls __index__ on the traced axis.
@jit
def split(x, axis):
    return np.split(x, 2, axis)  # expect: TFX203


@partial(jit, static_argnums=1)
def split_fixed(x, axis):
    return np.split(x, 2, axis)


# The page's alternative: close over the static value (recompiles per closure).
def split_in_halves(x):
    return jit(lambda arr: np.split(arr, 2, 0))(x)


# Beyond the page: shapes, loop bounds and conversions taken from parameters.
@jax.jit
def zeros_of(n):
    return jnp.zeros(n)  # expect: TFX203


@jax.jit
def power(x, n):
    y = jnp.ones_like(x)
    for _ in range(n):  # expect: TFX202
        y = y * x
    return y


@partial(jax.jit, static_argnames=("n",))
def power_fixed(x, n):
    y = jnp.ones_like(x)
    for _ in range(n):
        y = y * x
    return y


@jax.jit
def normalize(x):
    total = float(x.sum())  # expect: TFX201
    return x / total


@jax.jit
def normalize_fixed(x):
    return x / x.sum()


if __name__ == "__main__":
    print(func_fixed(jnp.arange(4), 0))
    print(split_fixed(np.arange(10), 0))
    print(split_in_halves(np.arange(4)))
    print(power_fixed(jnp.arange(3.0), 3))
    print(normalize_fixed(jnp.arange(1.0, 4.0)))
