"""Kheperax maze geometry: pytree dataclasses whose methods branch with lax.cond and jnp.logical_* (jit-safe look-alike).

source: adaptive-intelligent-robotics/Kheperax kheperax/geoms.py (stored revision, code-index file id 4407124351; the index lists bf21915bd5ce38d7ef2b2d66451b8695a7a15b4b for one of the path's 2 stored versions) -- Pos, Disk, Line, Segment
error: none
category: negative-method-lax-cond
expect: untouched
notes: geoms.py is verbatim except that `from __future__ import annotations` is dropped (a case file
  must start with its docstring) and the forward references it allowed are quoted instead. `import flax.struct` is replaced by a stand-in whose `flax.struct.dataclass`
  is a frozen dataclass registered with jax.tree_util.register_dataclass (what flax.struct.dataclass does
  for data fields), and `from kheperax.posture import Posture` by a two-field stand-in (only used by
  `Pos.from_posture`). The entry point jits a laser-like query: the intersection point of a ray segment with
  one wall (`Segment.get_intersection_with`, a method that already branches with `jax.lax.cond` on the
  traced boolean from `check_intersection_with`) and the robot-disk collision test against all walls
  (`Disk.collides`, `jnp.any` over a vmapped method). Methods on traced pytree objects, comparisons that
  return arrays, but no Python branch on a traced value: nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
import types

import jax
import jax.numpy as jnp


def _struct_dataclass(cls):
    """Stand-in for flax.struct.dataclass: a frozen dataclass registered as a pytree node."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    names = [fld.name for fld in dataclasses.fields(cls)]
    return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


flax = types.SimpleNamespace(struct=types.SimpleNamespace(dataclass=_struct_dataclass))


@_struct_dataclass
class Posture:
    """Stand-in for kheperax.posture.Posture (only x and y are read here)."""
    x: float
    y: float


@flax.struct.dataclass
class Pos:
    x: float
    y: float

    def __sub__(self, other):
        return Pos(self.x - other.x, self.y - other.y)

    def dist_to(self, other: 'Pos') -> jnp.ndarray:
        return self.dist_to_xy(other.x, other.y)

    def dist_to_xy(self, x: float, y: float) -> jnp.ndarray:
        return jnp.linalg.norm(jnp.asarray([self.x, self.y]) - jnp.asarray([x, y]))

    def calculate_projection_on_segment(self, segment: 'Segment') -> 'Pos':
        x = self.x
        y = self.y
        x3 = segment.p1.x
        y3 = segment.p1.y
        x4 = segment.p2.x
        y4 = segment.p2.y
        u = ((x - x3) * (x4 - x3) + (y - y3) * (y4 - y3)) / ((x4 - x3) ** 2 + (y4 - y3) ** 2)
        u_clipped = jnp.clip(u, 0, 1)
        return Pos(x3 + u_clipped * (x4 - x3), y3 + u_clipped * (y4 - y3))

    @classmethod
    def from_posture(cls, posture: Posture):
        return cls(posture.x, posture.y)


@flax.struct.dataclass
class Disk:
    pos: Pos
    radius: float

    def does_intersect_segment(self, segment: 'Segment') -> bool:
        projection = self.pos.calculate_projection_on_segment(segment)
        return projection.dist_to(self.pos) <= self.radius

    def collides(self, array_segments):
        return jnp.any(jax.vmap(self.does_intersect_segment)(array_segments))


@flax.struct.dataclass
class Line:
    p1: Pos
    p2: Pos


@flax.struct.dataclass
class Segment:
    p1: Pos
    p2: Pos

    def check_intersection_with(self, other: 'Segment') -> bool:
        def ccw(a: Pos, b: Pos, c: Pos):
            return (c.y - a.y) * (b.x - a.x) > (b.y - a.y) * (c.x - a.x)

        return jnp.logical_and(
            jnp.logical_not(jnp.isclose(ccw(self.p1, other.p1, other.p2), ccw(self.p2, other.p1, other.p2))),
            jnp.logical_not(jnp.isclose(ccw(self.p1, self.p2, other.p1), ccw(self.p1, self.p2, other.p2)))
        )

    def get_intersection_with(self, other: 'Segment') -> Pos:
        x1, y1 = self.p1.x, self.p1.y
        x2, y2 = self.p2.x, self.p2.y
        x3, y3 = other.p1.x, other.p1.y
        x4, y4 = other.p2.x, other.p2.y

        def is_false(_):
            return Pos(jnp.inf, jnp.inf)

        def is_true(_):
            d = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)

            return Pos(
                ((x1 * y2 - y1 * x2) * (x3 - x4) - (x1 - x2) * (x3 * y4 - y3 * x4)) / d,
                ((x1 * y2 - y1 * x2) * (y3 - y4) - (y1 - y2) * (x3 * y4 - y3 * x4)) / d,
            )

        return jax.lax.cond(self.check_intersection_with(other), is_true, is_false, None)


def _segment(a):
    return Segment(Pos(a[..., 0], a[..., 1]), Pos(a[..., 2], a[..., 3]))


@jax.jit
def f(ray, wall, walls, robot):
    hit = _segment(ray).get_intersection_with(_segment(wall))
    disk = Disk(Pos(robot[0], robot[1]), robot[2])
    return hit, disk.collides(_segment(walls))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    ray = rng.uniform(0.0, 1.0, size=4).astype(np.float32)
    wall = rng.uniform(0.0, 1.0, size=4).astype(np.float32)
    walls = rng.uniform(0.0, 1.0, size=(5, 4)).astype(np.float32)
    robot = np.array([*rng.uniform(0.0, 1.0, size=2), rng.uniform(0.005, 0.2)], np.float32)
    return (ray, wall, walls, robot)


INPUTS = make_inputs
