"""2D Gaussian-splatting split-and-prune: traced if/elif/else whose branches return 2 rows, None, or 1 row.

source: belkakari/DrawingWithGaussians drawingwithgaussians/gaussian.py, an early JAX revision (functions split_gaussian and snp_single, used by split_n_prune under "# TODO: refactor into something vmapable"; index file id 11497145177, commit not resolved). The later revision (263c1a860bd84592a0626d87091d32517f8f8137) says the operation "changes the selected row count dynamically, so it materializes through NumPy"
error: TracerBoolConversionError
category: if-elif-dynamic-shape-none
expect: report
notes: split_gaussian and snp_single are verbatim. In the repository snp_single is called eagerly per
  gaussian from split_n_prune; the case jits it as `f`. The branches give different output shapes
  ((2, ...) after a split, (1, ...) when kept) or None (pruned), so no shape-stable rewrite of this
  function exists; a jit-safe version needs a different, masked design of the whole split_n_prune.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def split_gaussian(mean, covariance, color, rotmat, key, cov_scale=1.6):
    splitted_means = jax.random.multivariate_normal(key, mean, covariance, shape=(2,))
    splitted_covariances = jnp.concatenate([covariance, covariance]) / cov_scale
    splitted_colors = jnp.concatenate([color, color])
    splitted_rotmat = jnp.concatenate([rotmat, rotmat])
    return splitted_means, splitted_covariances, splitted_colors, splitted_rotmat


def snp_single(mean, cov, color, rotmat, grad_mean, key, grad_thr=2e-5):
    if jnp.linalg.norm(grad_mean) > grad_thr:
        mean, cov, color, rotmat = split_gaussian(mean, cov, color, rotmat, key)
        return mean.reshape(2, -1), cov.reshape(2, 2, 2), color.reshape(2, -1), rotmat.reshape(2, 2, 2)
    elif jnp.linalg.norm(color) < 0.15:
        return (None, None, None, None)
    else:
        return mean.reshape(1, 2), cov.reshape(1, 2, 2), color.reshape(1, -1), rotmat.reshape(1, 2, 2)


f = jax.jit(snp_single)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    mean = rng.uniform(0.0, 64.0, size=2).astype(np.float32)
    a = rng.normal(size=(2, 2))
    cov = (a @ a.T + np.eye(2)).astype(np.float32)
    color = rng.uniform(0.0, 1.0, size=3).astype(np.float32)
    th = rng.uniform(-np.pi, np.pi)
    rotmat = np.array([[np.cos(th), -np.sin(th)], [np.sin(th), np.cos(th)]], np.float32)
    grad_mean = (rng.normal(size=2) * 1e-5).astype(np.float32)
    key = rng.integers(0, 2**32 - 1, size=(2,), dtype=np.uint32)
    return (mean, cov, color, rotmat, grad_mean, key)


INPUTS = make_inputs
