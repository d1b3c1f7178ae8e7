"""Differentiable drone physics: `validate_physics_state` returns False early on traced finiteness and bound checks of a dataclass state.

source: code-index file id 32487962691 (JAX drone physics engine combining GCBF+ and DiffPhysDrone, the revision whose validate_physics_state checks `state.thrust_current` and uses `jnp.linalg.norm(state.velocity)`); DroneState taken from the English revision of the same module, code-index file id 32819184504 (its own validate_physics_state reads a non-existent `state.thrust_history`). The index does not name the repository.
error: TracerBoolConversionError
category: early-return-on-traced-predicate
expect: fix
notes: DroneState and validate_physics_state verbatim (the Chinese comments of the 32487962691 revision translated to the English wording of 32819184504). flax and chex are not installed here: `from flax import struct` is replaced by a five-line `struct.dataclass` stand-in (frozen dataclass registered with jax.tree_util.register_dataclass) and `chex.Array` by jax.Array. Added `f = jax.jit(validate_physics_state)`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
import types

import jax
import jax.numpy as jnp

# stand-ins for `import chex` / `from flax import struct` (not installed here)
chex = types.SimpleNamespace(Array=jax.Array)


class struct:
    @staticmethod
    def dataclass(cls):
        cls = dataclasses.dataclass(frozen=True)(cls)
        names = [fld.name for fld in dataclasses.fields(cls)]
        return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


@struct.dataclass
class DroneState:
    """Simplified drone state for GCBF+ and DiffPhysDrone integration.

    Follows DiffPhysDrone point-mass model with state representation compatible
    with GCBF+ graph neural networks.
    """
    # Core state (point-mass model)
    position: chex.Array  # [3] - x, y, z coordinates in world frame
    velocity: chex.Array  # [3] - velocity components in world frame
    acceleration: chex.Array  # [3] - current acceleration (needed for integration)

    # Control state (DiffPhysDrone-style)
    thrust_current: chex.Array  # [3] - current thrust command
    thrust_previous: chex.Array  # [3] - previous thrust command (for smoothing)

    # Temporal state
    time: float  # Current simulation time

    # Agent identification (for GCBF+ multi-agent scenarios)
    agent_id: int = 0  # Agent identifier for graph construction

    # Orientation (simplified - identity matrix for point mass)
    orientation: chex.Array = None  # [3, 3] rotation matrix (defaults to identity)

    def __post_init__(self):
        # Set default orientation to identity if not provided
        if self.orientation is None:
            object.__setattr__(self, 'orientation', jnp.eye(3))


def validate_physics_state(state: DroneState) -> bool:
    """
    Validate drone state for numerical stability and physical constraints.

    Args:
        state: Drone state to validate

    Returns:
        True if state is valid, False otherwise
    """
    # Check for NaN or infinite values
    if not jnp.all(jnp.isfinite(state.position)):
        return False
    if not jnp.all(jnp.isfinite(state.velocity)):
        return False
    if not jnp.all(jnp.isfinite(state.thrust_current)):
        return False

    # Check reasonable physical bounds (updated for the new constraints)
    max_position = 100.0  # meters
    max_velocity = 50.0   # m/s (updated to match test expectation)

    if jnp.any(jnp.abs(state.position) > max_position):
        return False
    if jnp.linalg.norm(state.velocity) > max_velocity:  # Use norm instead of component-wise check
        return False

    return True


f = jax.jit(validate_physics_state)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    pos = (rng.uniform(-1.0, 1.0, size=3) * rng.choice([20.0, 90.0, 130.0])).astype(np.float32)
    vel = (rng.normal(size=3) * rng.choice([5.0, 25.0, 45.0])).astype(np.float32)
    thrust = rng.uniform(-1.0, 1.0, size=3).astype(np.float32)
    r = rng.random()
    if r < 0.1:
        pos[rng.integers(3)] = np.nan
    elif r < 0.2:
        vel[rng.integers(3)] = np.inf
    elif r < 0.3:
        thrust[rng.integers(3)] = np.nan
    state = DroneState(
        position=pos,
        velocity=vel,
        acceleration=rng.normal(size=3).astype(np.float32),
        thrust_current=thrust,
        thrust_previous=rng.uniform(-1.0, 1.0, size=3).astype(np.float32),
        time=np.float32(rng.uniform(0.0, 10.0)),
        agent_id=np.int32(rng.integers(0, 4)),
        orientation=np.eye(3, dtype=np.float32),
    )
    return (state,)


INPUTS = make_inputs


@jax.jit
def reference_fix(state):
    finite = (jnp.all(jnp.isfinite(state.position))
              & jnp.all(jnp.isfinite(state.velocity))
              & jnp.all(jnp.isfinite(state.thrust_current)))
    in_box = ~jnp.any(jnp.abs(state.position) > 100.0)
    slow = ~(jnp.linalg.norm(state.velocity) > 50.0)
    return finite & in_box & slow
