"""A clustering metric sizes `jnp.unique` with `int(jnp.max(labels)) + 1`; jitted with labels computed in the step.

source: avitai/calibrax src/calibrax/metrics/functional/clustering.py (stored revision; the index lists commit 339ced8ed2761839163dd17e9a5e8335d6383ac9 for the path) (`silhouette_score`, `_pairwise_distances`) and src/calibrax/metrics/_utils.py at 14921e4979227132366cccdee2dfab5035075e5a (`_EPSILON`)
error: ConcretizationTypeError
category: int-builtin-in-size-argument / data-dependent-shape
expect: report
notes: `silhouette_score` and `_pairwise_distances` are verbatim (docstrings shortened); `_EPSILON` copied from `_utils.py`. `f` is a jitted evaluation step written for the case: it assigns points to their nearest centroid and scores the clustering, so the labels are traced. The leak is `int(jnp.max(labels))` inside the `size=` argument of `jnp.unique`, one helper call below `f`; the number of clusters, and so the shape of every per-cluster array, depends on the data. Report: a rewrite needs a static bound on the number of clusters and masking of empty clusters, which changes the function's contract.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import Any

import jax
import jax.numpy as jnp

_EPSILON = 1e-8


def _pairwise_distances(features: Any) -> Any:
    """Compute pairwise Euclidean distance matrix."""
    diff = features[:, None, :] - features[None, :, :]
    return jnp.sqrt(jnp.sum(diff**2, axis=-1) + _EPSILON)


def silhouette_score(features: Any, labels: Any) -> Any:
    """Mean silhouette coefficient across all samples."""
    features = jnp.asarray(features, dtype=jnp.float32)
    labels = jnp.asarray(labels, dtype=jnp.int32)
    n = features.shape[0]

    distances = _pairwise_distances(features)
    unique_labels = jnp.unique(labels, size=int(jnp.max(labels)) + 1)
    n_clusters = unique_labels.shape[0]

    # Build per-cluster masks: (n_clusters, n)
    cluster_masks = labels[None, :] == unique_labels[:, None]
    cluster_sizes = jnp.sum(cluster_masks, axis=1)  # (n_clusters,)

    # Mean distance from each sample to each cluster: (n, n_clusters)
    dist_to_clusters = jnp.sum(distances[:, None, :] * cluster_masks[None, :, :], axis=2) / (
        cluster_sizes[None, :] + _EPSILON
    )

    # For own cluster: a_i (mean intra-cluster distance, excluding self)
    sample_cluster = jnp.argmax(cluster_masks[:, jnp.arange(n)].T, axis=1)  # (n,)
    own_sizes = cluster_sizes[sample_cluster]
    a_i = jnp.sum(distances * cluster_masks[sample_cluster], axis=1) / (own_sizes - 1 + _EPSILON)

    # b_i: min mean distance to any OTHER cluster
    own_mask = jnp.eye(n_clusters, dtype=bool)[sample_cluster]  # (n, n_clusters)
    other_dists = jnp.where(own_mask, jnp.inf, dist_to_clusters)
    b_i = jnp.min(other_dists, axis=1)
    b_i = jnp.where(jnp.isinf(b_i), 0.0, b_i)

    denom = jnp.maximum(a_i, b_i) + _EPSILON
    silhouettes = (b_i - a_i) / denom
    return jnp.mean(silhouettes)


@jax.jit
def f(features, centroids):
    d2 = jnp.sum((features[:, None, :] - centroids[None, :, :]) ** 2, axis=-1)
    labels = jnp.argmin(d2, axis=1)
    return silhouette_score(features, labels)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    centroids = rng.normal(scale=4.0, size=(3, 2)).astype(np.float32)
    features = (centroids[rng.integers(0, 3, size=12)] + rng.normal(size=(12, 2))).astype(np.float32)
    return (features, centroids)


INPUTS = make_inputs
