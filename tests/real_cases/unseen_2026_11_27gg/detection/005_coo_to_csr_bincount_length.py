"""COO->CSR conversion whose `shape` tuple feeds `jnp.bincount(length=n_rows)`: a traced shape under jit.

source: public code index, file id 29432287279 (sparse-Jacobian utilities module: jax_coo_to_csr,
    dodgy_coo_to_csr, make_sparse_jacrev_fct*, basis_vectors_and_coords_2d_square_stencil); the index
    does not name the repository. The author left `#@jax.jit #length argument is an issue` above it.
error: ConcretizationTypeError
category: traced-shape-argument
expect: fix
notes: jnp.bincount `length` must be concrete and n_rows comes from the traced `shape`. jax_coo_to_csr verbatim; the author's commented-out `#@jax.jit` becomes `f = jax.jit(jax_coo_to_csr)`.
    Unused imports (numpy, scipy, matplotlib) dropped. The fix is to make `shape` static
    (static_argnums=2 / static_argnames="shape"). jnp.int64 is int32 without x64; keys stay small here.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


#TODO: function for translating stencil into set of basis vectors

#@jax.jit #length argument is an issue
def jax_coo_to_csr(values, coordinates, shape):
    n_rows, n_cols = shape
    nnz = values.size
    rows = coordinates[0]
    cols = coordinates[1]
    
    # sort verything by (row, col) (i*m + j)
    key = rows.astype(jnp.int64) * jnp.int64(n_cols) + cols.astype(jnp.int64)
    order = jnp.argsort(key)
    rows_sorted = rows[order]
    cols_sorted = cols[order]
    vals_sorted = values[order]

    # count number of values in each row, for each row index.
    counts = jnp.bincount(rows_sorted, length=n_rows)
    # work out index of value that starts each row
    indptr = jnp.concatenate([jnp.array([0], dtype=jnp.int32), jnp.cumsum(counts).astype(jnp.int32)])

    indices = cols_sorted.astype(jnp.int32)
    return indptr, indices, vals_sorted, order


f = jax.jit(jax_coo_to_csr)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_rows, n_cols = 7, 5
    nnz = 12
    # distinct (row, col) pairs so the sort order is unique; row 0 and last row may be empty
    flat = rng.choice(n_rows * n_cols, size=nnz, replace=False)
    rows = (flat // n_cols).astype(np.int32)
    cols = (flat % n_cols).astype(np.int32)
    coords = np.stack([rows, cols])
    values = rng.normal(size=(nnz,)).astype(np.float32)
    return (values, coords, (n_rows, n_cols))


INPUTS = make_inputs


import functools


@functools.partial(jax.jit, static_argnums=2)
def reference_fix(values, coordinates, shape):
    n_rows, n_cols = shape
    rows = coordinates[0]
    cols = coordinates[1]
    key = rows.astype(jnp.int32) * n_cols + cols.astype(jnp.int32)
    order = jnp.argsort(key)
    counts = jnp.bincount(rows[order], length=n_rows)
    indptr = jnp.concatenate([jnp.array([0], dtype=jnp.int32), jnp.cumsum(counts).astype(jnp.int32)])
    return indptr, cols[order].astype(jnp.int32), values[order], order
