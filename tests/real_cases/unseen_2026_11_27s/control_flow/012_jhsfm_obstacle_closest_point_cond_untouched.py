"""Closest point of polygonal obstacles to a pedestrian: clamping and min-tracking with lax.cond inside fori_loop and vmap.

source: TommasoVandermeer/JHSFM jhsfm/hsfm.py at 3011719f05ede699134ffa6edfa9d7f24707476f (compute_edge_closest_point, compute_obstacle_closest_point, vectorized_compute_obstacle_closest_point)
error: none
category: negative
expect: untouched
notes: the three definitions are verbatim (with the module's imports); the rest of the Headed Social Force Model step is omitted. Entry point `f = jit(vectorized_compute_obstacle_closest_point)`. Looks leaky (comparisons `t>0`, `dist < current_min_distance` on traced values, `len(obstacle)` as a loop bound) but the branches are lax.cond and the loop bound is a static shape.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import jit, vmap, lax, debug

@jit
def compute_edge_closest_point(reference_point:jnp.ndarray, edge:jnp.ndarray, current_closest_point:jnp.ndarray, current_min_distance:float):
    """
    This function computes the closest point of the edge to the reference point and confronts it with the current closest point and min dist to the obstacle.
    Finally it overweites the closest point and the min distance to the obstacle in the current ones.
    
    args:
    - reference_point: shape is (2,) in the form (px, py)
    - edge: shape is (2, 2) where each edge includes its two vertices (p1, p2) composed by two coordinates (x, y)
    - current_closest_point: shape is (2,) in the form (cx, cy)
    - current_min_distance: min distance to the current closest point

    output:
    - closest_points: shape is (2,) in the form (cx, cy)
    - min_distances: min distance to the closest point
    """
    a = edge[0]
    b = edge[1]
    t = (jnp.dot(reference_point - a, b - a)) / (jnp.linalg.norm(b - a) ** 2)
    t_lb = lax.cond(t>0,lambda x: x,lambda x: 0.,t)
    t_star = lax.cond(t_lb<1,lambda x: x,lambda x: 1.,t_lb)
    h = a + t_star * (b - a)
    dist = jnp.linalg.norm(h - reference_point)
    closest_point = lax.cond(dist < current_min_distance, lambda x: h, lambda x: x, current_closest_point)
    min_distance = lax.cond(dist < current_min_distance, lambda x: dist, lambda x: x, current_min_distance)
    return closest_point, min_distance

@jit
def compute_obstacle_closest_point(reference_point:jnp.ndarray, obstacle:jnp.ndarray) -> jnp.ndarray:
    """
    This function computes the closest point of the obstacle to the reference point
    
    args:
    - reference_point: shape is (2,) in the form (px, py)
    - obstacle: shape is (n_edges, 2, 2) where each obs contains one of its edges (min. 3 edges) and each edge includes its two vertices (p1, p2) composed by two coordinates (x, y)

    output:
    - closest_point: shape is (2,) in the form (cx, cy)
    """
    closest_point = jnp.zeros((2,))
    min_distance = jnp.float32(10000.)
    closest_point, min_distance = lax.fori_loop(0, len(obstacle), lambda i, vals: compute_edge_closest_point(reference_point, obstacle[i], vals[0], vals[1]), (closest_point, min_distance))
    return closest_point
vectorized_compute_obstacle_closest_point = vmap(compute_obstacle_closest_point, in_axes=(None, 0))


f = jit(vectorized_compute_obstacle_closest_point)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    point = rng.uniform(-3, 3, size=2).astype(np.float32)
    n_obs, n_edges = 3, 4
    centers = rng.uniform(-4, 4, size=(n_obs, 1, 2))
    angles = np.sort(rng.uniform(0, 2 * np.pi, size=(n_obs, n_edges)), axis=1)
    radii = rng.uniform(0.5, 1.5, size=(n_obs, n_edges, 1))
    verts = centers + radii * np.stack([np.cos(angles), np.sin(angles)], -1)
    obstacles = np.stack([verts, np.roll(verts, -1, axis=1)], axis=2).astype(np.float32)
    return (point, obstacles)


INPUTS = make_inputs
