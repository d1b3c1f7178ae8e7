"""`range()` over a dataclass property that is computed with jnp from the traced timestep.

source: https://github.com/waymo-research/waymax/issues/14 (the maintainer's `benchmark(state)`: `@jax.jit` over `for _ in range(state.remaining_timesteps): state = datatypes.update_state_by_log(state, num_steps=1)`, later reported to raise TracerIntegerConversionError at the `range` line); `SimulatorState.remaining_timesteps` / `is_done` as in waymax datatypes/simulator_state.py (found in the public code index)
error: TracerIntegerConversionError
category: range-of-traced-property
expect: fix
notes: the loop is verbatim. SimulatorState is cut down to `timestep`, `sim_trajectory` and `log_trajectory` (one coordinate per object and timestep instead of the full Trajectory), registered with jax.tree_util.register_dataclass like waymax's chex dataclass; its two properties are verbatim, with `log_trajectory.num_timesteps` read as the last axis length. `update_state_by_log` is a small stand-in that copies the logged value at the next timestep into the simulated trajectory. Because every step keeps the state's shapes, a `lax.fori_loop`/`while_loop` over the traced count is a jit-safe rewrite.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass(frozen=True)
class SimulatorState:
  timestep: jax.Array
  sim_trajectory: jax.Array
  log_trajectory: jax.Array

  @property
  def is_done(self) -> bool:
    """Returns whether the simulation is at the end of the logged history."""
    return jnp.array(  # pytype: disable=bad-return-type  # jnp-type
        (self.timestep + 1) >= self.log_trajectory.shape[-1], bool
    )

  @property
  def remaining_timesteps(self) -> int:
    """Returns the number of remaining timesteps in the episode."""
    return jnp.array(self.log_trajectory.shape[-1] - self.timestep - 1, int)  # pytype: disable=bad-return-type  # jnp-type

  def replace(self, **kwargs):
    return dataclasses.replace(self, **kwargs)


jax.tree_util.register_dataclass(
    SimulatorState,
    data_fields=['timestep', 'sim_trajectory', 'log_trajectory'],
    meta_fields=[],
)


def update_state_by_log(state, num_steps):
  timestep = state.timestep + num_steps
  logged = jax.lax.dynamic_slice_in_dim(state.log_trajectory, timestep, 1, axis=-1)
  sim = jax.lax.dynamic_update_slice_in_dim(state.sim_trajectory, logged, timestep, axis=-1)
  return state.replace(timestep=timestep, sim_trajectory=sim)


@jax.jit
def f(state):
  for _ in range(state.remaining_timesteps):
        state = update_state_by_log(state, num_steps=1)
  return state
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_obj, n_t = 3, 8
    log = rng.normal(size=(n_obj, n_t)).astype(np.float32)
    t = int(rng.integers(0, n_t))
    sim = np.zeros_like(log)
    sim[:, : t + 1] = log[:, : t + 1]
    return (SimulatorState(np.asarray(t, np.int32), sim, log),)


INPUTS = make_inputs


@jax.jit
def reference_fix(state):
  return jax.lax.fori_loop(
      0, state.remaining_timesteps,
      lambda _, s: update_state_by_log(s, num_steps=1), state)
