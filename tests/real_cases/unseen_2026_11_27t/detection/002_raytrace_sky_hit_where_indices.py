"""Ray tracer's Sky.hit method gathers the indices of the rays that escaped with jnp.where(mask)[0] and scatters colours there.

source: code-search index file id 19681118993 (a JAX ray tracer's object module: `class Sky(Hitable)` with `hit`, `class Mesh(Hitable)` with `_hit_jit` / `_hit_jit_face_first` / `hit` / `sphere`, imports `from .raytrace import Ray, HitRecord, Hitable`) and its `raytrace` module, code-search index file id 19936291144 (`Ray`, `Camera`, `HitRecord`, `Hitable`, `RaytraceRenderer`). The index does not name the repository.
error: ConcretizationTypeError
category: indexing
expect: fix
notes: `Ray.__init__`, `HitRecord.__init__`, `Hitable` and `Sky` are verbatim (the other methods of `Ray`/`HitRecord` are dropped). The project calls `Sky.hit` eagerly from its renderer loop; the entry point `f` is added here: it builds the `Ray`/`HitRecord` for a batch of rays under `jax.jit` and returns the two fields `Sky.hit` writes. The leak is in the method: `jnp.where(mask)[0]` has a data-dependent length, and the colours are computed on the gathered subset and scattered back with `.at[idx].set`. `direction[:, 3]` is the project's own (out-of-range, clamped to the last column) index and is kept as is.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Ray:
    def __init__(self, origin, direction, index):  # noqa: F722
        """
        Ray class to represent N rays in 3D space.

        Parameters: 
            - origin: The starting point of the rays, shape (N, 3).
            - direction: The direction of the rays, shape (N, 3). It should be
              normalized.
            - index: The index of pixels in the image from which the rays are
              casted, shape (N, 2). The index is in the format (row, column).
        """
        self.origin = origin
        self.direction = direction
        self.index = index

        # Intensity of the RGB color of the ray.
        self.intensity = jnp.full((self.direction.shape[0], 3), 1.0, dtype=jnp.float32) # shape (N, 3)

        # Distance from the ray origin to the intersection point.
        #
        # Conventions:
        #   - t is never smaller than 0. (It is a ray, not a line.)
        #   - t > 0 & t < inf: The ray intersects the object.
        #   - t = inf: The ray does not intersect the object.
        self.t = jnp.full(self.direction.shape[0], jnp.inf, dtype=jnp.float32)  # shape (N,)


class HitRecord:
    def __init__(self, ray: Ray):
        self.ray = ray  # N rays
        self.normal_vector = jnp.zeros((ray.direction.shape[0], 3), dtype=jnp.float32) # shape (N, 3)
        self.intensity_modu = jnp.zeros((ray.direction.shape[0], 3), dtype=jnp.float32) # shape (N, 3)

        self.enable_diffuse = jnp.ones((ray.direction.shape[0],), dtype=jnp.bool) # shape (N,)
        self.diffuse_strength = jnp.ones((ray.direction.shape[0],), dtype=jnp.float32) # shape (N,)

        self.enable_specular = jnp.zeros((ray.direction.shape[0],), dtype=jnp.bool) # shape (N,)
        self.specular_strength = jnp.ones((ray.direction.shape[0],), dtype=jnp.float32) # shape (N,)
        self.specular_fuzz = jnp.zeros((ray.direction.shape[0],), dtype=jnp.float32) # shape (N,)

        self.hit_light_src = jnp.zeros((ray.direction.shape[0],), dtype=jnp.bool) # shape (N,)


class Hitable:
    def hit(self, record: HitRecord):
        raise NotImplementedError("hit() method not implemented in base class")


class Sky(Hitable):
    def __init__(self):
        self.blue = jnp.array([0.5, 0.7, 1.0], dtype=jnp.float32)
        self.white = jnp.array([1.0, 1.0, 1.0], dtype=jnp.float32)

    def hit(self, record: HitRecord):
        """
        Hit test for the sky.

        If there is an intersection and the distance is less than ray.t,
        update ray.t to the distance.
        """
        # The sky is only hit at infinity.
        mask = (record.ray.t == jnp.inf)  # shape (N,)
        idx = jnp.where(mask)[0]  # shape (K,), K is the number of rays that hit the sky

        direction = record.ray.direction[idx]  # shape (K, 3)
        portion = (direction[:, 3] + 1) / 2  # shape (K,), assuming z is up and maps to [0, 1]
        mixed_color = (
            portion[:, None] * self.blue +     # (K, 1) * (3) => (K, 3)
            (1 - portion[:, None]) * self.white
        ) # shape (K, 3)

        # Because no more rays will be traced after reaching the sky, so no need
        # to set:
        #   - normal_vector
        #   - duffuse_strength
        record.intensity_modu = record.intensity_modu.at[idx].set(mixed_color)
        record.hit_light_src = record.hit_light_src.at[idx].set(True)


@jax.jit
def f(origin, direction, index, t):
    ray = Ray(origin=origin, direction=direction, index=index)
    ray.t = t
    record = HitRecord(ray)
    Sky().hit(record)
    return record.intensity_modu, record.hit_light_src
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    origin = rng.normal(size=(n, 3)).astype(np.float32)
    d = rng.normal(size=(n, 3))
    direction = (d / np.linalg.norm(d, axis=1, keepdims=True)).astype(np.float32)
    index = rng.integers(0, 64, size=(n, 2)).astype(np.int32)
    t = rng.uniform(0.5, 5.0, size=(n,)).astype(np.float32)
    t[rng.random(n) < 0.5] = np.inf     # rays that escaped to the sky
    t[0] = np.inf
    t[1] = 2.0
    return (origin, direction, index, t)


INPUTS = make_inputs


@jax.jit
def reference_fix(origin, direction, index, t):
    blue = jnp.array([0.5, 0.7, 1.0], dtype=jnp.float32)
    white = jnp.array([1.0, 1.0, 1.0], dtype=jnp.float32)
    n = direction.shape[0]
    intensity_modu = jnp.zeros((n, 3), dtype=jnp.float32)
    hit_light_src = jnp.zeros((n,), dtype=jnp.bool)
    mask = t == jnp.inf
    portion = (direction[:, 2] + 1) / 2
    mixed_color = portion[:, None] * blue + (1 - portion[:, None]) * white
    intensity_modu = jnp.where(mask[:, None], mixed_color, intensity_modu)
    hit_light_src = jnp.where(mask, True, hit_light_src)
    return intensity_modu, hit_light_src
