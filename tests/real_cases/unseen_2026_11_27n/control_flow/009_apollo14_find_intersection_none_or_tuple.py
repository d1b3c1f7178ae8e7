"""Ray/glass-block intersection: traced `continue`, `and`/`or` tests, and a result that is None or a tuple naming a face.

source: asaf-fourier/Apollo14 apollo14/elements/glass_block.py at 8acab365c95b25fc2f2ad032bbf9c5aaaa0b504e (GlassFace, GlassBlock.is_point_inside, GlassBlock.find_intersection, GlassBlock.create_chassis) with apollo14/geometry.py at 0ce05d3331535b41a42b1c28365518da5657b196 (normalize, ray_plane_intersection, compute_local_axes, point_in_polygon_2d); EPSILON/FP_EPSILON from apollo14/units.py
error: TracerBoolConversionError
category: data-dependent-return-structure
expect: report
notes: code verbatim; `interact`, `translate` and unused imports dropped, units inlined, `material` is None (find_intersection never reads it). I added `block = GlassBlock.create_chassis(...)` and the jitted bound method `f = jax.jit(block.find_intersection)`. The first leak is `if jnp.dot(...) > EPSILON: return False` in is_point_inside; the loop then skips faces with traced `continue`s and `(origin_inside and dot_dn > 0) or (...)`. No jit-safe rewrite keeps the contract: the function returns None when the ray misses and otherwise a tuple whose last item is the Python string name of the face that was hit, both chosen by the data.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from dataclasses import dataclass, field
from typing import List

import jax
import jax.numpy as jnp

EPSILON = 1e-6  # geometric tolerance (ray misses, near-parallel)
FP_EPSILON = 1e-9  # floating point comparison tolerance


def normalize(v):
    return v / jnp.linalg.norm(v)


def ray_plane_intersection(origin, direction, plane_normal, plane_point):
    """Returns distance from origin to plane hit, or inf if no hit."""
    denom = jnp.dot(direction, plane_normal)
    t = jnp.where(
        jnp.abs(denom) < EPSILON,
        jnp.inf,
        jnp.dot(plane_point - origin, plane_normal) / denom,
    )
    # Negative or zero means behind the ray
    return jnp.where(t > EPSILON, t, jnp.inf)


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


@dataclass
class GlassBlock:
    """A refractive glass volume defined by planar faces."""
    name: str
    position: jnp.ndarray   # (3,) center
    material: object
    faces: List[GlassFace] = field(default_factory=list)

    def is_point_inside(self, point):
        for face in self.faces:
            if jnp.dot(point - face.position, face.normal) > EPSILON:
                return False
        return True

    def find_intersection(self, origin, direction):
        """Returns (distance, hit_point, face_normal, face_name) or None."""
        origin_inside = self.is_point_inside(origin)
        best_dist = jnp.inf
        best_result = None

        for face in self.faces:
            t = ray_plane_intersection(origin, direction, face.normal, face.position)
            if t == jnp.inf or t <= EPSILON:
                continue

            hit = origin + t * direction
            if not face.is_point_on_face(hit):
                continue

            dot_dn = jnp.dot(direction, face.normal)
            # Inside → expect exiting (dot > 0), outside → expect entering (dot < 0)
            valid = (origin_inside and dot_dn > 0) or (not origin_inside and dot_dn < 0)
            if valid and t < best_dist:
                best_dist = t
                best_result = (t, hit, face.normal, face.name)

        return best_result

    @classmethod
    def create_chassis(cls, name, x, y, z, material, z_skew=0.0):
        """Create an axis-aligned glass block (optionally skewed in z)."""
        hx, hy, hz = x / 2.0, y / 2.0, z / 2.0

        # Bottom vertices (z = -hz)
        b_lf = jnp.array([-hx, -hy, -hz])
        b_rf = jnp.array([hx, -hy, -hz])
        b_rb = jnp.array([hx, hy, -hz])
        b_lb = jnp.array([-hx, hy, -hz])

        # Top vertices (z = +hz, skewed in y)
        t_lf = jnp.array([-hx, -hy - z_skew, hz])
        t_rf = jnp.array([hx, -hy - z_skew, hz])
        t_rb = jnp.array([hx, hy - z_skew, hz])
        t_lb = jnp.array([-hx, hy - z_skew, hz])

        def _face(name, pos, normal, verts):
            return GlassFace(name=name, position=pos, normal=jnp.array(normal, dtype=float),
                             vertices=jnp.stack(verts))

        def _face_from_edges(name, verts):
            """Compute normal from edge cross product."""
            pos = verts[0]
            e1 = normalize(verts[1] - verts[0])
            e2 = normalize(verts[3] - verts[0])
            n = normalize(jnp.cross(e1, e2))
            return GlassFace(name=name, position=pos, normal=n, vertices=jnp.stack(verts))

        faces = [
            _face("bottom", b_lf, [0, 0, -1], [b_lf, b_rf, b_rb, b_lb]),
            _face("top", t_lf, [0, 0, 1], [t_lf, t_lb, t_rb, t_rf]),
            _face("left", b_lf, [-1, 0, 0], [b_lf, b_lb, t_lb, t_lf]),
            _face("right", b_rf, [1, 0, 0], [b_rb, b_rf, t_rf, t_rb]),
            _face_from_edges("front", [b_lf, b_rf, t_rf, t_lf]),
            _face_from_edges("back", [b_rb, b_lb, t_lb, t_rb]),
        ]

        center = jnp.array([0.0, 0.0, 0.0])
        return cls(name=name, position=center, material=material, faces=faces)


block = GlassBlock.create_chassis("chassis", 20.0, 10.0, 4.0, material=None)

f = jax.jit(block.find_intersection)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    if rng.uniform() < 0.5:
        origin = rng.uniform(-3.0, 3.0, size=3)            # inside the block
    else:
        origin = np.array([rng.uniform(-5, 5), rng.uniform(-20, -12), rng.uniform(-1, 1)])
    direction = rng.normal(size=3)
    direction /= np.linalg.norm(direction)
    return (origin.astype(np.float32), direction.astype(np.float32))


INPUTS = make_inputs
