"""Morphomatics' Kabsch/Procrustes `align`: `if jnp.linalg.det(R) < 0:` flips the rotation on a traced determinant.

source: morphomatics/morphomatics morphomatics/manifold/util.py at cb4e8b843d6323beed54f18a8a34293d5959f3e4 (align)
error: TracerBoolConversionError
category: if-on-traced-determinant
expect: fix
notes: `align` is verbatim (an earlier revision of the same module held in the code index, file id 22109482542, has the identical body); it is still a plain Python `if` in this revision, the library calls it eagerly from `generalized_procrustes`; only the imports it needs are kept and `f = jax.jit(align)` is added. The correct jit-safe form is a select between the two rotations (`jnp.where(jnp.linalg.det(R) < 0, R_reflected, R)`).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def align(src, ref):
    """ (Constrained) Procrustes alignment of src to ref using Kabsch algorithm
    :arg src: n-by-3 array of vertex coordinates of source object
    :arg ref: n-by-3 array of vertex coordinates of reference
    :returns: aligned coords.
    """
    n = len(ref)
    # cross-covariance matrix
    c_s = src.mean(axis=0)
    c_r = ref.mean(axis=0)
    xCov = (ref.T @ src) / n - jnp.outer(c_r, c_s)
    # optimal rotation
    U, S, Vt = jnp.linalg.svd(xCov)
    R = Vt.T @ U.T
    if jnp.linalg.det(R) < 0:
        R = Vt.T @ np.diag([1, 1, -1]) @ U.T
    # return aligned coords.
    return src @ R + (c_r - c_s @ R)


f = jax.jit(align)
# --- end user code ---


def make_inputs(rng):
    n = 12
    src = rng.normal(size=(n, 3))
    # random proper rotation
    q, _ = np.linalg.qr(rng.normal(size=(3, 3)))
    if np.linalg.det(q) < 0:
        q[:, 0] = -q[:, 0]
    ref = src @ q + rng.normal(size=(1, 3)) + 0.05 * rng.normal(size=(n, 3))
    if rng.uniform() < 0.5:
        # mirrored reference: the unconstrained optimum is a reflection, so det(R) < 0
        ref = ref * np.array([1.0, 1.0, -1.0])
    return (src.astype(np.float32), ref.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(src, ref):
    n = len(ref)
    c_s = src.mean(axis=0)
    c_r = ref.mean(axis=0)
    xCov = (ref.T @ src) / n - jnp.outer(c_r, c_s)
    U, S, Vt = jnp.linalg.svd(xCov)
    R = Vt.T @ U.T
    R = jnp.where(jnp.linalg.det(R) < 0, Vt.T @ np.diag([1, 1, -1]) @ U.T, R)
    return src @ R + (c_r - c_s @ R)
