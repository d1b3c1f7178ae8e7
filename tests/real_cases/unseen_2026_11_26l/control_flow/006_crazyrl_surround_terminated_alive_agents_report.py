"""CrazyRL's first JAX Surround env: collision test with `or`/`and` on tracers, then `if jnp.any(terminated)` empties `alive_agents`.

source: ffelten/CrazyRL crazy_rl/multi_agent/jax/surround/surround.py, the early JAX-port revision whose methods are still marked `# nope` / `# @partial(jit, static_argnums=(0,))` (code-index file id 18894439634; commit not resolved). Later revisions of the same file (e.g. the jdc.replace versions in ffelten/CrazyRL) compute `terminations=jnp.any(terminated) * jnp.ones(self.num_drones)` with fixed shapes instead; the JAX port was merged in its jittable form by https://github.com/ffelten/CrazyRL/pull/5 ("Jax")
error: TracerBoolConversionError
category: branch-dependent-output-shape
expect: report
notes: `_compute_terminated` is verbatim. The class keeps only the attributes the method reads (`num_drones`, `alive_agents`, `_target_location`, `_agent_location`, `timestep`), with those `__init__` lines verbatim; the gymnasium BaseParallelEnv parent, spaces, rendering and the other methods are dropped. `f` jits a wrapper that builds the env from the drone positions and calls the method the way the env's step does (`crash`, `end` start False; `timestep` is a Python int, not 100). Not fixable: when any drone collides the method returns `alive_agents = jnp.array([])` (shape (0,)) instead of the (num_drones,) index array, so the output shape depends on traced positions; the first failure is the Python `or`/`and` in the pairwise collision loop.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Surround:
    """A Parallel Environment where drone learn how to surround a target point."""

    def __init__(
        self,
        num_drones: int,
        init_flying_pos: jnp.ndarray,
        target_location: jnp.ndarray,
        size: int = 4,
    ):
        self.num_drones = num_drones

        self.alive_agents = jnp.array([i for i in range(self.num_drones)])

        self._target_location = target_location  # unique target location for all agents

        self._init_flying_pos = init_flying_pos

        self._agent_location = jnp.copy(init_flying_pos)

        self.timestep = 0

        self.size = size

    def _compute_terminated(self, alive_agents, crash, end):
        # terminated = jnp.array([False for _ in range(self.num_drones)])
        # agents = jnp.copy(self.alive_agents)
        crash = False

        # End of the game
        if self.timestep == 100:
            terminated = jnp.array([True for _ in range(self.num_drones)])
            alive_agents = jnp.array([])
            end = True

        else:
            # collision with the ground and the target
            terminated = jnp.logical_or(
                self._agent_location[:, 2] < 0.2, jnp.linalg.norm(self._agent_location - self._target_location) < 0.2
            )

            for agent in alive_agents:
                terminated_agent = False
                # collision between two drones
                for other_agent in alive_agents:
                    terminated_agent = terminated_agent or (
                        other_agent != agent
                        and jnp.linalg.norm(self._agent_location[agent] - self._agent_location[other_agent]) < 0.2
                    )
                terminated = terminated.at[agent].set(terminated_agent)

            if jnp.any(terminated):
                terminated = jnp.array([True for _ in range(self.num_drones)])
                alive_agents = jnp.array([])
                crash = True

        return terminated, alive_agents, crash, end


def _f(agent_location, target_location, alive_agents):
    env = Surround(
        num_drones=agent_location.shape[0],
        init_flying_pos=agent_location,
        target_location=target_location,
    )
    return env._compute_terminated(alive_agents, False, False)


f = jax.jit(_f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 5
    loc = np.column_stack([
        rng.uniform(-4.0, 4.0, size=n),
        rng.uniform(-4.0, 4.0, size=n),
        rng.uniform(0.5, 4.0, size=n),
    ])
    if rng.uniform() < 0.5:
        # two drones within 20 cm of each other: a crash
        loc[1] = loc[0] + rng.uniform(-0.05, 0.05, size=3)
    target = np.array([[1.0, 1.0, 2.5]])
    return (loc.astype(np.float32), target.astype(np.float32), np.arange(n, dtype=np.int32))


INPUTS = make_inputs
