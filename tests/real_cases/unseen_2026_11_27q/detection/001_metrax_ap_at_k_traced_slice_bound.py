"""metrax AP@K before it was made jittable: slice bounds taken from a traced `ks` array.

source: google/metrax src/metrax/ranking_metrics.py before https://github.com/google/metrax/pull/59 ("make ap@k jittable"; the PR "removes an optimization which used to slice the given label/prediction by the maximum k"); stored pre-fix revision = code-index file id 8130263335
error: IndexError
category: traced-slice-bound
expect: fix
notes: Under jit the first failure is IndexError "Slice entries must be static integers" for `[:, : jnp.max(ks)]`; `cumulative_precision[:k]` for each traced k fails the same way. `AveragePrecisionAtK.average_precision_at_ks` is verbatim (docstring shortened). The class was a
  `flax.struct.dataclass` deriving from `metrax.base.Average`; flax is not installed, so it is a plain class
  here (the classmethod does not touch any field). `base.divide_no_nan` is inlined as in metrax/base.py.
  `f` jits the classmethod, as the PR's test does (`jax.jit(metrax.AveragePrecisionAtK.from_model_output)`
  reaches the same code). The reference fix is the post-PR code (mask with `jnp.arange(n) < k`).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def divide_no_nan(x, y):
  """Computes a safe divide which returns 0 if the y is zero."""
  return jnp.where(y != 0, jnp.divide(x, jnp.where(y != 0, y, 1)), 0.0)


class AveragePrecisionAtK:
  r"""Computes AP@k (average precision at k) metrics in JAX."""

  @classmethod
  def average_precision_at_ks(
      cls, predictions: jax.Array, labels: jax.Array, ks: jax.Array
  ):
    """Computes AP@k (average precision at k) metrics for each of k in ks.

    Args:
      predictions: A floating point 2D vector representing the prediction
        generated from the model. The shape should be (batch_size, vocab_size).
      labels: A multi-hot encoding of the true label. The shape should be
        (batch_size, vocab_size).
      ks: A 1D vector of integers representing the k's to compute the MAP@k
        metrics. The shape should be (|ks|).

    Returns:
      Rank-2 tensor of shape [batch, |ks|] containing AP@k metrics.
    """
    top_k_indices = jnp.argsort(-predictions, axis=1)[:, : jnp.max(ks)]
    labels = jnp.array(labels >= 1, dtype=jnp.float32)
    total_relevant = labels.sum(axis=1)

    def compute_ap_at_k_single(relevant_labels, total_relevant, ks):
      cumulative_precision = jnp.where(
          relevant_labels,
          divide_no_nan(
              jnp.cumsum(relevant_labels),
              jnp.arange(1, len(relevant_labels) + 1),
          ),
          0,
      )
      return jnp.array([
          divide_no_nan(jnp.sum(cumulative_precision[:k]), total_relevant)
          for k in ks
      ])

    vmap_compute_ap_at_k = jax.vmap(
        compute_ap_at_k_single, in_axes=(0, 0, None), out_axes=0
    )

    ap_at_ks = vmap_compute_ap_at_k(
        jnp.take_along_axis(labels, top_k_indices, axis=1), total_relevant, ks
    )
    return ap_at_ks


f = jax.jit(AveragePrecisionAtK.average_precision_at_ks)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    batch, vocab = 5, 8
    predictions = rng.normal(size=(batch, vocab)).astype(np.float32)
    labels = (rng.uniform(size=(batch, vocab)) < 0.35).astype(np.float32)
    labels[0] = 0.0  # no relevant item: divide_no_nan branch
    labels[1, :] = 1.0
    ks = np.array([1, 2, 3, 5, 8], dtype=np.int32)
    rng.shuffle(ks)
    return (predictions, labels, ks)


INPUTS = make_inputs


@jax.jit
def reference_fix(predictions, labels, ks):
    indices_by_rank = jnp.argsort(-predictions, axis=1)
    labels = jnp.array(labels >= 1, dtype=jnp.float32)
    total_relevant = labels.sum(axis=1)

    def compute_ap_at_k_single(relevant_labels, total_relevant, ks):
        cumulative_precision = jnp.where(
            relevant_labels,
            divide_no_nan(
                jnp.cumsum(relevant_labels),
                jnp.arange(1, len(relevant_labels) + 1),
            ),
            0,
        )
        return jnp.array([
            divide_no_nan(
                jnp.sum(
                    jnp.where(
                        jnp.arange(cumulative_precision.shape[0]) < k,
                        cumulative_precision,
                        0.0,
                    )
                ),
                total_relevant,
            )
            for k in ks
        ])

    vmap_compute_ap_at_k = jax.vmap(
        compute_ap_at_k_single, in_axes=(0, 0, None), out_axes=0
    )
    return vmap_compute_ap_at_k(
        jnp.take_along_axis(labels, indices_by_rank, axis=1), total_relevant, ks
    )
