"""CrazyRL's first JAX Surround env: the per-agent reward loop is guarded by `if end:` on the traced end-of-episode flag.

source: ffelten/CrazyRL crazy_rl/multi_agent/jax/surround/surround.py, the early JAX-port revision (code-index file id 18894439634, the same revision as case 006; commit not resolved). The jitted revisions of the env replace the branch by a product, `rewards=jnp.any(state.truncations) * (...) + jnp.any(state.terminations) * ... * -10 * jnp.ones(self.num_drones)` (e.g. crazy_rl/multi_agent/jax/catch/catch.py in ffelten/CrazyRL at 184a4dfd13e4f2e56618b7dec9fd7612a6161322)
error: TracerBoolConversionError
category: loop-with-nested-traced-if
expect: fix
notes: `_compute_reward` is verbatim (including the dead triple-quoted block). The class keeps only the attributes it reads, with those `__init__` lines verbatim (`size` default 4 as in the original); the gymnasium parent and other methods are dropped. `f` jits a wrapper that builds the env from the drone positions and passes `crash` / `end` as traced booleans, as a jitted step would after computing them from the state. The inner `if other_agent != agent` compares static loop indices and is fine; only `if end:` needs a select.
"""
EXPECT = "fix"

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

    def _compute_reward(self, crash, end):
        # Reward is the mean distance to the other agents minus the distance to the target
        rewards = jnp.zeros(self.num_drones)

        for agent in range(self.num_drones):
            reward = 0
            if end:
                # mean distance to the other agents
                for other_agent in range(self.num_drones):
                    if other_agent != agent:
                        reward += jnp.linalg.norm(self._agent_location[agent] - self._agent_location[other_agent])

                reward /= self.num_drones - 1

                reward *= 0.05

                # a maximum value minus the distance to the target
                reward += 0.95 * (2 * self.size - jnp.linalg.norm(self._agent_location[agent] - self._target_location))

                rewards = rewards.at[agent].set(reward)

        rewards = rewards + crash * -10 * jnp.ones(self.num_drones)

        """
        # collision between two drones
        for other_agent in range(self.num_drones):
            if other_agent != agent and (
                jnp.linalg.norm(self._agent_location[agent] - self._agent_location[other_agent]) < 0.2
            ):
                reward -= 100

        # collision with the ground
        if self._agent_location[agent][2] < 0.2:
            reward -= 100

        # collision with the target
        if jnp.linalg.norm(self._agent_location[agent] - self._target_location) < 0.2:
            reward -= 100
        """

        return rewards


def _f(agent_location, target_location, crash, end):
    env = Surround(
        num_drones=agent_location.shape[0],
        init_flying_pos=agent_location,
        target_location=target_location,
    )
    return env._compute_reward(crash, end)


f = jax.jit(_f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 5
    loc = np.column_stack([
        rng.uniform(-4.0, 4.0, size=n),
        rng.uniform(-4.0, 4.0, size=n),
        rng.uniform(0.2, 4.0, size=n),
    ])
    target = np.array([[1.0, 1.0, 2.5]])
    crash = np.bool_(rng.uniform() < 0.3)
    end = np.bool_(rng.uniform() < 0.5)
    return (loc.astype(np.float32), target.astype(np.float32), crash, end)


INPUTS = make_inputs


@jax.jit
def reference_fix(agent_location, target_location, crash, end):
    n = agent_location.shape[0]
    size = 4
    pair = jnp.linalg.norm(agent_location[:, None, :] - agent_location[None, :, :], axis=-1)
    mean_other = pair.sum(axis=1) / (n - 1) * 0.05
    to_target = jnp.array([jnp.linalg.norm(agent_location[a] - target_location) for a in range(n)])
    reward = mean_other + 0.95 * (2 * size - to_target)
    rewards = jnp.where(end, reward, 0.0)
    return rewards + crash * -10 * jnp.ones(n)
