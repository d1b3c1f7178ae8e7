"""MNIST k-means `update_centroids`: per-cluster `if jnp.sum(mask) == 0` and `X[mask]` inside a loop over clusters.

source: k-means MNIST project script in the public code index (code-index file id 38389990178; imports shared_lib.random_utils.infinite_safe_keys_from_key, shared_lib.datasets.load_supervised_image and projects.kmeans.visualize; functions init, compute_distances, assign_to_cluster, assign_batch_to_clusters, update_centroids, compute_inertia, ...). The index does not name the repository or commit.
error: NonConcreteBooleanIndexError
category: helper-bool-of-traced-in-if
expect: fix
notes: update_centroids and the module constant K = 10 verbatim. The sibling helpers in the same file are decorated with @jax.jit (compute_distances, assign_to_cluster, even compute_cluster_distances_vectorized), and the k-means loop calls update_centroids once per iteration on device arrays, so it is jitted here as `f = jax.jit(update_centroids)`. Under jit `X[mask]` (computed before the test) is a data-dependent shape and raises first, and the emptiness test `jnp.sum(mask) == 0` right after it is a traced bool; the loop over K is static. Local fix: masked sum / count with jnp.where for empty clusters (zeros, as the original).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import Array
import jax.numpy as jnp

K = 10


def update_centroids(X: Array, assignments: Array) -> Array:
    """Update centroids based on cluster assignments"""
    new_centroids = []
    
    for k in range(K):
        # Find all points assigned to cluster k
        mask = assignments == k
        cluster_points = X[mask]
        
        # If cluster has no points, keep old centroid
        if jnp.sum(mask) == 0:
            # Use zero vector if no points (will be handled below)
            new_centroid = jnp.zeros(X.shape[1])
        else:
            # Compute mean of assigned points
            new_centroid = jnp.mean(cluster_points, axis=0)
        
        new_centroids.append(new_centroid)
    
    return jnp.stack(new_centroids)


f = jax.jit(update_centroids)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    X = rng.uniform(0.0, 1.0, size=(64, 12)).astype(np.float32)
    # only some clusters are populated, so the empty-cluster branch runs too
    used = rng.choice(K, size=int(rng.integers(3, 9)), replace=False)
    assignments = rng.choice(used, size=(64,)).astype(np.int32)
    return (X, assignments)


INPUTS = make_inputs


@jax.jit
def reference_fix(X, assignments):
    onehot = assignments[None, :] == jnp.arange(K)[:, None]          # (K, n)
    counts = jnp.sum(onehot, axis=1)
    sums = jnp.sum(jnp.where(onehot[:, :, None], X[None, :, :], 0.0), axis=1)
    means = sums / jnp.maximum(counts, 1)[:, None]
    return jnp.where((counts == 0)[:, None], jnp.zeros_like(means), means)
