"""cuequivariance naive segmented-polynomial `scatter`: `jnp.repeat` by traced counts with a static total length. Jit-safe.

source: NVIDIA/cuEquivariance, the JAX naive "indexed linear" executor (cuequivariance_jax segmented_polynomials module with Buffer, execute_indexed_linear, ein, scatter, gather; code-index file id 11686280052; a near-identical revision is code-index file id 41409073610)
error: none
category: negative
expect: untouched
notes: `scatter` verbatim. `IndexingMode` (cuequivariance_jax.segmented_polynomials.indexing_mode) is replaced by
  a small Enum stand-in with the three members the function names, and `indexing`
  (cuequivariance_jax.segmented_polynomials.utils) by a stub, because cuequivariance is not installed; the
  REPEATED branch exercised here does not call it. `f = jax.jit(scatter, static_argnums=(1, 2, 4))` with the
  buffer index, modes and batch sizes as tuples (they come from the static index configuration). The
  counts are traced, but `total_repeat_length` is static, `indices[bi[0]]` indexes a Python list with a
  static int, and `all(i < 0 for i in bi)`, `modes == ...` and the `assert` only see static values: nothing
  here needs a concrete traced value.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import enum

import jax
import jax.numpy as jnp


class IndexingMode(enum.Enum):
    """Stand-in for cuequivariance_jax.segmented_polynomials.indexing_mode.IndexingMode."""

    BATCHED_OR_SHARED = "batched_or_shared"
    INDEXED = "indexed"
    REPEATED = "repeated"


def indexing(bi, shape, indices):
    """Stand-in for cuequivariance_jax.segmented_polynomials.utils.indexing (not reached here)."""
    raise NotImplementedError


def scatter(
    x: jax.Array,
    bi: list[int],
    modes: list[IndexingMode],
    indices: list[jax.Array],
    batch_sizes: list[int],
) -> jax.Array:
    if all(i < 0 for i in bi):
        return x

    if modes == (IndexingMode.REPEATED,):
        counts = indices[bi[0]]
        return jnp.repeat(x, counts, axis=0, total_repeat_length=batch_sizes[0])

    assert all(
        mode in [IndexingMode.BATCHED_OR_SHARED, IndexingMode.INDEXED] for mode in modes
    )
    idx = indexing(bi, x.shape, indices)
    return x[idx]


f = jax.jit(scatter, static_argnums=(1, 2, 4))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    C, u, Z = 4, 3, 10
    x = rng.normal(size=(C, u)).astype(np.float32)  # one weight row per class
    counts = rng.multinomial(Z, np.ones(C) / C).astype(np.int32)  # class sizes, summing to Z
    other = rng.integers(0, Z, size=(Z,)).astype(np.int32)
    # every third trial takes the `all(i < 0 ...)` early return
    if rng.uniform() < 0.33:
        bi = (-1,)
    else:
        bi = (1,)
    return (x, bi, (IndexingMode.REPEATED,), [other, counts], (Z,))


INPUTS = make_inputs
