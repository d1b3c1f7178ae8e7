"""jax_cosmo sparse.slogdet: a Python loop `for i in range(N - 1)` and shape checks inside jitted helpers.

source: DifferentiableUniverseInitiative/jax_cosmo jax_cosmo/sparse.py at 060ef0efae97a38e56701773d8942cb3f37168fa (check_sparse, sparse_dot_sparse, inv, _block_det with static_argnums=(1, 2, 3), slogdet, det)
error: none
category: negative-shape-loop-and-static-argnums
expect: untouched
notes: the functions verbatim (docstrings shortened) except `np.product`, which current jax.numpy no longer has, spelled `np.prod`. `N, _, P = sparse.shape` are static shapes, `range(N - 1)` and the `_block_det(sparse, i, N, P)` call with static_argnums are trace-time Python ints, and check_sparse's `if sparse.ndim != 3` tests a static rank.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools

import jax.numpy as np
from jax import jit
from jax import vmap


def check_sparse(sparse, square=False):
    """Check for a valid sparse matrix.
    """
    sparse = np.asarray(sparse)
    if sparse.ndim != 3:
        raise ValueError("Expected 3D array of sparse diagonals.")
    if square and (sparse.shape[0] != sparse.shape[1]):
        raise ValueError("Expected a square matrix.")
    return sparse


@jit
def sparse_dot_sparse(sparse1, sparse2):
    """Calculate A @ B where A and B are both sparse and return sparse."""
    return vmap(
        # Sparse multiply row @ col
        vmap(
            # Sparse multiply blocks B1 and B2
            lambda B1, B2: np.sum(np.multiply(B1, B2), axis=0),
            (0, None),
            0,
        ),
        (None, 1),
        1,
    )(sparse1, sparse2)


@jit
def inv(sparse):
    """Calculate the inverse of a square matrix in sparse format."""
    sparse = check_sparse(sparse, square=True)
    return np.transpose(np.linalg.inv(np.transpose(sparse, (2, 0, 1))), (1, 2, 0))


# We split the determinant calculation for a matrix with N x N blocks
# into n pieces that can be evaluated in parallel, following eqn (2.2)
# of https://arxiv.org/abs/1112.4379.  First build a helper function
# to calculate one piece indexed by 0 <= k < N:
@functools.partial(jit, static_argnums=(1, 2, 3))
def _block_det(sparse, k, N, P):
    u = sparse[k : k + 1, k + 1 : N, 0:P]
    S = sparse[k + 1 : N, k + 1 : N, 0:P]
    v = sparse[k + 1 : N, k : k + 1, 0:P]
    Sinv_v = sparse_dot_sparse(inv(S), v)
    M = sparse[k, k] - sparse_dot_sparse(u, Sinv_v)
    sign = np.prod(np.sign(M))
    logdet = np.sum(np.log(np.abs(M)))
    return sign, logdet


@jit
def slogdet(sparse):
    """Calculate the log(determinant) of a sparse matrix."""
    sparse = check_sparse(sparse, square=True)
    N, _, P = sparse.shape
    sign = np.prod(np.sign(sparse[-1, -1]))
    logdet = np.sum(np.log(np.abs(sparse[-1, -1])))
    # The individual blocks can be calculated in any order so there
    # should be a better way to express this using lax.map but I
    # can't get it to work without "concretization" errors.
    for i in range(N - 1):
        s, ld = _block_det(sparse, i, N, P)
        sign *= s
        logdet += ld
    return sign, logdet


@jit
def det(sparse):
    """Calculate the determinant of a sparse matrix."""
    sign, logdet = slogdet(sparse)
    return sign * np.exp(logdet)


f = det
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    # 3 x 3 blocks of 4 diagonals; diagonally dominant so that it is invertible
    sparse = rng.normal(size=(3, 3, 4)).astype(onp.float32) * 0.3
    for i in range(3):
        sparse[i, i] += rng.choice([-1.0, 1.0]) * 2.0
    return (sparse,)


INPUTS = make_inputs
