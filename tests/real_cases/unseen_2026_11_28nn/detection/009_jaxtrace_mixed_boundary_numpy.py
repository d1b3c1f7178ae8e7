"""JAXTrace mixed boundary condition: NumPy conversion and in-place NumPy writes on traced particle positions.

source: ARHashemi/JAXTrace, jaxtrace/tracking/boundary.py at commit 9c4d83cc71dec97ab562f7923d6d81a58a8e262a (mixed_boundary and the helpers it calls; code-index file id 25291328845). The repository's dev note archive/dev_docs/BOUNDARY_CONDITION_JIT_FIX.md records the symptom ("The numpy.ndarray conversion method __array__() was called on traced array") when a NumPy-based boundary function was called inside the jitted integrator step.
error: TracerArrayConversionError
category: numpy-on-tracer / numpy-inplace-assignment
expect: fix
notes: functions copied verbatim from the file (_ensure_float32, _ensure_bounds_shape, apply_periodic, clamp_to_bounds,
  reflect_boundary, absorbing_boundary and the four single-condition factories, mixed_boundary). Adapted: the
  `from ..utils.jax_utils import JAX_AVAILABLE` import is replaced by `JAX_AVAILABLE = True` with the file's own
  try/except kept; the Protocol class BoundaryCondition is kept for the annotations; the entry point is
  `f = jax.jit(mixed_boundary(BOUNDS, {...}))`, i.e. the boundary callable called from inside a jitted tracker step.
  `_mixed_bc` calls `np.asarray` (via _ensure_float32), `.copy()`, `np.concatenate` and writes `result[:, i] = ...`
  on the traced positions. `from __future__ import annotations` is dropped (it cannot follow the case docstring and
  the annotations resolve without it). The z axis uses 'absorbing' rather than 'clamping' because the file's
  clamp_to_bounds calls `jnp.clip(..., a_min=, a_max=)`, which the installed JAX no longer accepts (an API change,
  not a tracer leak); clamp_to_bounds is kept verbatim but not called.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Callable, Optional, Union, Dict, Any, Tuple, Protocol, List
import numpy as np

JAX_AVAILABLE = True  # stand-in for `from ..utils.jax_utils import JAX_AVAILABLE`

if JAX_AVAILABLE:
    try:
        import jax
        import jax.numpy as jnp
    except Exception:
        JAX_AVAILABLE = False


def _ensure_float32(data: np.ndarray) -> np.ndarray:
    """Convert data to float32 for consistency."""
    return np.asarray(data, dtype=np.float32)


def _ensure_bounds_shape(bounds: Union[np.ndarray, list]) -> np.ndarray:
    bounds = _ensure_float32(bounds)

    if bounds.ndim == 1:
        if len(bounds) == 4:
            bounds = np.array([[bounds[0], bounds[2], 0.0],
                              [bounds[1], bounds[3], 0.0]], dtype=np.float32)
        elif len(bounds) == 6:
            bounds = np.array([[bounds[0], bounds[2], bounds[4]],
                              [bounds[1], bounds[3], bounds[5]]], dtype=np.float32)
        else:
            raise ValueError(f"1D bounds must have 4 or 6 elements, got {len(bounds)}")
    elif bounds.ndim == 2:
        if bounds.shape == (2, 2):
            bounds = np.array([[bounds[0, 0], bounds[1, 0], 0.0],
                              [bounds[0, 1], bounds[1, 1], 0.0]], dtype=np.float32)
        elif bounds.shape == (2, 3):
            pass
        elif bounds.shape == (3, 2):
            bounds = bounds.T
        else:
            raise ValueError(f"2D bounds must have shape (2,2), (2,3), or (3,2), got {bounds.shape}")
    else:
        raise ValueError(f"Bounds must be 1D or 2D array, got {bounds.ndim}D")

    # Validate bounds
    if not np.all(bounds[0] < bounds[1]):
        raise ValueError(f"Invalid bounds: min {bounds[0]} >= max {bounds[1]}")

    return bounds.astype(np.float32)


class BoundaryCondition(Protocol):
    """Protocol for boundary condition functions."""

    def __call__(self, positions: np.ndarray) -> np.ndarray:
        """Apply boundary condition to positions."""
        ...


@jax.jit
def apply_periodic(x: jnp.ndarray, bounds: jnp.ndarray) -> jnp.ndarray:
    lo = bounds[0]
    hi = bounds[1]
    width = jnp.maximum(hi - lo, 0.0)
    # Avoid division by zero when an axis has zero width
    w_safe = jnp.where(width > 0, width, 1.0)
    return lo + jnp.mod(x - lo, w_safe)


@jax.jit
def clamp_to_bounds(x: jnp.ndarray, bounds: jnp.ndarray) -> jnp.ndarray:
    return jnp.clip(x, a_min=bounds[0], a_max=bounds[1])


@jax.jit
def reflect_boundary(x: jnp.ndarray, bounds: jnp.ndarray) -> jnp.ndarray:
    lo = bounds[0]
    hi = bounds[1]
    width = jnp.maximum(hi - lo, 0.0)
    # Map to [0, 2*width]
    y = jnp.mod(x - lo, 2.0 * jnp.where(width > 0, width, 1.0))
    # Reflect back to [0, width]
    y_ref = jnp.where(y <= width, y, 2.0 * width - y)
    return lo + y_ref


@jax.jit
def absorbing_boundary(x: jnp.ndarray, bounds: jnp.ndarray,
                      outside_value: float = jnp.nan) -> jnp.ndarray:
    lo, hi = bounds[0], bounds[1]

    # Check which particles are outside bounds
    outside_mask = jnp.logical_or(
        jnp.any(x < lo, axis=1),
        jnp.any(x > hi, axis=1)
    )

    # Set outside particles to specified value
    result = jnp.where(
        outside_mask[:, None],
        outside_value,
        x
    )

    return result


def periodic_boundary(bounds: Union[np.ndarray, list]) -> BoundaryCondition:
    bounds_std = _ensure_bounds_shape(bounds)

    if JAX_AVAILABLE:
        bounds_jax = jnp.asarray(bounds_std, dtype=jnp.float32)

        @jax.jit
        def _periodic_bc(x: jnp.ndarray) -> jnp.ndarray:
            return apply_periodic(x, bounds_jax)
    else:
        def _periodic_bc(x: np.ndarray) -> np.ndarray:
            x = _ensure_float32(x)
            return np.asarray(apply_periodic(x, bounds_std), dtype=np.float32)

    return _periodic_bc


def reflective_boundary(bounds: Union[np.ndarray, list]) -> BoundaryCondition:
    bounds_std = _ensure_bounds_shape(bounds)

    if JAX_AVAILABLE:
        bounds_jax = jnp.asarray(bounds_std, dtype=jnp.float32)

        @jax.jit
        def _reflective_bc(x: jnp.ndarray) -> jnp.ndarray:
            return reflect_boundary(x, bounds_jax)
    else:
        def _reflective_bc(x: np.ndarray) -> np.ndarray:
            x = _ensure_float32(x)
            return np.asarray(reflect_boundary(x, bounds_std), dtype=np.float32)

    return _reflective_bc


def clamping_boundary(bounds: Union[np.ndarray, list]) -> BoundaryCondition:
    bounds_std = _ensure_bounds_shape(bounds)

    if JAX_AVAILABLE:
        bounds_jax = jnp.asarray(bounds_std, dtype=jnp.float32)

        @jax.jit
        def _clamping_bc(x: jnp.ndarray) -> jnp.ndarray:
            return clamp_to_bounds(x, bounds_jax)
    else:
        def _clamping_bc(x: np.ndarray) -> np.ndarray:
            x = _ensure_float32(x)
            return np.asarray(clamp_to_bounds(x, bounds_std), dtype=np.float32)

    return _clamping_bc


def absorbing_boundary_factory(bounds: Union[np.ndarray, list],
                             outside_value: float = np.nan) -> BoundaryCondition:
    bounds_std = _ensure_bounds_shape(bounds)

    if JAX_AVAILABLE:
        bounds_jax = jnp.asarray(bounds_std, dtype=jnp.float32)
        outside_jax = jnp.float32(outside_value)

        @jax.jit
        def _absorbing_bc(x: jnp.ndarray) -> jnp.ndarray:
            return absorbing_boundary(x, bounds_jax, outside_jax)
    else:
        def _absorbing_bc(x: np.ndarray) -> np.ndarray:
            x = _ensure_float32(x)
            return np.asarray(absorbing_boundary(x, bounds_std, np.float32(outside_value)),
                            dtype=np.float32)

    return _absorbing_bc


def mixed_boundary(bounds: Union[np.ndarray, list],
                  conditions: Dict[str, str]) -> BoundaryCondition:
    """
    Create mixed boundary conditions with different behavior per axis.
    """
    bounds_std = _ensure_bounds_shape(bounds)

    # Create individual axis conditions
    axis_conditions = {}
    for axis in ['x', 'y', 'z']:
        condition_type = conditions.get(axis, 'periodic')
        axis_idx = {'x': 0, 'y': 1, 'z': 2}[axis]

        # Create single-axis bounds
        axis_bounds = np.array([
            [bounds_std[0, axis_idx], bounds_std[0, axis_idx], bounds_std[0, axis_idx]],
            [bounds_std[1, axis_idx], bounds_std[1, axis_idx], bounds_std[1, axis_idx]]
        ], dtype=np.float32)

        if condition_type == 'periodic':
            axis_conditions[axis] = periodic_boundary(axis_bounds)
        elif condition_type == 'reflective':
            axis_conditions[axis] = reflective_boundary(axis_bounds)
        elif condition_type == 'clamping':
            axis_conditions[axis] = clamping_boundary(axis_bounds)
        elif condition_type == 'absorbing':
            axis_conditions[axis] = absorbing_boundary_factory(axis_bounds)
        else:
            raise ValueError(f"Unknown condition type: {condition_type}")

    def _mixed_bc(positions: np.ndarray) -> np.ndarray:
        """Apply mixed boundary conditions per axis."""
        positions = _ensure_float32(positions)
        result = positions.copy()

        # Apply per-axis boundary conditions
        for i, axis in enumerate(['x', 'y', 'z']):
            # Extract axis coordinates
            axis_pos = result[:, i:i+1]  # Keep 2D shape for broadcasting
            axis_pos_3d = np.concatenate([axis_pos, axis_pos, axis_pos], axis=1)  # Expand to 3D

            # Apply axis-specific boundary condition
            axis_result_3d = axis_conditions[axis](axis_pos_3d)

            # Extract the relevant axis result
            result[:, i] = axis_result_3d[:, i]

        return result.astype(np.float32)

    return _mixed_bc


BOUNDS = [[0.0, 0.0, 0.0], [1.0, 2.0, 3.0]]
f = jax.jit(mixed_boundary(BOUNDS, {'x': 'periodic', 'y': 'reflective', 'z': 'absorbing'}))
# --- end user code ---


def make_inputs(rng):
    pos = rng.uniform(-2.0, 5.0, size=(16, 3)).astype(np.float32)
    pos[0] = [0.5, 1.0, 1.5]  # inside on every axis
    return (pos,)


INPUTS = make_inputs

_LO = jnp.array([0.0, 0.0, 0.0], jnp.float32)
_HI = jnp.array([1.0, 2.0, 3.0], jnp.float32)


@jax.jit
def reference_fix(positions):
    x = positions[:, 0]
    y = positions[:, 1]
    z = positions[:, 2]
    x = _LO[0] + jnp.mod(x - _LO[0], _HI[0] - _LO[0])
    w = _HI[1] - _LO[1]
    yy = jnp.mod(y - _LO[1], 2.0 * w)
    y = _LO[1] + jnp.where(yy <= w, yy, 2.0 * w - yy)
    z = jnp.where((z < _LO[2]) | (z > _HI[2]), jnp.nan, z)
    return jnp.stack([x, y, z], axis=1).astype(jnp.float32)
