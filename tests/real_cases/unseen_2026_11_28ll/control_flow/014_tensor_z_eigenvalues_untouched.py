"""SS-HOPM tensor Z-eigenvalue solver: convergence test done with `jnp.where` inside `lax.fori_loop`, `if key is None` static.

source: jaxctrl tensor-eigenvalue module ("Tensor eigenvalue solvers for supersymmetric tensors", `# Copyright 2024 jaxctrl contributors`; tensor_power_method, z_eigenvalues, h_eigenvalues, spectral_radius) in the public code index (code-index file id 53066631274). The index does not name the repository or commit.
error: none
category: lookalike-convergence-where
expect: untouched
notes: z_eigenvalues is verbatim with its `@functools.partial(jax.jit, static_argnums=(1, 2, 3, 4))` decorator; it is bound to `f`. `from jaxctrl._tensor_ops import tensor_contract` is replaced by a small stand-in that contracts x into the given modes with jnp.tensordot, and the jaxtyping annotations are kept through a tiny local stand-in for Array/Float/PRNGKeyArray (jaxtyping is not installed); the module's `from __future__ import annotations` is dropped because the case file's own docstring precedes the user code. Looks leaky (a power method with `converged = jnp.abs(lam_new - lam_prev) < tol`, `if key is None`, a Python tuple of modes) but every data-dependent choice is a jnp.where / fori_loop / scan and the rest is static: nothing may change. Inputs are two well-separated rank-one terms plus small symmetric noise (and tol=0.0, so the 60 iterations run to float32 precision; with a positive tol the `converged` freeze fires as soon as the eigenvalue stalls in float32 while the eigenvector is still ~1e-3 off, at a different iteration eagerly and under jit), with one restart so that eager and jitted runs cannot pick different restarts on a near-tie.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools
from typing import Optional

import jax
import jax.numpy as jnp


class _Annot:  # stand-in for jaxtyping's Array / Float / PRNGKeyArray
    def __getitem__(self, item):
        return jax.Array


Array = jax.Array
Float = _Annot()
PRNGKeyArray = jax.Array


def tensor_contract(T, x, modes):
    # stand-in for jaxctrl._tensor_ops.tensor_contract: contract x into each listed mode
    for m in sorted(modes, reverse=True):
        T = jnp.tensordot(T, x, axes=([m], [0]))
    return T


@functools.partial(jax.jit, static_argnums=(1, 2, 3, 4))
def z_eigenvalues(
    T: Float[Array, "..."],
    num_eigvals: int = 1,
    max_iters: int = 5000,
    tol: float = 1e-10,
    num_restarts: int = 8,
    key: Optional[PRNGKeyArray] = None,
) -> tuple[Float[Array, " k"], Float[Array, "k n"]]:
    """Compute Z-eigenvalues of a supersymmetric tensor.

    A scalar lam is a Z-eigenvalue with Z-eigenvector x if::

        T x x ... x = lam * x  and  ||x|| = 1

    The solver uses the SS-HOPM (shifted symmetric higher-order power
    method) from Kolda & Mayo (2011) with an orthogonal projection
    deflation strategy to extract multiple eigenpairs.

    **Deflation.**  After finding an eigenpair (lam_i, v_i), subsequent
    eigenpairs are found by running the power method with orthogonal
    projection that removes components along all previously found
    eigenvectors at each iteration.  This avoids the off-diagonal
    contamination that rank-1 tensor subtraction deflation can cause.

    Multiple random restarts are used per eigenpair to improve
    robustness.
    """
    n = T.shape[0]
    order = T.ndim

    if key is None:
        key = jax.random.PRNGKey(0)

    # Compute a safe shift from the Frobenius norm.
    frob = jnp.sqrt(jnp.sum(T ** 2))
    alpha = frob  # conservative positive shift

    contraction_modes = tuple(range(1, order))

    def _eigenvalue(x: Float[Array, " n"]) -> Float[Array, ""]:
        y = tensor_contract(T, x, contraction_modes)
        return jnp.dot(x, y)

    def _project_out(x, found_vecs, num_found):
        """Project x orthogonal to the first num_found rows of found_vecs."""
        def body_fn(i, x_cur):
            vi = found_vecs[i]
            # Only project if i < num_found (mask with where).
            coeff = jnp.dot(x_cur, vi)
            x_proj = x_cur - coeff * vi
            return jnp.where(i < num_found, x_proj, x_cur)
        return jax.lax.fori_loop(0, found_vecs.shape[0], body_fn, x)

    def _power_method_deflated(x0, found_vecs, num_found):
        """SS-HOPM with orthogonal projection against found eigenvectors."""
        def fori_body(i, carry):
            x, lam_prev = carry
            y = tensor_contract(T, x, contraction_modes)
            y = y + alpha * x
            # Project out previously found eigenvectors.
            y = _project_out(y, found_vecs, num_found)
            norm_y = jnp.linalg.norm(y)
            x_new = jnp.where(norm_y > 1e-14, y / norm_y, x)
            lam_new = _eigenvalue(x_new)
            converged = jnp.abs(lam_new - lam_prev) < tol
            x_out = jnp.where(converged, x, x_new)
            lam_out = jnp.where(converged, lam_prev, lam_new)
            return (x_out, lam_out)

        # Project initial vector orthogonal to found eigenvectors.
        x0 = _project_out(x0, found_vecs, num_found)
        norm_x0 = jnp.linalg.norm(x0)
        x0 = jnp.where(norm_x0 > 1e-14, x0 / norm_x0, x0)

        lam0 = _eigenvalue(x0)
        x_final, lam_final = jax.lax.fori_loop(
            0, max_iters, fori_body, (x0, lam0)
        )
        # Rayleigh quotient refinement.
        lam_final = _eigenvalue(x_final)
        return lam_final, x_final

    def _multi_restart_deflated(subkey, found_vecs, num_found):
        """Run multiple restarts and pick the result with largest |lambda|."""
        restart_keys = jax.random.split(subkey, num_restarts)

        def _single_restart(rkey):
            x0 = jax.random.normal(rkey, (n,))
            x0 = x0 / jnp.linalg.norm(x0)
            return _power_method_deflated(x0, found_vecs, num_found)

        all_lams, all_vecs = jax.vmap(_single_restart)(restart_keys)
        best_idx = jnp.argmax(jnp.abs(all_lams))
        return all_lams[best_idx], all_vecs[best_idx]

    def scan_body(carry, _):
        found_vecs, found_lams, num_found, key_cur = carry
        key_cur, subkey = jax.random.split(key_cur)

        lam, vec = _multi_restart_deflated(subkey, found_vecs, num_found)

        # Store the found eigenvector.
        found_vecs = found_vecs.at[num_found].set(vec)
        found_lams = found_lams.at[num_found].set(lam)
        num_found = num_found + 1

        return (found_vecs, found_lams, num_found, key_cur), (lam, vec)

    # Initialise storage for found eigenvectors.
    found_vecs_init = jnp.zeros((num_eigvals, n))
    found_lams_init = jnp.zeros(num_eigvals)
    num_found_init = jnp.array(0, dtype=jnp.int32)

    init_carry = (found_vecs_init, found_lams_init, num_found_init, key)
    _, (eigenvalues, eigenvectors) = jax.lax.scan(
        scan_body, init_carry, None, length=num_eigvals
    )

    # Sort by descending magnitude.
    sort_idx = jnp.argsort(-jnp.abs(eigenvalues))
    eigenvalues = eigenvalues[sort_idx]
    eigenvectors = eigenvectors[sort_idx]

    return eigenvalues, eigenvectors


f = z_eigenvalues
# --- end user code ---

import itertools

import numpy as np


def make_inputs(rng):
    n = 3
    Q, _ = np.linalg.qr(rng.normal(size=(n, n)))
    v, w = Q[:, 0], Q[:, 1]
    l1, l2 = rng.uniform(4.0, 6.0), rng.uniform(1.5, 2.5)
    A = 0.05 * rng.normal(size=(n, n, n))
    noise = sum(np.transpose(A, p) for p in itertools.permutations(range(3))) / 6.0
    T = l1 * np.einsum("i,j,k->ijk", v, v, v) + l2 * np.einsum("i,j,k->ijk", w, w, w) + noise
    key = None if rng.uniform() < 0.5 else np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    num_eigvals = int(rng.choice([1, 2]))
    return (T.astype(np.float32), num_eigvals, 60, 0.0, 1, key)


INPUTS = make_inputs
