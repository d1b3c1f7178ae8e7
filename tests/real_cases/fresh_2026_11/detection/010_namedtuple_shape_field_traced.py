"""A NamedTuple sparse matrix carries its `shape` as a field; under jit the field is a leaf and `segment_sum`'s segment count is traced.

source: https://github.com/jax-ml/jax/issues/6455 (GJBoth, "Jit behaviour with named tuples": the COO NamedTuple and sparse_mat_vec_mul, before the register_pytree_node fix from the thread)
error: ConcretizationTypeError
category: namedtuple-field-traced-shape
expect: report
notes: the NamedTuple and `sparse_mat_vec_mul` are the issue's final code without the `register_pytree_node(COO, ...)` call that the thread added, i.e. the version the reporter had before; `f = sparse_mat_vec_mul`. A plain NamedTuple flattens `shape` into traced int leaves, so `sparse_mat.shape[0]` (`num_segments`, which fixes the output shape) is a tracer. The cure is outside the jitted function (register the type with `shape` as aux data, or pass the row count statically), and the callers hand in the NamedTuple as is, so this is to be reported rather than rewritten.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import NamedTuple, Sequence

import jax
import jax.numpy as jnp


class COO(NamedTuple):
    """Defines a namedtuple for coordinate list sparse matrix (COO)."""

    rows: jnp.ndarray
    cols: jnp.ndarray
    vals: jnp.ndarray
    shape: Sequence[int]


@jax.jit
def sparse_mat_vec_mul(sparse_mat, vec):
    """Performs sparse matrix - dense vector multiplication"""
    prod = jnp.take(vec, sparse_mat.cols, axis=0) * sparse_mat.vals[:, None]
    return jax.ops.segment_sum(prod, sparse_mat.rows, sparse_mat.shape[0])


f = sparse_mat_vec_mul
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_rows, n_cols, nnz = 5, 4, 7
    mat = COO(rows=rng.integers(0, n_rows, size=nnz).astype(np.int32),
              cols=rng.integers(0, n_cols, size=nnz).astype(np.int32),
              vals=rng.normal(size=nnz).astype(np.float32),
              shape=(n_rows, n_cols))
    return (mat, rng.normal(size=(n_cols, 2)).astype(np.float32))


INPUTS = make_inputs
