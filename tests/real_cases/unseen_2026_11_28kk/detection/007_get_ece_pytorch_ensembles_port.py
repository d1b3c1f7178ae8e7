"""get_ece, a JAX port of pytorch-ensembles' ECE metric: boolean-mask means and a traced `if` per bin.

source: JAX uncertainty-metrics module in the public code index (code-index file id 42705328200; header comment "From https://github.com/SamsungLabs/pytorch-ensembles/blob/master/metrics.py#L83", functions get_ece, get_tace, get_brier, get_brier_decomposition, get_confusion_matrix, mutual_information; an earlier revision without the `numpy`/`lax` imports is id 22545076715). The index does not name the repository.
error: TracerBoolConversionError
category: boolean-mask-indexing
expect: fix
notes: get_ece verbatim (the PyTorch original ported by swapping torch for jnp). Only get_ece is kept
  (the other metrics of the module are unrelated); `f = jax.jit(get_ece)` added as the entry point, n_bins
  keeps its default of 15. Under jit `if prop_in_bin > 0` is the first failure; `accuracies[in_bin]` and
  `confidences[in_bin]` are boolean-mask gathers with data-dependent length, and `avg_confs_in_bins`
  collects per-bin tracers (discarded). A jit-safe rewrite uses masked sums divided by the bin count.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as jnp
# From https://github.com/SamsungLabs/pytorch-ensembles/blob/master/metrics.py#L83
# The implementation of "Pitfalls of In-Domain Uncertainty Estimation and Ensembling in Deep Learning"
# arxiv: https://arxiv.org/abs/2002.06470
import numpy as np
import jax
from jax import lax


def get_ece(preds, targets, n_bins=15, **args):
    bin_boundaries = jnp.linspace(0, 1, n_bins + 1)
    bin_lowers = bin_boundaries[:-1]
    bin_uppers = bin_boundaries[1:]

    confidences, predictions = jnp.max(preds, 1), jnp.argmax(preds, 1)
    accuracies = (predictions == targets)

    ece = 0.0
    avg_confs_in_bins = []
    for bin_lower, bin_upper in zip(bin_lowers, bin_uppers):
        in_bin = jnp.logical_and(confidences > bin_lower, confidences <= bin_upper)
        prop_in_bin = jnp.mean(in_bin)
        if prop_in_bin > 0:
            accuracy_in_bin = jnp.mean(accuracies[in_bin])
            avg_confidence_in_bin = jnp.mean(confidences[in_bin])
            delta = avg_confidence_in_bin - accuracy_in_bin
            avg_confs_in_bins.append(delta)
            ece += jnp.abs(delta) * prop_in_bin
        else:
            avg_confs_in_bins.append(None)
    # For reliability diagrams, also need to return these:
    # return ece, bin_lowers, avg_confs_in_bins
    return ece


f = jax.jit(get_ece)
# --- end user code ---


def make_inputs(rng):
    n, c = 24, 4
    # peaked softmax outputs so that confidences spread over several bins and many bins stay empty
    logits = rng.normal(size=(n, c)) * rng.uniform(0.2, 4.0)
    preds = np.exp(logits) / np.exp(logits).sum(1, keepdims=True)
    targets = rng.integers(0, c, size=(n,))
    # make some predictions right and some wrong
    targets[: n // 2] = preds[: n // 2].argmax(1)
    return (preds.astype(np.float32), targets.astype(np.int32))


INPUTS = make_inputs


@jax.jit
def reference_fix(preds, targets):
    n_bins = 15
    bin_boundaries = jnp.linspace(0, 1, n_bins + 1)
    bin_lowers = bin_boundaries[:-1]
    bin_uppers = bin_boundaries[1:]
    confidences, predictions = jnp.max(preds, 1), jnp.argmax(preds, 1)
    accuracies = (predictions == targets)
    in_bin = (confidences[None, :] > bin_lowers[:, None]) & (confidences[None, :] <= bin_uppers[:, None])
    count = jnp.sum(in_bin, axis=1)
    prop_in_bin = jnp.mean(in_bin, axis=1)
    safe = jnp.maximum(count, 1)
    accuracy_in_bin = jnp.sum(jnp.where(in_bin, accuracies[None, :], 0.0), axis=1) / safe
    avg_confidence_in_bin = jnp.sum(jnp.where(in_bin, confidences[None, :], 0.0), axis=1) / safe
    delta = avg_confidence_in_bin - accuracy_in_bin
    return jnp.sum(jnp.where(prop_in_bin > 0, jnp.abs(delta) * prop_in_bin, 0.0))
