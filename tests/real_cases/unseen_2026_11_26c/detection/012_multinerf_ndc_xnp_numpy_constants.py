"""Look-alike: `np.*` calls inside a jitted lambda, but only on Python constants (camera intrinsics).

source: google-research/multinerf internal/camera_utils.py@00970f04c2d12c1b89fd6c3ca5c88a061c567c17 (intrinsic_matrix, get_pixtocam, convert_to_ndc with its stray np.stack corrected to xnp.stack as in later versions)
error: none
category: negative-numpy-on-constants
expect: untouched
notes: get_pixtocam/intrinsic_matrix keep their default xnp=np and are called with Python floats,
  so np.array / np.linalg.inv run on constants at trace time; convert_to_ndc is called with xnp=jnp
  on the traced rays. Nothing leaks, nothing should change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
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


def intrinsic_matrix(fx, fy, cx, cy, xnp=np):
  """Intrinsic matrix for a pinhole camera in OpenCV coordinate system."""
  return xnp.array([
      [fx, 0, cx],
      [0, fy, cy],
      [0, 0, 1.],
  ])


def get_pixtocam(focal, width, height, xnp=np):
  """Inverse intrinsic matrix for a perfect pinhole camera."""
  camtopix = intrinsic_matrix(focal, focal, width * .5, height * .5, xnp)
  return xnp.linalg.inv(camtopix)


FOCAL, WIDTH, HEIGHT = 420.0, 64.0, 48.0

f = jax.jit(lambda origins, directions: convert_to_ndc(
    origins, directions, get_pixtocam(FOCAL, WIDTH, HEIGHT), near=1., xnp=jnp))
# --- end user code ---


def make_inputs(rng):
    n = 6
    origins = (rng.normal(size=(n, 3)) * 0.1).astype(np.float32)
    directions = (rng.normal(size=(n, 3)) * 0.2).astype(np.float32)
    directions[:, 2] = -rng.uniform(0.5, 1.5, size=(n,))
    return (origins, directions)


INPUTS = make_inputs
