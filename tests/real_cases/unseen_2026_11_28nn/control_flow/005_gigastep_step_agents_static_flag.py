"""Gigastep aircraft dynamics: `if self.discrete_actions:` is a constructor flag and the rest is clip/maximum on a dict state.

source: mlech26l/gigastep gigastep/gigastep_env.py at 00d385525e9cc8bc89cbaf15ca91af9fd521b777 (GigastepEnv.__init__, GigastepEnv._step_agents; code-index file id 25299700738)
error: none
category: negative-static-config-flag
expect: untouched
notes: _step_agents is verbatim, including its `@partial(jax.jit, static_argnums=(0,))` on the
  method. GigastepEnv.__init__ is cut down to the attributes _step_agents reads (time_delta, z_min,
  z_max, discrete_actions, action_lut), each line as in the original; maps, observation spaces and the
  reset/step machinery are dropped; the three meshgrid lists are wrapped in jnp.array because current
  jnp.meshgrid rejects Python lists. `f` is the env's own `jax.vmap(self._step_agents)` over agents,
  jitted, on a discrete-action env: the only Python `if` tests the static `self.discrete_actions`,
  `u_heading, u_dive, u_throttle = action` unpacks a fixed-length vector, and every state-dependent
  choice already goes through jnp.clip / jnp.maximum, so nothing leaks.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax.numpy as jnp
import jax


class GigastepEnv:
    def __init__(
        self,
        discrete_actions=False,
    ):
        self.z_min = 1
        self.z_max = 10
        self.time_delta = 0.1

        self.discrete_actions = discrete_actions
        if self.discrete_actions:
            # 3x3x3 = 27 actions {+1, 0, -1}^3
            self.action_lut = jnp.array(
                jnp.meshgrid(jnp.array([-1, 0, 1]), jnp.array([-1, 0, 1]), jnp.array([-1, 0, 1]))
            ).T.reshape(-1, 3)

    @partial(jax.jit, static_argnums=(0,))
    def _step_agents(self, state, action):
        c_heading = 4
        c_dive = 5
        c_dive_throttle = 0.5
        c_throttle = 1.5
        v_min = 1.3
        g = 9.81
        v_resistance = 0.4

        if self.discrete_actions:
            action = self.action_lut[action]

        action = jnp.clip(action, -1, 1)
        u_heading, u_dive, u_throttle = action
        # x, y, z, v, heading, health, seen, alive, team = state
        alive = state["alive"]

        # Change heading and pitch based on action
        heading = state["heading"] + self.time_delta * u_heading * c_heading * alive
        # keep within pi
        heading = jnp.fmod(heading + jnp.pi, 2 * jnp.pi) - jnp.pi

        # Apply throttle
        v = (
            state["v"]
            + self.time_delta * u_throttle * c_throttle * alive * state["max_thrust"]
        )
        v = v - self.time_delta * v_resistance * jnp.square(v) * alive

        vx = v * jnp.cos(heading)
        vy = v * jnp.sin(heading)
        vz = c_dive * u_dive

        x = state["x"] + self.time_delta * vx * alive
        y = state["y"] + self.time_delta * vy * alive
        z = state["z"] + self.time_delta * vz * alive
        z = jnp.clip(z, self.z_min, self.z_max)

        z_delta = state["z"] - z
        v_new = jnp.sqrt(
            jnp.maximum(
                jnp.square(v) + c_dive_throttle * g * z_delta, jnp.square(v_min)
            )
        )  # 0 at minimum
        next_state = {
            "x": x,
            "y": y,
            "z": z,
            "v": v_new,
            "heading": heading,
            "health": state["health"],
            "alive": alive,
            "team": state["team"],
            "detection_range": state["detection_range"],
            "max_health": state["max_health"],
            "max_thrust": state["max_thrust"],
            "sprite": state["sprite"],
        }
        return next_state


ENV = GigastepEnv(discrete_actions=True)


@jax.jit
def f(agent_states, actions):
    return jax.vmap(ENV._step_agents)(agent_states, actions)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 6
    states = {
        "x": rng.uniform(0, 10, n).astype(np.float32),
        "y": rng.uniform(0, 10, n).astype(np.float32),
        "z": rng.uniform(1, 10, n).astype(np.float32),
        "v": rng.uniform(0.5, 3, n).astype(np.float32),
        "heading": rng.uniform(-np.pi, np.pi, n).astype(np.float32),
        "health": rng.uniform(0, 1, n).astype(np.float32),
        "alive": rng.integers(0, 2, n).astype(np.float32),
        "team": rng.integers(0, 2, n).astype(np.float32),
        "detection_range": np.ones(n, np.float32),
        "max_health": np.ones(n, np.float32),
        "max_thrust": rng.uniform(0.5, 1.5, n).astype(np.float32),
        "sprite": np.ones(n, np.int32),
    }
    actions = rng.integers(0, 27, n).astype(np.int32)
    return states, actions


INPUTS = make_inputs
