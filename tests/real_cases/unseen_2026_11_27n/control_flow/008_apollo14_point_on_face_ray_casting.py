"""Ray-casting point-in-polygon with nested traced ifs toggling a Python bool, behind an early `return False`.

source: asaf-fourier/Apollo14 apollo14/geometry.py at 0ce05d3331535b41a42b1c28365518da5657b196 (normalize, compute_local_axes, point_in_polygon_2d) and apollo14/elements/glass_block.py at 8acab365c95b25fc2f2ad032bbf9c5aaaa0b504e (GlassFace, GlassFace.is_point_on_face); EPSILON/FP_EPSILON from apollo14/units.py
error: TracerBoolConversionError
category: for-nested-if-bool-toggle
expect: fix
notes: helpers and GlassFace verbatim (unused imports dropped, units inlined). The face is the "top" face that GlassBlock.create_chassis builds for a 20 x 10 x 4 block (same vertex order); I added the jitted bound method `f = jax.jit(face.is_point_on_face)`. Leaks: `if jnp.abs(jnp.dot(...)) > EPSILON: return False`, then `if crosses:` / `if px < x_intersect: inside = not inside` inside a loop over the (static) polygon vertices. Inputs: points on the face plane (inside or outside the rectangle, sometimes exactly on a vertex height) or off the plane.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass

import jax
import jax.numpy as jnp

EPSILON = 1e-6  # geometric tolerance (ray misses, near-parallel)
FP_EPSILON = 1e-9  # floating point comparison tolerance


def normalize(v):
    return v / jnp.linalg.norm(v)


def compute_local_axes(normal):
    """Compute two orthogonal axes on the plane defined by normal."""
    n = normalize(normal)
    # Try global X, fall back to global Y if aligned
    candidate = jnp.where(jnp.abs(n[0]) < 0.9, jnp.array([1.0, 0.0, 0.0]), jnp.array([0.0, 1.0, 0.0]))
    local_x = candidate - jnp.dot(candidate, n) * n
    local_x = normalize(local_x)
    local_y = jnp.cross(n, local_x)
    return local_x, local_y


def point_in_polygon_2d(px, py, vertices_x, vertices_y):
    """Ray casting algorithm for point-in-polygon.

    vertices_x, vertices_y: (N,) arrays of polygon vertex coordinates.
    """
    n = vertices_x.shape[0]
    inside = False
    j = n - 1
    for i in range(n):
        xi, yi = vertices_x[i], vertices_y[i]
        xj, yj = vertices_x[j], vertices_y[j]
        crosses = ((yi <= py) & (yj > py)) | ((yj <= py) & (yi > py))
        if crosses:
            x_intersect = xi + (py - yi) / (yj - yi) * (xj - xi)
            if px < x_intersect:
                inside = not inside
        j = i
    return inside


@dataclass
class GlassFace:
    """One planar face of a glass block."""
    name: str
    position: jnp.ndarray   # (3,) point on the plane
    normal: jnp.ndarray     # (3,) outward-pointing normal
    vertices: jnp.ndarray   # (N, 3) ordered polygon vertices

    def __post_init__(self):
        self.normal = normalize(self.normal)
        local_x, local_y = compute_local_axes(self.normal)
        self._local_x = local_x
        self._local_y = local_y
        # Pre-compute 2D vertices
        deltas = self.vertices - self.position
        self._verts_x = jnp.array([jnp.dot(d, local_x) for d in deltas])
        self._verts_y = jnp.array([jnp.dot(d, local_y) for d in deltas])

    def is_point_on_face(self, point):
        delta = point - self.position
        if jnp.abs(jnp.dot(delta, self.normal)) > EPSILON:
            return False
        lx = jnp.dot(delta, self._local_x)
        ly = jnp.dot(delta, self._local_y)
        return point_in_polygon_2d(lx, ly, self._verts_x, self._verts_y)


hx, hy, hz = 10.0, 5.0, 2.0
t_lf = jnp.array([-hx, -hy, hz])
t_rf = jnp.array([hx, -hy, hz])
t_rb = jnp.array([hx, hy, hz])
t_lb = jnp.array([-hx, hy, hz])
face = GlassFace(name="top", position=t_lf, normal=jnp.array([0, 0, 1], dtype=float),
                 vertices=jnp.stack([t_lf, t_lb, t_rb, t_rf]))

f = jax.jit(face.is_point_on_face)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x = rng.uniform(-14.0, 14.0)
    y = rng.uniform(-8.0, 8.0)
    if rng.uniform() < 0.25:
        y = rng.choice([-5.0, 5.0])          # exactly at a vertex height
    z = 2.0 if rng.uniform() < 0.7 else 2.0 + rng.choice([-1.0, 1.0]) * rng.uniform(1e-3, 1.0)
    return (np.array([x, y, z], dtype=np.float32),)


INPUTS = make_inputs


def _point_in_polygon_2d_fixed(px, py, vertices_x, vertices_y):
    n = vertices_x.shape[0]
    inside = jnp.asarray(False)
    j = n - 1
    for i in range(n):
        xi, yi = vertices_x[i], vertices_y[i]
        xj, yj = vertices_x[j], vertices_y[j]
        crosses = ((yi <= py) & (yj > py)) | ((yj <= py) & (yi > py))
        x_intersect = xi + (py - yi) / (yj - yi) * (xj - xi)
        inside = jnp.logical_xor(inside, crosses & (px < x_intersect))
        j = i
    return inside


@jax.jit
def reference_fix(point):
    delta = point - face.position
    off_plane = jnp.abs(jnp.dot(delta, face.normal)) > EPSILON
    lx = jnp.dot(delta, face._local_x)
    ly = jnp.dot(delta, face._local_y)
    return jnp.where(off_plane, False,
                     _point_in_polygon_2d_fixed(lx, ly, face._verts_x, face._verts_y))
