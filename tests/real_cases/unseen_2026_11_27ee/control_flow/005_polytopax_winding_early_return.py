"""polytopax 2D point-in-hull: a loop over hull edges with a traced `if` and an early `return jnp.array(True)`.

source: lv416e/polytopax polytopax/operations/predicates.py at 76840aecc6f1648d69987377a84cf083fe4a4eea (_point_in_hull_2d_robust; another stored revision of the same file is code-index file id 12524567491)
error: TracerBoolConversionError
category: for-loop-early-return / nested-if-on-traced
expect: fix
notes: _point_in_hull_2d_robust verbatim. The module jits its entry point (`point_in_convex_hull_jit =
  jax.jit(point_in_convex_hull, static_argnames=["method"])`), which reaches this function through
  _point_in_hull_halfspace for 2-D hulls; here `f = jax.jit(_point_in_hull_2d_robust)` is added directly, and the
  module's `HullVertices` type alias is replaced by `HullVertices = Array`. The loop bound (number of vertices) is a
  static shape, but `if jnp.linalg.norm(edge_vec) > 1e-12` and `if distance_to_edge <= tolerance: return ...` need
  concrete values. Inputs: convex polygons (5-8 vertices, shuffled) with the query point inside, outside or exactly
  on an edge midpoint, so the early return fires in some trials.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import Array

HullVertices = Array


def _point_in_hull_2d_robust(point: Array, hull_vertices: HullVertices, tolerance: float) -> Array:
    """Robust 2D point-in-polygon test using winding number."""
    n_vertices = hull_vertices.shape[-2]

    if n_vertices < 3:
        # Degenerate case
        distances = jnp.linalg.norm(hull_vertices - point, axis=-1)
        return jnp.min(distances) <= tolerance

    # Sort vertices by angle to ensure proper order
    centroid = jnp.mean(hull_vertices, axis=-2)
    centered_vertices = hull_vertices - centroid
    angles = jnp.arctan2(centered_vertices[:, 1], centered_vertices[:, 0])
    sorted_indices = jnp.argsort(angles)
    sorted_vertices = hull_vertices[sorted_indices]

    # Use winding number algorithm
    winding_number = jnp.array(0.0)

    for i in range(n_vertices):
        v1 = sorted_vertices[i] - point
        v2 = sorted_vertices[(i + 1) % n_vertices] - point

        # Check if point is on edge (within tolerance)
        edge_vec = v2 - v1
        if jnp.linalg.norm(edge_vec) > 1e-12:
            # Project point onto edge
            t = jnp.dot(-v1, edge_vec) / jnp.dot(edge_vec, edge_vec)
            t = jnp.clip(t, 0.0, 1.0)
            closest_point = v1 + t * edge_vec
            distance_to_edge = jnp.linalg.norm(closest_point)

            if distance_to_edge <= tolerance:
                return jnp.array(True)

        # Compute contribution to winding number
        cross_product = v1[0] * v2[1] - v1[1] * v2[0]
        dot_product = jnp.dot(v1, v2)

        angle = jnp.arctan2(cross_product, dot_product)
        winding_number += angle

    # Point is inside if winding number is close to ±2π
    abs_winding = jnp.abs(winding_number)
    return abs_winding > jnp.pi  # Threshold for "inside"


f = jax.jit(_point_in_hull_2d_robust)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = int(rng.integers(5, 9))
    angles = np.sort(rng.uniform(0, 2 * np.pi, n))
    radius = rng.uniform(0.5, 2.0)
    center = rng.uniform(-1.0, 1.0, 2)
    verts = center + radius * np.stack([np.cos(angles), np.sin(angles)], axis=1)
    kind = rng.integers(0, 3)
    if kind == 0:      # inside: a convex combination of the vertices
        w = rng.dirichlet(np.ones(n))
        point = w @ verts
    elif kind == 1:    # outside
        d = rng.uniform(0, 2 * np.pi)
        point = center + 3.0 * radius * np.array([np.cos(d), np.sin(d)])
    else:              # on an edge
        i = int(rng.integers(0, n))
        point = 0.5 * (verts[i] + verts[(i + 1) % n])
    verts = verts[rng.permutation(n)]
    tolerance = np.float32(10 ** rng.uniform(-4, -2))
    return (point.astype(np.float32), verts.astype(np.float32), tolerance)


INPUTS = make_inputs


@jax.jit
def reference_fix(point, hull_vertices, tolerance):
    centroid = jnp.mean(hull_vertices, axis=-2)
    centered_vertices = hull_vertices - centroid
    angles = jnp.arctan2(centered_vertices[:, 1], centered_vertices[:, 0])
    sorted_vertices = hull_vertices[jnp.argsort(angles)]
    v1 = sorted_vertices - point
    v2 = jnp.roll(sorted_vertices, -1, axis=0) - point
    edge_vec = v2 - v1
    edge_ok = jnp.linalg.norm(edge_vec, axis=-1) > 1e-12
    denom = jnp.where(edge_ok, jnp.sum(edge_vec * edge_vec, axis=-1), 1.0)
    t = jnp.clip(jnp.sum(-v1 * edge_vec, axis=-1) / denom, 0.0, 1.0)
    closest_point = v1 + t[:, None] * edge_vec
    on_edge = jnp.any(edge_ok & (jnp.linalg.norm(closest_point, axis=-1) <= tolerance))
    cross_product = v1[:, 0] * v2[:, 1] - v1[:, 1] * v2[:, 0]
    dot_product = jnp.sum(v1 * v2, axis=-1)
    winding_number = jnp.sum(jnp.arctan2(cross_product, dot_product))
    return on_edge | (jnp.abs(winding_number) > jnp.pi)
