"""Ray marcher already on lax.while_loop, `*array` unpacking of fixed-size arrays, vmapped renderer (no leak).

source: JAX signed-distance-function ray-marching module in the public code index (code-index file id
    3210835030: raymarch(origin, direct, scene_sdf, dtol=1e-4) with should_step / raystep, normalize,
    render(scene_sdf, pixloc), batch_render = jax.vmap(render, in_axes=(None, 0))). An earlier revision of
    the module (id 2650122106) marches a fixed `for i in range(max_steps)`; later ones
    (e.g. id 2570878116) add `@partial(jax.jit, static_argnums=[2, 3])`. The index does not name the
    repository.
error: none
category: negative-while-loop-static-unpack
expect: untouched
notes: Verbatim; entry point `f = jax.jit(batch_render, static_argnums=0)` added (the scene SDF is a
    static callable). Looks leaky: a `while`-style termination test on a traced step length (`dt < 100.`,
    `dt > dtol`), `jnp.array([*pixloc, -10.])` and `jnp.array([*normal, 1.0])` iterate over traced arrays,
    and a Python callable is threaded through vmap; but the loop is lax.while_loop with a
    jnp.logical_and condition, and unpacking a fixed-shape (2,) / (3,) array only needs its static
    shape. The unit-sphere SDF and the pixel grid (rays that hit and rays that escape) are outside the
    user section.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
from jax import Array
import jax.numpy as jnp

def raymarch(origin: Array, direct: Array, scene_sdf,
             dtol = 1e-4) -> float:
    """Marches a ray from origin to termination along direct.
    
    The ray marching is done in Euclidean space with a fixed direction
    for each ray. Each ray is a tuple[Array[3], Array[3]].

    Parameters
    ----------
    origin : Array [3,]
        The origin coordinates of the ray at the observer.
    direct : Array [3,]
        The direction vector of the ray. Its norm should be 1
        to ensure correct computation of the signed-distance-function.
    scene_sdf : callable
        The signed-distance-function of the 'scene',
        which defines the scene geometry.
    dtol : float = 1e-4
        The distance tolerance for when a ray is considered to be
        close enough to a surface.
    Returns
    -------
    t : float
        The parameter along the ray after max_steps.
    """
    def should_step(state: tuple[Array, float]) -> bool:
        _, dt = state
        # A ray is considered escaped the scene if the step is >100.
        return jnp.logical_and(dt < 100., dt > dtol)

    def raystep(state: tuple[Array, float]) -> tuple[Array, float]:
        position, _ = state
        dt = scene_sdf(position)
        return position + dt * direct, dt

    return jax.lax.while_loop(should_step, raystep, (origin, 1.0))

@jax.jit
def normalize(v: Array, axis: int = -1) -> Array:
    """Compute a normalized vector from the given input vector.

    By default, the outermost axis is chosen
    so v.shape must be (3,)

    Parameters
    ----------
    v : Array[3,]
    Returns
    -------
    n : Array[3,]
        The normalized vector.
    """
    return v/jnp.linalg.vector_norm(v, axis=axis, keepdims=True)

# The render is meant to return a color, so will need to give a surface map
# Currently, it constructs the colour inside
def render(scene_sdf, pixloc: Array) -> Array:
    """Renders a color for a pixel.
    """
    # Initialise a ray from the focus pointing to the screen.
    ro = jnp.array([0.,0.,10.])
    rd = normalize(jnp.array([*pixloc, -10.]))

    normals_fn = jax.grad(scene_sdf)
    position, _ = raymarch(ro, rd, scene_sdf)
    normal = normalize(normals_fn(position))
    return jnp.array([*normal, 1.0])

# Batch renderer, since it will often be used
batch_render = jax.vmap(render, in_axes=(None, 0))


f = jax.jit(batch_render, static_argnums=0)
# --- end user code ---

import numpy as np


def sphere_sdf(p):
    return jnp.linalg.norm(p - jnp.array([0.0, 0.0, 0.0])) - 1.0


def make_inputs(rng):
    # pixel offsets on the screen plane 10 units from the eye: |xy| < 0.8 hits the unit sphere,
    # |xy| > 1.6 escapes (dt grows past 100)
    r_hit = rng.uniform(0.0, 0.8, size=5)
    r_miss = rng.uniform(1.6, 4.0, size=3)
    r = np.concatenate([r_hit, r_miss])
    th = rng.uniform(0, 2 * np.pi, size=r.shape)
    pix = np.stack([r * np.cos(th), r * np.sin(th)], axis=-1).astype(np.float32)
    return (sphere_sdf, pix)


INPUTS = make_inputs
