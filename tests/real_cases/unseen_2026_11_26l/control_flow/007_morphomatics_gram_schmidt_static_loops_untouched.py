"""Morphomatics' `gram_schmidt`: nested Python loops with `.at[...].set` that look like per-element traced loops but run over static shape ranges.

source: morphomatics/morphomatics morphomatics/manifold/util.py at cb4e8b843d6323beed54f18a8a34293d5959f3e4 (gram_schmidt; the same module as case 003's `align`)
error: none
category: negative-static-shape-loops
expect: untouched
notes: `gram_schmidt` is verbatim; `f = jax.jit(gram_schmidt)` is added. The loop bounds come from `A.shape[1]` and the loop index, both static under jit, and every update is a functional `.at[:, j].set(...)` of traced values: nothing here needs a concrete value, so a fixer must not rewrite it (e.g. into fori_loop or a mask).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def gram_schmidt(A):
    """Orthogonalize a set of vectors stored as the columns of matrix A."""
    # Get the number of vectors.
    n = A.shape[1]
    for j in range(n):
        # To orthogonalize the vector in column j with respect to the
        # previous vectors, subtract from it its projection onto
        # each of the previous vectors.
        for k in range(j):
            A = A.at[:, j].set(A[:, j] - jnp.dot(A[:, k], A[:, j]) * A[:, k])
        A = A.at[:, j].set(A[:, j] / jnp.linalg.norm(A[:, j]))

    return A


f = jax.jit(gram_schmidt)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(6, 4)).astype(np.float32),)


INPUTS = make_inputs
