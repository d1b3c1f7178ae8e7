"""Davidson eigensolver: `rank = int(jnp.sum(mask))` then `V_ortho[:rank]`, a data-dependent row count.

source: plane-wave DFT code "psp/davidson.py — Thick-restart block Davidson eigensolver" in the public code index (code-index file id 61595948648; functions _gram, _orthonormalise). The index does not name the repository.
error: ConcretizationTypeError
category: dynamic-shape
expect: report
notes: _gram and _orthonormalise verbatim; the module's `from __future__ import annotations` is dropped (it
  cannot follow the case docstring/EXPECT line and these two functions do not need it); `f = jax.jit(_orthonormalise, static_argnames="tau_dep")` is added
  (the solver calls it eagerly from a Python driver loop). The number of rows returned is the number of
  overlap eigenvalues above `tau_dep`, so the output shape depends on the data: there is no jit-safe rewrite
  with the same result, only a padded variant with a changed contract (the caller also uses `bp == 0`).
  Inputs are real float32 blocks (x64 is off here) with one or two duplicated rows so the rank varies.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def _gram(A: jax.Array, B: jax.Array) -> jax.Array:
    """Gram matrix A^dag B.  (m, nspinor, nG) x (n, nspinor, nG) -> (m, n).

    On a single device this is just an einsum.  For multi-GPU G-sharding,
    replace with local einsum + jax.lax.psum over the G-axis.
    """
    return jnp.einsum('msG,nsG->mn', jnp.conj(A), B, optimize=True)


def _orthonormalise(V: jax.Array, tau_dep: float = 1e-12):
    """Orthonormalise V, dropping directions with overlap eigenvalue < tau_dep.

    Returns (V_ortho, rank).
    """
    S = _gram(V, V)
    S = 0.5 * (S + S.conj().T)  # symmetrise
    eigvals, U = jnp.linalg.eigh(S)
    mask = eigvals > tau_dep
    rank = int(jnp.sum(mask))
    # Keep only well-conditioned directions
    inv_sqrt = jnp.where(mask, 1.0 / jnp.sqrt(jnp.maximum(eigvals, tau_dep)), 0.0)
    # V_ortho = V @ U @ diag(inv_sqrt)
    V_ortho = jnp.einsum('vsG,ij,j->isG', V, U, inv_sqrt, optimize=True)
    return V_ortho[:rank], rank


f = jax.jit(_orthonormalise, static_argnames="tau_dep")
# --- end user code ---


def make_inputs(rng):
    V = rng.normal(size=(6, 2, 16)).astype(np.float32)
    # linearly dependent rows make the kept count data-dependent
    k = int(rng.integers(0, 3))
    for j in range(k):
        V[5 - j] = V[j]
    return (V,)


INPUTS = make_inputs
