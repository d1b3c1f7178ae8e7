"""A caller jitted through functools.partial gets xnp=jnp but does not forward it: the helper's default `xnp=np` runs on tracers.

source: google-research/multinerf PR #62 ("Fix TracerArrayConversionError when Config.cast_rays_in_train_step=True": xnp not passed to convert_to_ndc); convert_to_ndc from internal/camera_utils.py@00970f04c2d12c1b89fd6c3ca5c88a061c567c17
error: TracerArrayConversionError
category: numpy-default-module-argument
expect: fix
notes: convert_to_ndc as in camera_utils.py (its stray np.stack corrected so that only the
  PR-#62 bug remains). The ray-casting caller is reduced to the forward-facing branch of
  cast_ray_batch, which accepts `xnp` but calls `convert_to_ndc(origins, directions, pixtocam)`
  without it; the train step jits it through functools.partial(..., xnp=jnp).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp
import numpy as np


def convert_to_ndc(origins, directions, pixtocam, near=1., xnp=np):
  """Converts a set of rays to normalized device coordinates (NDC)."""
  t = -(near + origins[..., 2]) / directions[..., 2]
  origins = origins + t[..., None] * directions

  dx, dy, dz = xnp.moveaxis(directions, -1, 0)
  ox, oy, oz = xnp.moveaxis(origins, -1, 0)

  xmult = 1. / pixtocam[0, 2]  # Equal to -2. * focal / cx
  ymult = 1. / pixtocam[1, 2]  # Equal to -2. * focal / cy

  origins_ndc = xnp.stack([xmult * ox / oz, ymult * oy / oz,
                           -xnp.ones_like(oz)], axis=-1)
  infinity_ndc = xnp.stack([xmult * dx / dz, ymult * dy / dz,
                            xnp.ones_like(oz)],
                           axis=-1)
  directions_ndc = infinity_ndc - origins_ndc
  return origins_ndc, directions_ndc


def cast_ray_batch(origins, directions, pixtocam, forward_facing=True, xnp=np):
  viewdirs = directions / xnp.linalg.norm(directions, axis=-1, keepdims=True)
  if forward_facing:
    origins, directions = convert_to_ndc(origins, directions, pixtocam)
  return origins, directions, viewdirs


f = jax.jit(functools.partial(cast_ray_batch, forward_facing=True, xnp=jnp))
# --- end user code ---


def make_inputs(rng):
    n = 6
    origins = (rng.normal(size=(n, 3)) * 0.1).astype(np.float32)
    directions = (rng.normal(size=(n, 3)) * 0.2).astype(np.float32)
    directions[:, 2] = -rng.uniform(0.5, 1.5, size=(n,))
    focal = rng.uniform(300.0, 600.0)
    camtopix = np.array([[focal, 0, 32.0], [0, focal, 24.0], [0, 0, 1.]])
    return (origins, directions, np.linalg.inv(camtopix).astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(origins, directions, pixtocam):
    viewdirs = directions / jnp.linalg.norm(directions, axis=-1, keepdims=True)
    o, d = convert_to_ndc(origins, directions, pixtocam, xnp=jnp)
    return o, d, viewdirs
