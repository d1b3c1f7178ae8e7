"""rheedium identify_surface_atoms: config-string dispatch, `is not None`, static shapes and mask arithmetic: leave it alone.

source: debangshu-mukherjee/rheedium, src/rheedium/types/rheed_types.py (SurfaceConfig, identify_surface_atoms; code-index file id 56678039543, commit not resolved by the index)
error: none
category: lookalike-config-flags / is-none / static-shape / comparison-masks
expect: untouched
notes: SurfaceConfig and identify_surface_atoms are verbatim (docstrings shortened). It reads like leaky code:
  `if config.method == "none"`, `if config.explicit_mask is not None`, `n_atoms: int = atom_positions.shape[0]`,
  `z_coords >= z_threshold`, `.at[sort_indices].set(...)`, `max_layer - config.n_layers + 1`; but every Python-level
  decision is on the static NamedTuple config or on shapes, and every traced decision stays an array. Adapted:
  jaxtyping/beartype are not installed here, so `jaxtyped`, `beartype`, `Float`, `Int`, `Bool`, `Array` are small
  stand-ins (the annotations are kept as written); `_SELF_DISTANCE_TOL = 0.1` is copied from the module's constants.
  Entry point: a jitted `f` that calls identify_surface_atoms with the default, "layers" and "coordination" configs
  (configs closed over, not traced).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Final, NamedTuple

import jax
import jax.numpy as jnp


class _Ann:
    # stand-in for jaxtyping's Float / Int / Bool annotations
    def __class_getitem__(cls, item):
        return cls


Float = Int = Bool = _Ann
Array = jax.Array
beartype = None


def jaxtyped(typechecker=None):
    # stand-in for jaxtyping.jaxtyped (runtime shape checking only)
    def deco(fn):
        return fn
    return deco


_SELF_DISTANCE_TOL: Final[float] = 0.1


class SurfaceConfig(NamedTuple):
    """Configuration for surface atom identification."""

    method: str = "height"
    height_fraction: float = 0.3
    coordination_cutoff: float = 3.0
    coordination_threshold: int = 8
    n_layers: int = 1
    layer_tolerance: float = 0.5
    explicit_mask: Bool[Array, "N"] | None = None


_DEFAULT_SURFACE_CONFIG: Final[SurfaceConfig] = SurfaceConfig()


@jaxtyped(typechecker=beartype)
def identify_surface_atoms(
    atom_positions: Float[Array, "N 3"],
    config: SurfaceConfig = _DEFAULT_SURFACE_CONFIG,
) -> Bool[Array, "N"]:
    """Identify surface atoms using the specified method."""
    n_atoms: int = atom_positions.shape[0]
    z_coords: Float[Array, "N"] = atom_positions[:, 2]

    if config.method == "none":
        return jnp.zeros(n_atoms, dtype=bool)

    if config.method == "explicit":
        # Use explicit mask if provided
        if config.explicit_mask is not None:
            return config.explicit_mask
        # Fallback to height method if no mask provided
        z_max: Float[Array, ""] = jnp.max(z_coords)
        z_min: Float[Array, ""] = jnp.min(z_coords)
        z_threshold: Float[Array, ""] = z_max - config.height_fraction * (
            z_max - z_min
        )
        return z_coords >= z_threshold

    if config.method == "coordination":
        # Coordination-based: count neighbors for each atom
        # Compute pairwise distances
        diff: Float[Array, "N N 3"] = (
            atom_positions[:, None, :] - atom_positions[None, :, :]
        )
        distances: Float[Array, "N N"] = jnp.sqrt(jnp.sum(diff**2, axis=-1))

        # Count neighbors within cutoff (excluding self)
        neighbor_mask: Bool[Array, "N N"] = (
            distances < config.coordination_cutoff
        ) & (distances > _SELF_DISTANCE_TOL)
        neighbor_counts: Int[Array, "N"] = jnp.sum(neighbor_mask, axis=-1)

        # Surface atoms have fewer neighbors than threshold
        is_surface: Bool[Array, "N"] = (
            neighbor_counts < config.coordination_threshold
        )
        return is_surface

    if config.method == "layers":
        # Layer-based: identify discrete z-layers and mark top N
        # Sort z-coordinates to find layer boundaries
        z_sorted: Float[Array, "N"] = jnp.sort(z_coords)

        # Find layer boundaries using tolerance
        z_diffs: Float[Array, "N-1"] = jnp.diff(z_sorted)
        layer_breaks: Bool[Array, "N-1"] = z_diffs > config.layer_tolerance

        # Assign layer indices (0 = bottom, higher = top)
        layer_indices: Int[Array, "N"] = jnp.cumsum(
            jnp.concatenate(
                [
                    jnp.array([0], dtype=jnp.int32),
                    layer_breaks.astype(jnp.int32),
                ]
            ),
            dtype=jnp.int32,
        )

        # Map back to original atom order
        sort_indices: Int[Array, "N"] = jnp.argsort(z_coords)
        atom_layers: Int[Array, "N"] = jnp.zeros(n_atoms, dtype=jnp.int32)
        atom_layers: Int[Array, "N"] = atom_layers.at[sort_indices].set(
            layer_indices
        )

        # Mark top n_layers as surface
        max_layer: Int[Array, ""] = jnp.max(atom_layers)
        is_surface: Bool[Array, "N"] = atom_layers >= (
            max_layer - config.n_layers + 1
        )
        return is_surface

    # Default: height-based method
    z_max: Float[Array, ""] = jnp.max(z_coords)
    z_min: Float[Array, ""] = jnp.min(z_coords)
    z_threshold: Float[Array, ""] = z_max - config.height_fraction * (
        z_max - z_min
    )
    is_surface: Bool[Array, "N"] = z_coords >= z_threshold
    return is_surface


_LAYERS = SurfaceConfig(method="layers", n_layers=2, layer_tolerance=0.5)
_COORD = SurfaceConfig(method="coordination", coordination_cutoff=2.5, coordination_threshold=4)


@jax.jit
def f(atom_positions):
    return (
        identify_surface_atoms(atom_positions),
        identify_surface_atoms(atom_positions, _LAYERS),
        identify_surface_atoms(atom_positions, _COORD),
    )
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    layers = rng.integers(0, 5, size=n).astype(np.float32) * 2.0  # discrete z layers 2 A apart
    xy = rng.uniform(0.0, 4.0, size=(n, 2)).astype(np.float32)
    z = layers + rng.uniform(-0.1, 0.1, size=n).astype(np.float32)
    return (np.concatenate([xy, z[:, None]], axis=1).astype(np.float32),)


INPUTS = make_inputs
