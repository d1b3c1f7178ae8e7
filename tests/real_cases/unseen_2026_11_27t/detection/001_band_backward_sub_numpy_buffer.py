"""Banded triangular solve under @jax.jit that builds its result in a NumPy buffer and rolls rows with np.roll.

source: code-search index file id 12961969908 (a JAX banded-matrix module: `bandwidth`, `to_band`, `permute`, `to_symm_full`, `to_ltri_full`, `to_utri_full`, `to_lower`, `to_upper`, `cholesky`, `backward_sub`, `forward_sub`, each with a `# TODO: make this jittable` on the NumPy parts); the index does not name the repository. A later stored revision of the same module (file id 13479195636) is the jittable rewrite: `to_upper` becomes `jnp.flipud(jnp.array([jnp.roll(row, i) ...]))` and the substitution loop becomes a `jax.lax.fori_loop` over `x.at[i + p].set(...)` on `jnp.zeros(n + p)`.
error: TracerArrayConversionError
category: numpy_on_tracer
expect: fix
notes: `to_upper` and `backward_sub` verbatim from the early revision, with the other (still empty) stubs of the module dropped. One change: the early revision calls `jax.lax.cond(lower, to_upper, lambda band: band)` without an operand, which raises a TypeError before any tracer problem; the operand `band` is added, as the later revision does. `f = backward_sub` is the entry point (already `@jax.jit`). Two leaks: `np.roll`/`np.array` on the traced rows inside the `lax.cond` branch helper, and item assignment of traced values into the NumPy buffer `x` inside the Python loop (the loop itself is over the static `n`).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def to_upper(band):
    """
    ## Parameters

    - `band`: A (p x n) band in lower-diagonal ordered form.
    """

    # TODO: make this jittable
    band = np.array([np.roll(row, i) for i, row in enumerate(band)])
    return np.flip(band, 0)


@jax.jit
def backward_sub(band, rhs, lower=True):
    """
    Solves `L @ x = b`, where `L = to_ltri_full(band, lower)` and `b = rhs`.

    ## Parameters

    - `band`: A (p x n) band.
    - `rhs`: The right-hand side of the system of linear equations.
    - `lower`: Whether `band` is in lower-diagonal ordered form.
    """

    band = jax.lax.cond(lower, to_upper, lambda band: band, band)

    # TODO: make this jittable

    p = band.shape[0] - 1
    n = band.shape[1]

    x = np.zeros(n + p)

    for i in range(n):
        x[i + p] = (rhs[i] - x[i : (i + p + 1)] @ band[:, i]) / band[p, i]

    return x[p:]


f = backward_sub
# --- end user code ---

import numpy as np


def make_inputs(rng):
    p, n = 2, 7
    band = rng.uniform(0.1, 0.5, size=(p + 1, n)).astype(np.float32)
    band[0] += 2.0   # the diagonal in lower-diagonal ordered form
    band[p] += 2.0   # the diagonal in upper-diagonal ordered form
    rhs = rng.normal(size=(n,)).astype(np.float32)
    lower = bool(rng.integers(0, 2))
    return (band, rhs, lower)


INPUTS = make_inputs


def _to_upper_fixed(band):
    return jnp.flip(jnp.stack([jnp.roll(row, i) for i, row in enumerate(band)]), 0)


@jax.jit
def reference_fix(band, rhs, lower=True):
    band = jax.lax.cond(lower, _to_upper_fixed, lambda band: band, band)
    p = band.shape[0] - 1
    n = band.shape[1]
    x = jnp.zeros(n + p, dtype=band.dtype)
    for i in range(n):
        x = x.at[i + p].set((rhs[i] - x[i : (i + p + 1)] @ band[:, i]) / band[p, i])
    return x[p:]
