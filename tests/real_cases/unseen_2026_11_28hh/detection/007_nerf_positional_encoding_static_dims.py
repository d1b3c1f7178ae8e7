"""NeRF positional encoding: a Python `range(dims)` loop appending to a list, with `dims` static. Jit-safe.

source: JAX/Flax NeRF model module in the public code index (code-index file id 48397228264; functions positional_encoding, calculate_accumulated_transformation, calculate_alphas, class Nerf). The index does not name the repository.
error: none
category: negative
expect: untouched
notes: positional_encoding and the two helpers verbatim, including the author's commented-out `#@jax.jit`
  above positional_encoding; the flax `Nerf` module, initialize_model_variables and the `__main__` demo are
  dropped (flax is not installed here, and `f` does not use them). `f = jax.jit(positional_encoding,
  static_argnums=1)` matches how the model calls it (`self.position_encoding_dims` is a Python int field).
  The loop bound is static and the list holds only arrays built inside the trace, so there is no leak; a
  fixer that rewrites the loop or the list, or touches the commented `#@jax.jit`, fails this case.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import numpy as np
from jax import lax
import jax.numpy as jnp
from typing import Sequence

#@jax.jit
def positional_encoding(position, dims):
    pos_enc = [position]
    for L in range(dims):
        pos_enc.append(jnp.sin(2.**L * jnp.pi * position))
        pos_enc.append(jnp.cos(2.**L * jnp.pi * position))
        # pos_enc.append(jnp.sin(2.*jnp.pi*position/L))
        # pos_enc.append(jnp.cos(2.*jnp.pi*position/L))
    pos_enc = jnp.concatenate(pos_enc, axis = -1)
    return pos_enc


def calculate_accumulated_transformation(alphas):
    """
    Calculate the accumulated transformation using the given alphas.
    
    This function has a bit of a hack to deal with the fact that it may not
    accumulate to 1. Instead, it forces it by setting the final value to 1.
    """
    # Calculate the cumulative product of 1 minus alphas
    acc_trans = jnp.cumprod(1. - alphas, axis=-1)
    
    # Concatenate a column of ones to the left of acc_trans
    return jnp.concatenate((jnp.ones((acc_trans.shape[0], 1)), acc_trans[..., :-1]), axis=-1)


def calculate_alphas(sigmas, deltas):
    """Given sigmas and sampling point deltas, calculate the alphas

    Args:
        sigmas (jnp.array): The sigmas describing the density of the points sampled.
        deltas (jnp.array): The sampling point deltas.

    Returns:
        (jnp.array): The alphas describing the density of the points sampled 
                     after applying the deltas.
    """
    return (1. - jnp.exp(-sigmas * deltas))


f = jax.jit(positional_encoding, static_argnums=1)
# --- end user code ---


def make_inputs(rng):
    position = rng.uniform(-4.0, 4.0, size=(8, 3)).astype(np.float32)
    dims = 4  # a Python int: static (the model's position_encoding_dims / direction_encoding_dims)
    return (position, dims)


INPUTS = make_inputs
