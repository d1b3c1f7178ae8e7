"""jnp.nonzero without `size` in a helper that also returns an `unmask` closure over the indices.

source: MariusZeinhofer/medclassx medclassx/mask_trafo.py (`mask_vector` with its nested `unmask`; found in the public code index, no commit id given)
error: ConcretizationTypeError
category: nonzero-without-size
expect: fix
notes: mask_vector is verbatim (docstrings shortened). The module's __main__ demo (mask, then unmask) is turned into the jitted `f`, which scales the kept entries in between; the round trip has the input's shape, so `jnp.where(vector_mask != 0, ...)` is a jit-safe rewrite, as is `jnp.nonzero(..., size=v.shape[0], fill_value=...)`. Inputs include all-zero and all-one masks.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def mask_vector(v, vector_mask):
    """Removes the entries of v that correspond to zeros of vector_mask.

    Returns the masked vector and a function that transforms the masked and
    shortened vector back to its original shape (masked fields become zero).
    """
    non_zero_idxs = jnp.nonzero(vector_mask)

    def unmask(w):
        """Transforms w back to the shape of v, padds masked fields with zero."""
        v_zeros = jnp.zeros_like(v)
        return v_zeros.at[non_zero_idxs].set(w)

    return v[non_zero_idxs], unmask


@jax.jit
def f(v, vector_mask, scale):
    w, unmask = mask_vector(v, vector_mask)
    return unmask(scale * w)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    v = rng.normal(size=(7,)).astype(np.float32)
    kind = rng.integers(0, 4)
    if kind == 0:
        mask = np.zeros(7, np.int32)
    elif kind == 1:
        mask = np.ones(7, np.int32)
    else:
        mask = rng.integers(0, 2, size=7).astype(np.int32)
    return v, mask, np.float32(rng.uniform(0.5, 2.0))


INPUTS = make_inputs


@jax.jit
def reference_fix(v, vector_mask, scale):
    return jnp.where(vector_mask != 0, scale * v, jnp.zeros_like(v))
