"""tomojax's "minimal differentiable" reference projector calls float()/int()/round() on traced geometry.

source: tristanmanchester/tomojax, "Minimal JAX reference projector" module (`project_parallel_reference`, `_project_one_view`; code-index file id 55320168008, a stored revision of the repository's reference projector)
error: ConcretizationTypeError
category: float-int-of-tracer
expect: fix
notes: both functions are verbatim; the module's `from __future__ import annotations` is dropped (a case file cannot start with it). The `GeometryState` (imported there only under TYPE_CHECKING from tomojax.geometry) is replaced by three small NamedTuple stand-ins carrying exactly the attributes the projector reads (`setup.theta_offset_rad.value`, `pose.phi_residual_rad`, `pose.dx_px`, `pose.dz_px`). `f` builds that geometry from arrays and jits the projection, as an alignment loss that differentiates through the projector would. The leaks: `float(theta_i)` / `float(dx_px[idx])` of traced pose values, then `int(jnp.floor(...))` as the static `k` of `jnp.rot90` and `round(...)` as the `jnp.roll` shift.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp


class _Param(NamedTuple):
    value: jax.Array


class _Setup(NamedTuple):
    theta_offset_rad: _Param


class _Pose(NamedTuple):
    phi_residual_rad: jax.Array
    dx_px: jax.Array
    dz_px: jax.Array


class GeometryState(NamedTuple):
    setup: _Setup
    pose: _Pose


def project_parallel_reference(volume: jax.Array, geometry: GeometryState) -> jax.Array:
    """Project a cubic volume with a minimal differentiable parallel-beam model."""
    vol = jnp.asarray(volume, dtype=jnp.float32)
    if vol.ndim != 3:
        raise ValueError("volume must be 3D")

    theta = geometry.setup.theta_offset_rad.value + geometry.pose.phi_residual_rad
    views = [
        _project_one_view(
            vol,
            theta_rad=float(theta_i),
            dx_px=float(geometry.pose.dx_px[idx]),
            dz_px=float(geometry.pose.dz_px[idx]),
        )
        for idx, theta_i in enumerate(theta)
    ]
    return jnp.stack(views, axis=0)


def _project_one_view(
    volume: jax.Array,
    *,
    theta_rad: float,
    dx_px: float,
    dz_px: float,
) -> jax.Array:
    quadrant = int(jnp.floor((theta_rad % jnp.pi) / (jnp.pi / 4.0))) % 4
    rotated = jnp.rot90(volume, k=quadrant, axes=(0, 1))
    projection = jnp.sum(rotated, axis=1)
    projection = jnp.roll(projection, shift=round(dx_px), axis=1)
    projection = jnp.roll(projection, shift=round(dz_px), axis=0)
    return projection.astype(jnp.float32)


@jax.jit
def f(volume, theta_offset_rad, phi_residual_rad, dx_px, dz_px):
    geometry = GeometryState(
        setup=_Setup(theta_offset_rad=_Param(value=theta_offset_rad)),
        pose=_Pose(phi_residual_rad=phi_residual_rad, dx_px=dx_px, dz_px=dz_px),
    )
    return project_parallel_reference(volume, geometry)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 6
    n_views = 5
    volume = rng.normal(size=(n, n, n)).astype(np.float32)
    theta_offset_rad = np.float32(rng.uniform(-0.2, 0.2))
    # angles spread over [0, 2*pi) so every quadrant of rot90 is used
    phi_residual_rad = rng.uniform(0.0, 2 * np.pi, size=(n_views,)).astype(np.float32)
    # shifts avoid exact .5 ties
    dx_px = (rng.integers(-3, 4, size=(n_views,)) + rng.uniform(-0.4, 0.4, size=(n_views,))).astype(np.float32)
    dz_px = (rng.integers(-3, 4, size=(n_views,)) + rng.uniform(-0.4, 0.4, size=(n_views,))).astype(np.float32)
    return (volume, theta_offset_rad, phi_residual_rad, dx_px, dz_px)


INPUTS = make_inputs


@jax.jit
def reference_fix(volume, theta_offset_rad, phi_residual_rad, dx_px, dz_px):
    vol = jnp.asarray(volume, dtype=jnp.float32)
    theta = theta_offset_rad + phi_residual_rad

    def one_view(theta_rad, dx, dz):
        quadrant = jnp.floor((theta_rad % jnp.pi) / (jnp.pi / 4.0)).astype(jnp.int32) % 4
        rotated = jax.lax.switch(
            quadrant, [lambda v, k=k: jnp.rot90(v, k=k, axes=(0, 1)) for k in range(4)], vol
        )
        projection = jnp.sum(rotated, axis=1)
        projection = jnp.roll(projection, shift=jnp.round(dx).astype(jnp.int32), axis=1)
        projection = jnp.roll(projection, shift=jnp.round(dz).astype(jnp.int32), axis=0)
        return projection.astype(jnp.float32)

    return jax.vmap(one_view)(theta, dx_px, dz_px)
