"""A helper parametrised by `xnp` still calls `np.stack` once; jitted through a lambda with xnp=jnp.

source: google-research/multinerf internal/camera_utils.py@00970f04c2d12c1b89fd6c3ca5c88a061c567c17 (convert_to_ndc); cf. google-research/multinerf PR #62 (TracerArrayConversionError when cast_rays_in_train_step=True)
error: TracerArrayConversionError
category: numpy-on-tracer-in-helper
expect: fix
notes: convert_to_ndc verbatim (docstring trimmed, `types.ModuleType` annotation dropped). In this
  version `infinity_ndc = np.stack(...)` uses numpy although every other line uses `xnp`; when the
  function is traced with xnp=jnp (as in multinerf's in-train-step ray casting) the stray np.stack
  converts tracers. The jitted caller is a lambda as in `jax.jit(lambda ...: ...)`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def convert_to_ndc(origins, directions, pixtocam, near=1., xnp=np):
  """Converts a set of rays to normalized device coordinates (NDC)."""

  # Shift ray origins to near plane, such that oz = -near.
  # This makes the new near bound equal to 0.
  t = -(near + origins[..., 2]) / directions[..., 2]
  origins = origins + t[..., None] * directions

  dx, dy, dz = xnp.moveaxis(directions, -1, 0)
  ox, oy, oz = xnp.moveaxis(origins, -1, 0)

  xmult = 1. / pixtocam[0, 2]  # Equal to -2. * focal / cx
  ymult = 1. / pixtocam[1, 2]  # Equal to -2. * focal / cy

  # Perspective projection into NDC for the t = 0 near points
  #     origins + 0 * directions
  origins_ndc = xnp.stack([xmult * ox / oz, ymult * oy / oz,
                           -xnp.ones_like(oz)], axis=-1)

  # Perspective projection into NDC for the t = infinity far points
  #     origins + infinity * directions
  infinity_ndc = np.stack([xmult * dx / dz, ymult * dy / dz,
                           xnp.ones_like(oz)],
                          axis=-1)

  # directions_ndc points from origins_ndc to infinity_ndc
  directions_ndc = infinity_ndc - origins_ndc

  return origins_ndc, directions_ndc


f = jax.jit(lambda origins, directions, pixtocam: convert_to_ndc(
    origins, directions, pixtocam, near=1., xnp=jnp))
# --- end user code ---


def make_inputs(rng):
    n = 6
    origins = rng.normal(size=(n, 3)).astype(np.float32) * 0.1
    directions = rng.normal(size=(n, 3)).astype(np.float32) * 0.2
    directions[:, 2] = -rng.uniform(0.5, 1.5, size=(n,))
    focal = rng.uniform(300.0, 600.0)
    w, h = 64.0, 48.0
    camtopix = np.array([[focal, 0, w * .5], [0, focal, h * .5], [0, 0, 1.]])
    pixtocam = np.linalg.inv(camtopix).astype(np.float32)
    return (origins, directions.astype(np.float32), pixtocam)


INPUTS = make_inputs


@jax.jit
def reference_fix(origins, directions, pixtocam):
    near = 1.
    t = -(near + origins[..., 2]) / directions[..., 2]
    origins = origins + t[..., None] * directions
    dx, dy, dz = jnp.moveaxis(directions, -1, 0)
    ox, oy, oz = jnp.moveaxis(origins, -1, 0)
    xmult = 1. / pixtocam[0, 2]
    ymult = 1. / pixtocam[1, 2]
    origins_ndc = jnp.stack([xmult * ox / oz, ymult * oy / oz, -jnp.ones_like(oz)], axis=-1)
    infinity_ndc = jnp.stack([xmult * dx / dz, ymult * dy / dz, jnp.ones_like(oz)], axis=-1)
    return origins_ndc, infinity_ndc - origins_ndc
