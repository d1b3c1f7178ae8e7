"""metrax P@K indexes with `jnp.minimum(ks - 1, vocab_size - 1)`: a traced integer-array index, which is fine.

source: google/metrax src/metrax/ranking_metrics.py, revision after https://github.com/google/metrax/pull/72 ("add precisionAtK to metrax"); stored revision = code-index file id 31417138697 (`PrecisionAtK.precision_at_ks`)
error: none
category: negative-traced-gather-static-size
expect: untouched
notes: `PrecisionAtK.precision_at_ks` verbatim. The class was a `flax.struct.dataclass` deriving from
  `metrax.base.Average` (flax is not installed; the classmethod touches no field, so it is a plain class here);
  `base.divide_no_nan` is inlined as in metrax/base.py. metrax jits its metrics in metrax_test.py; here
  `f = jax.jit(PrecisionAtK.precision_at_ks)`. Look-alike points: `vocab_size` comes from `.shape` (static);
  `relevant_by_rank[:, <traced int array>]` is an advanced-indexing gather with a static result shape, not a
  slice bound; `jnp.minimum(ks, vocab_size)` mixes a tracer with a static int.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def divide_no_nan(x, y):
  """Computes a safe divide which returns 0 if the y is zero."""
  return jnp.where(y != 0, jnp.divide(x, jnp.where(y != 0, y, 1)), 0.0)


class PrecisionAtK:
  r"""Computes P@k (precision at k) metrics in JAX.

  Precision at k (P@k) is a metric that measures the proportion of
  relevant items found in the top k recommendations.
  """

  @classmethod
  def precision_at_ks(
      cls, predictions: jax.Array, labels: jax.Array, ks: jax.Array
  ) -> jax.Array:
    """Computes P@k (precision at k) metrics for each of k in ks.

    Args:
      predictions: A floating point 2D array representing the prediction
        scores from the model. Higher scores indicate higher relevance. The
        shape should be (batch_size, vocab_size).
      labels: A multi-hot encoding (0 or 1) of the true labels. The shape should
        be (batch_size, vocab_size).
      ks: A 1D array of integers representing the k's to compute the P@k
        metrics. The shape should be (|ks|).

    Returns:
      A rank-2 array of shape (batch_size, |ks|) containing P@k metrics.
    """
    labels = jnp.array(labels >= 1, dtype=jnp.float32)
    indices_by_rank = jnp.argsort(-predictions, axis=1)
    labels_by_rank = jnp.take_along_axis(labels, indices_by_rank, axis=1)
    relevant_by_rank = jnp.cumsum(labels_by_rank, axis=1)

    vocab_size = predictions.shape[1]
    relevant_at_k = relevant_by_rank[:, jnp.minimum(ks - 1, vocab_size - 1)]
    total_at_k = jnp.minimum(ks, vocab_size)
    return divide_no_nan(relevant_at_k, total_at_k)


f = jax.jit(PrecisionAtK.precision_at_ks)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    batch, vocab = 5, 8
    predictions = rng.normal(size=(batch, vocab)).astype(np.float32)
    labels = (rng.uniform(size=(batch, vocab)) < 0.35).astype(np.float32)
    labels[0] = 0.0
    ks = np.array([1, 3, 5, 8, 12], dtype=np.int32)  # 12 > vocab: clipped by jnp.minimum
    rng.shuffle(ks)
    return (predictions, labels, ks)


INPUTS = make_inputs
