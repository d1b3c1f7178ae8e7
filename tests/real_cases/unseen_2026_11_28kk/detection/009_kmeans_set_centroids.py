"""KMeans.set_centroids: cluster count from labels.max(), bincount, `continue` on a traced count, mask means.

source: JAX "ML algorithms" module in the public code index (code-index file id 10125300455: classes PCA, KMeans (fit, train_step under `@staticmethod @jax.jit`, set_centroids left un-jitted), GaussianMixtureModel, BayesianInference, NaiveBayesClassifier, GaussianProcess; a type-annotated copy of the KMeans class is id 10570038856). The index does not name the repository.
error: TypeError
category: dynamic-shape
expect: report
notes: class KMeans verbatim (PCA and the other classes dropped); `f = jax.jit(KMeans.set_centroids)`
  added, as the author did for its sibling train_step. The number of centroids, `labels.max() + 1`, is
  read from the traced labels and used as a shape (JAX raises TypeError "Shapes must be 1D sequences of
  concrete values"); `jnp.bincount(labels)` has no static `length`, `if counts[label] == 0: continue`
  tests a traced count and `data[labels == label]` is a boolean-mask gather. The output's shape depends
  on the label values, so there is no faithful jit-safe rewrite without a static number of clusters:
  the leak should be reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import random
import numpy as np
import jax.numpy as jnp


class KMeans:
    """
    KMeans clustering algorithm using JAX for efficient computation.
    """
    def __init__(self, k, epochs=1):
        """
        Initialize the KMeans object.

        Args:
            k (int): Number of clusters.
            epochs (int): Number of training epochs. Default is 1.
        """
        self.k = k
        self.epochs = epochs

    def fit(self, data):
        """
        Fit the KMeans model to the given data.

        Args:
            data (list or array): Input data for clustering.

        Returns:
            tuple: A tuple containing the data and assigned cluster labels.
        """
        data = jnp.array(data)
        centroids = jnp.array([random.choice(data) for _ in range(self.k)])
        labels = jnp.zeros(data.shape[0], dtype=jnp.int32)

        for _ in range(self.epochs):
            labels = self.train_step(data, centroids)
            centroids = self.set_centroids(data, labels)

        return data, labels

    @staticmethod
    @jax.jit
    def train_step(data, centroids):
        """
        Perform a single training step of the KMeans algorithm.

        Args:
            data (array): Input data.
            centroids (array): Current cluster centroids.

        Returns:
            array: Cluster labels for each data point.
        """
        distances = jnp.linalg.norm(data[:, None, :] - centroids, axis=2)
        labels = jnp.argmin(distances, axis=1)
        return labels

    @staticmethod
    def set_centroids(data, labels):
        """
        Update cluster centroids based on data and labels.

        Args:
            data (array): Input data.
            labels (array): Cluster labels for each data point.

        Returns:
            array: Updated cluster centroids.
        """
        centroids = jnp.zeros((labels.max() + 1, data.shape[1]))
        counts = jnp.bincount(labels)

        for label in range(centroids.shape[0]):
            if counts[label] == 0:
                continue
            cluster_data = data[labels == label]
            mean = jnp.mean(cluster_data, axis=0)
            centroids = centroids.at[label].set(mean)

        return centroids


f = jax.jit(KMeans.set_centroids)
# --- end user code ---


def make_inputs(rng):
    n, d, k = 20, 2, 4
    data = rng.normal(size=(n, d)).astype(np.float32)
    labels = rng.integers(0, k, size=(n,)).astype(np.int32)
    labels[labels == 1] = 2  # leave an empty cluster so the `continue` branch runs
    return (data, labels)


INPUTS = make_inputs
