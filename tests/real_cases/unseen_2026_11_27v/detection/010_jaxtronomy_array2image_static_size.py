"""JAXtronomy array2image: int(np.sqrt(jnp.size(array))) under an `or` on static sizes (correct).

source: lenstronomy/JAXtronomy jaxtronomy/Util/util.py at 0285dd44b45c06d0df8d0c9f4bc45b193b8aa3d6 (array2image)
error: none
category: negative
expect: untouched
notes: verbatim function with its decorator `@partial(jit, static_argnums=(1, 2))`; the module's lenstronomy imports dropped and `f = array2image` added. It looks like the lenstronomy original (int() of a NumPy call on the input, a truth test in `or`, a shape from a computed value) but jnp.size of a traced array is a Python int and nx, ny are static arguments, so every value involved is concrete.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial
from jax import jit, numpy as jnp
import numpy as np


@partial(jit, static_argnums=(1, 2))
def array2image(array, nx=0, ny=0):
    """Returns the information contained in a 1d array into an n*n 2d array (only works
    when length of array is n**2, or nx and ny are provided)

    :param array: image values
    :type array: array of size n**2
    :returns: 2d array
    :raises: ValueError
    """
    if nx == 0 or ny == 0:
        n = int(np.sqrt(jnp.size(array)))
        if n**2 != jnp.size(array):
            raise ValueError(
                "length of input array given as %s is not square of integer number!"
                % (jnp.size(array))
            )
        nx, ny = n, n
    image = jnp.reshape(array, (ny, nx))
    return image


f = array2image
# --- end user code ---


def make_inputs(rng):
    if rng.random() < 0.5:
        n = int(rng.integers(3, 7))
        return (rng.normal(size=(n * n,)).astype(np.float32),)
    nx = int(rng.integers(2, 6))
    ny = int(rng.integers(2, 6))
    return (rng.normal(size=(nx * ny,)).astype(np.float32), nx, ny)


INPUTS = make_inputs
