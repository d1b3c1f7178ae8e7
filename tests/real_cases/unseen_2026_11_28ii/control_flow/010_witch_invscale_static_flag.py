"""WITCH: diagonal-rescaled matrix inverse with an `if do_invsafe:` branch on a static_argnums flag (already jit-safe).

source: MUSTANG-SZ/WITCH witch/fitting.py at 00badbbfc9045d05e4dec85fe9a1e58526402b6b (code-index file id 70639729334; invsafe, invscale)
error: none
category: negative-static-flag
expect: untouched
notes: invsafe and invscale are verbatim (docstrings included); the rest of the module (run_lmfit, hmc, run_mcmc,
  which need mpi4jax / MPI / the WITCH containers) is dropped with its imports. Entry point added: `f = invscale`.
  Look-alike: a Python `if` inside a jitted function, and `jnp.where(jnp.abs(s) <= thresh * jnp.max(s), ...)` on
  singular values -- but `do_invsafe` is declared static (`static_argnums=(2,)`) and every data-dependent choice is
  a jnp.where. Inputs pass `do_invsafe` as a Python bool so both branches run.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def invsafe(matrix: jax.Array, thresh: float = 1e-16) -> jax.Array:
    """
    Safe SVD based psuedo-inversion of the matrix.
    This zeros out modes that are too small when inverting.
    Use with caution in cases where you really care about what the inverse is.

    Parameters
    ----------
    matrix : jax.Array
        The matrix to invert.
        Should be a `(n, n)` array.
    thresh : float, default: 1e-14
        Threshold at which to zero out a mode.

    Returns
    -------
    invmat: jax.Array
        The inverted matrix.
        Same shape as `matrix`.
    """
    u, s, v = jnp.linalg.svd(matrix, False)
    s_inv = jnp.array(jnp.where(jnp.abs(s) <= thresh * jnp.max(s), 0, 1 / s))

    return jnp.dot(jnp.transpose(v), jnp.dot(jnp.diag(s_inv), jnp.transpose(u)))


@partial(jax.jit, static_argnums=(2,))
def invscale(matrix: jax.Array, thresh: float = 1e-16, do_invsafe=False) -> jax.Array:
    """
    Invert and rescale a matrix by the diagonal.
    This uses `invsafe` for the inversion.

    Parameters
    ----------
    Parameters
    ----------
    matrix : jax.Array
        The matrix to invert and sxane.
        Should be a `(n, n)` array.
    thresh : float, default: 1e-14
        Threshold for `invsafe`.
        See that function for more info.

    Returns
    -------
    invmat: jax.Array
        The inverted and rescaled matrix.
        Same shape as `matrix`.
    """
    diag = jnp.diag(matrix)
    vec = jnp.array(jnp.where(diag != 0, 1.0 / jnp.sqrt(jnp.abs(diag)), thresh))
    mm = jnp.outer(vec, vec)

    if do_invsafe:
        return mm * invsafe(mm * matrix, thresh)
    return mm * jnp.linalg.inv(mm * matrix)


f = invscale
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 5
    a = rng.normal(size=(n, n))
    scales = 10.0 ** rng.uniform(-2, 2, size=(n,))
    curve = (a @ a.T + n * np.eye(n)) * np.outer(scales, scales)
    do_invsafe = bool(rng.random() < 0.5)
    return (curve.astype(np.float32), np.float32(1e-6), do_invsafe)


INPUTS = make_inputs
