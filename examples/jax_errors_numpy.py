"""The JAX errors page: NumPy on tracers and host containers indexed by tracers, failing and fixed.

`TracerArrayConversionError` and `TracerIntegerConversionError`. Each failing function is marked
with the rule that reports it; the fixed versions stay silent.
Run it to see the fixed versions work: `python examples/jax_errors_numpy.py`.
"""

from functools import partial

import numpy as np

import jax.numpy as jnp
from jax import jit

x = np.arange(10)
L = [1, 2, 3]


# --- failing ------------------------------------------------------------------------------------


@jit
def numpy_sin(x):
    return np.sin(x)  # expect: TFX401


@jit
def numpy_array_indexed(i):
    return x[i]  # expect: TFX402


@jit
def list_indexed(i):
    return L[i]  # expect: TFX402


# --- fixed, as the page shows ----------------------------------------------------------------


@jit
def jax_sin(x):
    return jnp.sin(x)


@jit
def jax_array_indexed(i):
    return jnp.asarray(x)[i]


@partial(jit, static_argnums=(0,))
def numpy_array_static_index(i):
    return x[i]


@jit
def jax_list_indexed(i):
    return jnp.array(L)[i]


@partial(jit, static_argnums=0)
def list_static_index(i):
    return L[i]


@partial(jit, static_argnums=1)
def split_static_axis(x, axis):
    # np.split works on a tracer: it slices through the array's own methods.
    return np.split(x, 2, axis)


if __name__ == "__main__":
    print(jax_sin(jnp.arange(4)))
    print(jax_array_indexed(0), numpy_array_static_index(0))
    print(jax_list_indexed(0), list_static_index(0))
    print(split_static_axis(np.arange(10), 0))
    print(jit(lambda arr: np.split(arr, 2, 0))(np.arange(4)))
