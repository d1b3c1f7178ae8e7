"""Point-inside-convex-block test: a loop over a static list of faces with a traced early `return False`.

source: asaf-fourier/Apollo14 apollo14/elements/glass_block.py at 8acab365c95b25fc2f2ad032bbf9c5aaaa0b504e (GlassFace, GlassBlock.is_point_inside, GlassBlock.create_chassis) with apollo14/geometry.py at 0ce05d3331535b41a42b1c28365518da5657b196 (normalize, compute_local_axes); EPSILON/FP_EPSILON from apollo14/units.py
error: TracerBoolConversionError
category: for-static-list-early-return
expect: fix
notes: code verbatim; methods and helpers that is_point_inside does not reach (is_point_on_face, find_intersection, interact, translate, point_in_polygon_2d, ray_plane_intersection) dropped, units inlined, `material` is None. I added `block = GlassBlock.create_chassis(..., z_skew=1.0)` (skewed front/back faces) and the jitted bound method `f = jax.jit(block.is_point_inside)`. Leak: `for face in self.faces: if jnp.dot(point - face.position, face.normal) > EPSILON: return False` then `return True`. Same repository as cases 002/003, different function.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass, field
from typing import List

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


block = GlassBlock.create_chassis("chassis", 20.0, 10.0, 4.0, material=None, z_skew=1.0)

f = jax.jit(block.is_point_inside)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    p = rng.uniform([-12.0, -7.0, -3.0], [12.0, 7.0, 3.0])
    return (p.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(point):
    outside = jnp.stack([jnp.dot(point - face.position, face.normal) > EPSILON
                         for face in block.faces])
    return ~jnp.any(outside)
