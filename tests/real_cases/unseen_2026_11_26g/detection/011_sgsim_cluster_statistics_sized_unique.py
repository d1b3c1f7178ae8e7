"""Cluster analysis that looks data-dependent but is shape-static: sized `jnp.unique`, static loops, scan length.

source: aakashxtha/sgsim sgsim/analysis.py (stored revision; the index lists commit babeb869de7eb7c574eddd8f10242653fbe43c92 for the path) (`detect_clusters`, `cluster_statistics`, `compute_density_profile`)
error: none
category: negative / sized-unique + static-loops
expect: untouched
notes: the three functions are verbatim (docstrings shortened). The module says "JIT-compatible where possible" but calls them eagerly from its scripts; `f` jits the analysis pipeline of the project's multicomponent script (detect clusters, cluster statistics, density profile). Look-alikes: `jnp.unique(labels, size=n, fill_value=-1)` (sized), `for i in range(n)` over the static particle count, `lax.scan(..., length=max_iterations)` with a Python default, `axes.remove(axis)` on a static default axis.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def detect_clusters(
    positions: jnp.ndarray,
    box_size: jnp.ndarray,
    cutoff: float = 5.0,
    max_iterations: int = 50,
) -> jnp.ndarray:
    """Detect clusters via iterative label propagation."""
    n = positions.shape[0]

    # Build adjacency: within cutoff and not self
    dr = positions[:, None, :] - positions[None, :, :]
    dr = dr - box_size * jnp.round(dr / box_size)
    dist = jnp.sqrt(jnp.sum(dr ** 2, axis=-1) + 1e-10)
    adj = (dist < cutoff) & (~jnp.eye(n, dtype=bool))

    # Initialize labels
    labels = jnp.arange(n, dtype=jnp.int32)

    def propagate_step(labels, _):
        # For each particle, take minimum label among self + neighbors
        # Replace non-neighbor labels with large sentinel
        neighbor_labels = jnp.where(adj, labels[None, :], n)  # (N, N)
        min_neighbor = jnp.min(neighbor_labels, axis=-1)  # (N,)
        new_labels = jnp.minimum(labels, min_neighbor)
        return new_labels, None

    labels, _ = jax.lax.scan(propagate_step, labels, None, length=max_iterations)

    return labels


def cluster_statistics(
    labels: jnp.ndarray,
    positions: jnp.ndarray,
    box_size: jnp.ndarray,
    particle_types: jnp.ndarray,
) -> dict:
    """Compute statistics for detected clusters."""
    n = labels.shape[0]
    unique_labels = jnp.unique(labels, size=n, fill_value=-1)

    # Count size of each cluster
    sizes = jnp.zeros(n, dtype=jnp.int32)
    for i in range(n):
        mask = (labels == unique_labels[i])
        sizes = sizes.at[i].set(jnp.sum(mask))

    # Filter out empty clusters (fill_value=-1)
    valid = sizes > 0
    n_clusters = jnp.sum(valid)
    sorted_sizes = jnp.sort(sizes)[::-1]

    largest = sorted_sizes[0]
    fraction = largest / n

    return {
        "n_clusters": n_clusters,
        "largest_cluster_size": largest,
        "largest_cluster_fraction": fraction,
        "cluster_sizes": sorted_sizes,
    }


def compute_density_profile(
    positions: jnp.ndarray,
    box_size: jnp.ndarray,
    n_bins: int = 50,
    axis: int = 0,
) -> tuple:
    """Compute 1D density profile along an axis."""
    L = box_size[axis]
    bin_edges = jnp.linspace(0, L, n_bins + 1)
    bin_centers = 0.5 * (bin_edges[:-1] + bin_edges[1:])
    bin_width = L / n_bins

    # Cross-sectional area
    axes = [0, 1, 2]
    axes.remove(axis)
    area = box_size[axes[0]] * box_size[axes[1]]
    slab_volume = area * bin_width

    coords = positions[:, axis]
    hist = jnp.zeros(n_bins)
    for i in range(n_bins):
        in_bin = (coords >= bin_edges[i]) & (coords < bin_edges[i + 1])
        hist = hist.at[i].set(jnp.sum(in_bin))

    density = hist / slab_volume

    return bin_centers, density


@jax.jit
def f(positions, box_size, particle_types):
    labels = detect_clusters(positions, box_size)
    stats = cluster_statistics(labels, positions, box_size, particle_types)
    centers, density = compute_density_profile(positions, box_size, n_bins=8)
    return labels, stats, centers, density
# --- end user code ---

import numpy as np


def make_inputs(rng):
    box = np.array([20.0, 20.0, 20.0], dtype=np.float32)
    positions = rng.uniform(0.0, 20.0, size=(12, 3)).astype(np.float32)
    types = rng.integers(0, 3, size=12).astype(np.int32)
    return (positions, box, types)


INPUTS = make_inputs
