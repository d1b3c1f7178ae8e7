"""jaxsim PlaneTerrain.build freezes a traced normal and height with .item()/.tolist() inside a jitted function.

source: ami-iit/jaxsim src/jaxsim/terrain/terrain.py at 0fad8ab9feeee14ee6bd29f7cf8a53069d6c84c4 (PlaneTerrain.build, PlaneTerrain.normal, PlaneTerrain.height); related report: https://github.com/ami-iit/jaxsim/issues/196 (PlaneTerrain inside traced simulation code)
error: ConcretizationTypeError
category: tolist-item-in-method
expect: fix
notes: build, normal and height are verbatim. jax_dataclasses is not installed, so PlaneTerrain is a plain
  class with an __init__ for the two fields (the FlatTerrain base, __hash__ and __eq__ are dropped; the
  jaxsim.typing annotations are removed). `f` (written for the case) builds the terrain from a traced
  normal and height and evaluates the plane height at some points, as one would when fitting or
  differentiating the terrain. `height.item()` / `normal.tolist()` in the static builder concretize the
  tracers. The fix keeps them as arrays; `A, B, C = self._normal` unpacks a length-3 array fine.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class PlaneTerrain:

    def __init__(self, _height=0.0, _normal=(0.0, 0.0, 1.0)):
        self._height = _height
        self._normal = _normal

    @staticmethod
    def build(height=0.0, *, normal):
        """
        Create a PlaneTerrain instance with a specified plane normal vector.

        Args:
            normal: The normal vector of the terrain plane.
            height: The height of the plane over the origin.

        Returns:
            PlaneTerrain: A PlaneTerrain instance.
        """

        normal = jnp.array(normal, dtype=float)
        height = jnp.array(height, dtype=float)

        if normal.shape != (3,):
            msg = "Expected a 3D vector for the plane normal, got '{}'."
            raise ValueError(msg.format(normal.shape))

        # Make sure that the plane normal is a unit vector.
        normal = normal / jnp.linalg.norm(normal)

        return PlaneTerrain(
            _height=height.item(),
            _normal=tuple(normal.tolist()),
        )

    def normal(self, x=None, y=None):
        """
        Compute the normal vector of the terrain at a specific (x, y) location.
        """

        return jnp.array(self._normal, dtype=float)

    def height(self, x, y):
        """
        Compute the height of the terrain at a specific (x, y) location on a plane.
        """

        # Equation of the plane:      A x + B y + C z + D = 0
        # Normal vector coordinates:  (A, B, C)
        # The height over the origin: -D/C

        # Get the plane equation coefficients from the terrain normal.
        A, B, C = self._normal

        # Compute the final coefficient D considering the terrain height.
        D = -C * self._height

        # Invert the plane equation to get the height at the given (x, y) coordinates.
        return jnp.array(-(A * x + B * y + D) / C).astype(float)


@jax.jit
def f(normal, height, points):
    terrain = PlaneTerrain.build(height=height, normal=normal)
    return terrain.height(points[:, 0], points[:, 1]), terrain.normal()
# --- end user code ---

import numpy as np


def make_inputs(rng):
    normal = np.array([rng.normal(scale=0.3), rng.normal(scale=0.3), rng.uniform(0.5, 2.0)],
                      dtype=np.float32)
    height = np.float32(rng.normal())
    points = rng.normal(size=(5, 2)).astype(np.float32)
    return (normal, height, points)


INPUTS = make_inputs


@jax.jit
def reference_fix(normal, height, points):
    normal = jnp.array(normal, dtype=float)
    height = jnp.array(height, dtype=float)
    normal = normal / jnp.linalg.norm(normal)
    A, B, C = normal
    D = -C * height
    x, y = points[:, 0], points[:, 1]
    return jnp.array(-(A * x + B * y + D) / C).astype(float), jnp.array(normal, dtype=float)
