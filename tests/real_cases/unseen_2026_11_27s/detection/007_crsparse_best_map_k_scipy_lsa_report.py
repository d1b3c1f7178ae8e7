"""CR-Sparse clustering_error_k: SciPy's Hungarian `linear_sum_assignment` called on a traced confusion matrix.

source: carnotresearch/cr-sparse src/cr/sparse/_src/cluster/util.py (code-index file id 282630939, one of the eight stored revisions of that path; the index lists d7dc5ba70e86176825dfcccabf4cfd31e30967a5 for one of them): best_map_k, ClusteringError, clustering_error_k
error: TracerArrayConversionError
category: numpy-scipy-on-tracer-no-jax-equivalent
expect: report
notes: best_map_k, ClusteringError and clustering_error_k verbatim; dropped the other helpers of the module (sizes_from_labels, start_end_indices, labels_from_sizes, best_map, clustering_error) and the `cr.nimble` import they need. The docstring of best_map_k already says "TODO: Make this jittable by implementing linear_sum_assignment function." The confusion matrix is built jit-safely with `.at[...].add(1)`, but `linear_sum_assignment(-G)` converts the traced matrix with NumPy, and the returned column permutation then drives a Python loop. JAX has no Hungarian solver, so there is no local jit-safe rewrite; the leak should be reported (a host callback would change the program's structure). The case jits clustering_error_k with k static (it sets the matrix size).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import NamedTuple

import numpy as np
from scipy.optimize import linear_sum_assignment


from jax import jit
import jax.numpy as jnp


def best_map_k(true_labels, pred_labels, k):
    """Estimates the mapping  between true and estimated labels using Hungarian assignment for k clusters

    TODO: Make this jittable by implementing linear_sum_assignment function.
    """
    if len(true_labels) != len(pred_labels):
        raise ValueError("Number of labels must be same.")
    # prepare the cost matrix
    G = jnp.zeros((k, k), dtype=int)
    G = G.at[true_labels, pred_labels].add(1)
    # Run the Hungarian assignment algorithm
    rows, cols = linear_sum_assignment(-G)
    mapped_labels = jnp.zeros_like(pred_labels)
    for i in range(k):
        old_label = cols[i]
        new_label = i
        mapped_labels = mapped_labels.at[pred_labels == old_label].set(new_label)
    return mapped_labels, cols, G 


class ClusteringError(NamedTuple):
    """Error between true labels and predicted labels
    """
    true_labels: jnp.ndarray
    """True labels assigned to each data point"""
    pred_labels: jnp.ndarray
    """Predicted labels assigned to each data point"""
    mapped_labels: jnp.ndarray
    """Predicted labels after relabeling by assignment method"""
    mapping :  jnp.ndarray
    "Mapping of labels from true to predicted"
    num_missed: int
    """Number of points where the true labels and predicted labels don't match"""
    error: float
    """Relative error (0 to 1)"""
    error_perc: float
    """Relative error in percentage"""

    def __str__(self):
        s = []
        s.append(f'num_missed: {self.num_missed}, error: {self.error:.2f}, error_perc: {self.error_perc:.2f}')
        mapping = [f'{i}=>{v}' for (i, v) in enumerate(self.mapping) ]
        s.append(f'{self.mapping}')
        s.append(', '.join(mapping))
        return '\n'.join(s)


def clustering_error_k(true_labels, pred_labels, k):
    """Computes the clustering error between true labels and predicted labels for k clusters
    """
    num_labels = len(true_labels)
    mapped_labels, mapping, _ = best_map_k(true_labels, pred_labels, k)
    num_missed = jnp.sum(true_labels != mapped_labels)
    error = num_missed / num_labels
    error_perc = error * 100
    return ClusteringError(true_labels=true_labels, pred_labels=pred_labels,
        mapped_labels=mapped_labels, mapping=mapping, num_missed=num_missed, 
        error=error, error_perc=error_perc)


f = jit(clustering_error_k, static_argnums=(2,))
# --- end user code ---


def make_inputs(rng):
    k = 3
    true_labels = rng.integers(0, k, size=12).astype(np.int32)
    perm = rng.permutation(k)
    pred_labels = perm[true_labels].astype(np.int32)
    flip = rng.random(12) < 0.2
    pred_labels[flip] = rng.integers(0, k, size=int(flip.sum()))
    return (true_labels, pred_labels, k)


INPUTS = make_inputs
