"""JaxPM cloud-in-cell painting: `if weight is not None:` twice around traced arrays, jit-safe.

source: b-remy/JaxPM jaxpm/painting.py at c180f270e427043bc0e36b26d7915a8685cad6bf (cic_paint; the same function
        is in DifferentiableUniverseInitiative/JaxPM and its forks)
error: none
category: negative-is-none-guard
expect: untouched
notes: cic_paint verbatim (two-space indentation kept). Dropped the `from jaxpm.kernels import fftk,
       cic_compensation` import (used only by compensate_cic, not included) and the other functions of the
       file. Entry point `f = jax.jit(cic_paint)`; trials pass either a traced weight array or None. The
       `is not None` tests look at the pytree structure, which is static under jit, and the loop-free CIC
       kernel uses lax.scatter_add; there is no leak and nothing should change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import jax.lax as lax

def cic_paint(mesh, positions, weight=None):
  """ Paints positions onto mesh
  mesh: [nx, ny, nz]
  positions: [npart, 3]
  weight: tensor [npart]
  """
  positions = jnp.expand_dims(positions, 1)
  floor = jnp.floor(positions)

  if weight is not None:
    weight = jnp.asarray(weight)
    
  connection = jnp.array([[[0, 0, 0], [1., 0, 0], [0., 1, 0], 
                           [0., 0, 1], [1., 1, 0], [1., 0, 1], 
                           [0., 1, 1], [1., 1, 1]]])

  neighboor_coords = floor + connection
  kernel = 1. - jnp.abs(positions - neighboor_coords)
  kernel = kernel[..., 0] * kernel[..., 1] * kernel[..., 2]  

  if weight is not None:
    kernel = jnp.multiply(jnp.expand_dims(weight, axis=-1), kernel)

  neighboor_coords = jnp.mod(neighboor_coords.reshape([-1,8,3]).astype('int32'), jnp.array(mesh.shape))

  dnums = jax.lax.ScatterDimensionNumbers(
    update_window_dims=(),
    inserted_window_dims=(0, 1, 2),
    scatter_dims_to_operand_dims=(0, 1, 2))
  mesh = lax.scatter_add(mesh, 
                         neighboor_coords, 
                         kernel.reshape([-1,8]),
                         dnums)
  return mesh


f = jax.jit(cic_paint)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 8
    mesh = np.zeros((n, n, n), np.float32)
    positions = rng.uniform(0, n, size=(64, 3)).astype(np.float32)
    weight = rng.uniform(0.5, 2.0, size=(64,)).astype(np.float32) if rng.uniform() < 0.5 else None
    return (mesh, positions, weight)


INPUTS = make_inputs
