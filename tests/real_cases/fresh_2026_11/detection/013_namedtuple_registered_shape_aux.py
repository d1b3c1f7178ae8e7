"""The COO NamedTuple registered with `shape` as aux data: `sparse_mat.shape[0]` is static inside jit.

source: https://github.com/jax-ml/jax/issues/6455 (GJBoth's follow-up comment "For future reference, this works": COO, _coo_flatten, _coo_unflatten, register_pytree_node, sparse_mat_vec_mul)
error: none
category: negative-registered-namedtuple-aux
expect: untouched
notes: verbatim from the comment (imports added); `f = sparse_mat_vec_mul`. The look-alike of case 010: here the flatten function returns `A[:3]` as children and `A[3]` (the shape) as aux data, so `segment_sum`'s `num_segments` is a Python int. Nothing leaks; a fixer must not change a byte.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import NamedTuple, Sequence, Union

import jax
import jax.numpy as jnp
from jax.tree_util import register_pytree_node


class COO(NamedTuple):
    """Defines a namedtuple for coordinate list sparse matrix (COO)."""

    rows: jnp.ndarray
    cols: jnp.ndarray
    vals: jnp.ndarray
    shape: Sequence[int]


def _coo_flatten(A):
    return A[:3], A[3]


def _coo_unflatten(aux_data, children):
    return COO(*children, aux_data)


register_pytree_node(COO, _coo_flatten, _coo_unflatten)

@jax.jit
def sparse_mat_vec_mul(sparse_mat: Union[COO, ], vec: jnp.ndarray):
    """Performs sparse matrix - dense vector multiplication"""
    prod = jnp.take(vec, sparse_mat.cols, axis=0) * sparse_mat.vals[:, None]
    return jax.ops.segment_sum(prod, sparse_mat.rows, sparse_mat.shape[0])


f = sparse_mat_vec_mul
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_rows, n_cols, nnz = int(rng.integers(2, 7)), 4, 7
    mat = COO(rows=rng.integers(0, n_rows, size=nnz).astype(np.int32),
              cols=rng.integers(0, n_cols, size=nnz).astype(np.int32),
              vals=rng.normal(size=nnz).astype(np.float32),
              shape=(n_rows, n_cols))
    return (mat, rng.normal(size=(n_cols, 2)).astype(np.float32))


INPUTS = make_inputs
