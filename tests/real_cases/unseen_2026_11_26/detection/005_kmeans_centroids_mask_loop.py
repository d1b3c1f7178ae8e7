"""k-means centroid update: a boolean mask `X[labels == j]` inside a loop over clusters.

source: https://github.com/secretflow/secretflow/issues/406 (MrCapricornLiu, "Weird jax operations in spu", method 1: `for j in range(n_clusters): centroids = centroids.at[j].set(X[labels == j].mean(axis=0))`)
error: NonConcreteBooleanIndexError
category: boolean-mask-in-loop
expect: fix
notes: the issue's loop verbatim, wrapped in the jitted update step it came from (X, labels and the current centroids as arguments; n_clusters read from the centroids' static shape). Inputs leave some clusters empty so the eager mean of an empty selection (NaN) is exercised.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(X, labels, centroids):
    n_clusters = centroids.shape[0]
    for j in range(n_clusters):
        centroids = centroids.at[j].set(X[labels == j].mean(axis=0))
    return centroids
# --- end user code ---

import numpy as np


def make_inputs(rng):
    X = rng.normal(size=(12, 2)).astype(np.float32)
    # sometimes a cluster gets no point at all
    labels = rng.integers(0, int(rng.choice([3, 4])), size=(12,)).astype(np.int32)
    centroids = rng.normal(size=(4, 2)).astype(np.float32)
    return (X, labels, centroids)


INPUTS = make_inputs


@jax.jit
def reference_fix(X, labels, centroids):
    onehot = labels[None, :] == jnp.arange(centroids.shape[0])[:, None]
    sums = jnp.where(onehot[:, :, None], X[None, :, :], 0.0).sum(axis=1)
    counts = onehot.sum(axis=1)[:, None]
    return sums / counts
