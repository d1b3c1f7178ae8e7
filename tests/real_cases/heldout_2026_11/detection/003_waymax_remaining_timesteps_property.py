"""waymax: range() over a state property computed from the traced timestep.

source: waymo-research/waymax, waymax/datatypes/simulator_state.py (SimulatorState.remaining_timesteps property) with the benchmark loop posted in https://github.com/waymo-research/waymax/issues/14 (the 2025-02-04 comment reports TracerIntegerConversionError at `for _ in range(state.remaining_timesteps)`)
error: TracerIntegerConversionError
category: property-range
expect: fix
notes: SimulatorState (a chex dataclass) is reduced to a NamedTuple with the fields the loop touches (sim/log trajectories as (T, 2) arrays, timestep) and the two properties copied; datatypes.update_state_by_log(state, num_steps=1) is inlined as copying the logged position at timestep+1 into the sim trajectory and advancing the timestep. num_timesteps is a static shape; only timestep is traced. A jit-safe rewrite runs the loop with lax.fori_loop (a traced trip count becomes a while loop).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SimulatorState(NamedTuple):
    sim_trajectory: jax.Array  # (num_timesteps, 2)
    log_trajectory: jax.Array  # (num_timesteps, 2)
    timestep: jax.Array        # int32 scalar

    @property
    def is_done(self):
        """Returns whether the simulation is at the end of the logged history."""
        return jnp.array((self.timestep + 1) >= self.log_trajectory.shape[0], bool)

    @property
    def remaining_timesteps(self):
        """Returns the number of remaining timesteps in the episode."""
        return jnp.array(self.log_trajectory.shape[0] - self.timestep - 1, int)


def update_state_by_log(state, num_steps=1):
    t = state.timestep + num_steps
    sim = state.sim_trajectory.at[t].set(state.log_trajectory[t])
    return state._replace(sim_trajectory=sim, timestep=t)


@jax.jit
def f(state):
    for _ in range(state.remaining_timesteps):
        state = update_state_by_log(state, num_steps=1)
    return state
# --- end user code ---

import numpy as np


def make_inputs(rng):
    T = 8
    log = rng.normal(size=(T, 2)).astype(np.float32)
    t0 = int(rng.integers(0, T))  # includes T-1: nothing left to do
    sim = np.zeros((T, 2), np.float32)
    sim[: t0 + 1] = log[: t0 + 1]
    return (SimulatorState(sim, log, np.int32(t0)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(state):
    return jax.lax.fori_loop(
        0, state.remaining_timesteps,
        lambda _, s: update_state_by_log(s, num_steps=1), state)
