"""HPS utility `meshgrid_to_lst_of_pts`: jitted, with shape arithmetic done on Python ints (fine).

source: same public JAX HPS utility module as case 005 (content-search id 47424732805; `meshgrid_to_lst_of_pts`, decorated with @jax.jit in the source)
error: none
category: negative-static-shape-arithmetic
expect: untouched
notes: verbatim, with `f = meshgrid_to_lst_of_pts` added. `n = X.shape[0]` and `(n**2, 2)` are Python ints at trace time, unlike the `int(jnp.sqrt(...))` of the neighbouring helper in case 005; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def meshgrid_to_lst_of_pts(X: jnp.ndarray, Y: jnp.ndarray) -> jnp.ndarray:
    """Given X and Y, which each have shape (n, n) and are
    the output of a Numpy meshgrid-like function, stacks these points into a tall 2D array of shape (n**2, 2)

    Args:
        X (jnp.ndarray): Has shape (n,n)
        Y (jnp.ndarray): Has shape (n,n)

    Returns:
        jnp.ndarray: Has shape (n**2, 2)
    """
    n = X.shape[0]
    X_exp = jnp.expand_dims(X, -1)
    Y_exp = jnp.expand_dims(Y, -1)
    together = jnp.concatenate((X_exp, Y_exp), axis=-1)
    return jnp.reshape(together, (n**2, 2))


f = meshgrid_to_lst_of_pts
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(4, 4)).astype(np.float32), rng.normal(size=(4, 4)).astype(np.float32))


INPUTS = make_inputs
