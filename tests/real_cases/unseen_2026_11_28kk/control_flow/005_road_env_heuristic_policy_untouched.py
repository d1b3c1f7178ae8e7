"""Road-maintenance MARL heuristic policies: config-driven factories whose traced logic is already jnp.where.

source: AI-for-Infrastructure-Management/imp-act-JaxMARL evaluation/heuristic_evaluation_road_env.py, an early stored revision (code-index file id 59330075392: DEBUG flag, get_policy_do_nothing, get_policy_random, get_policy_humble_heuristic, run_rollout, hydra main); the latest revision (0e30282b7d80e0254bb610c72e39428a1a8004be) keeps the same jnp.where heuristic as get_policy_segment_based_heuristic
error: none
category: negative-config-flags-jnp-where
expect: untouched
notes: the module's DEBUG flag block, the three policy factories and run_rollout verbatim; the hydra `main` and the jaxmarl/hydra imports dropped (they need the road_env package and a config directory). Two small NamedTuple stand-ins give the LogWrapper state the fields the heuristic reads (`env_state.timestep`, `env_state.observation`). Entry point `f = jax.jit(get_policy_humble_heuristic({...}))`, the policy run_rollout calls inside its jitted scan. Looks leaky (`tstep % inspection_interval == 0`, a threshold on observations, a loop over agents, `params.get`, `if DEBUG:`) but every traced test is inside `jnp.where`; the loop runs over `len(obs)` of a dict.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import time
import jax
import jax.numpy as jnp
from typing import NamedTuple

DEBUG = False
if DEBUG:
    jax.config.update("jax_disable_jit", True)
    jax.config.update("jax_check_tracer_leaks", True)


class RoadEnvState(NamedTuple):  # stand-in: the fields of the road_env state used below
    timestep: jax.Array
    observation: jax.Array


class LogEnvState(NamedTuple):  # stand-in for jaxmarl LogWrapper's state
    env_state: RoadEnvState


def get_policy_do_nothing(params=None):
    """Returns a do_nothing policy function.
    
    Args:
        params: Not used for this policy, included for consistency.
    """
    def policy(key, state, obs):
        """Policy that does nothing."""
        return {agent: 0 for agent in obs.keys()}
    return policy

def get_policy_random(params=None):
    """Returns a random policy function.
    
    Args:
        params: Not used for this policy, included for consistency.
    """
    def policy(key, state, obs):
        """Policy that picks a random action (0, 1, or 2) for each agent."""
        num_agents = len(obs)
        num_actions = 3  # Update this if you have more or fewer discrete actions
        keys = jax.random.split(key, num_agents)
        actions = jax.vmap(lambda k: jax.random.randint(k, (), 0, num_actions))(keys)
        return {f"agent_{i}": actions[i] for i in range(num_agents)}
    return policy

def get_policy_humble_heuristic(params):
    """Returns a humble_heuristic policy function with configurable parameters.
    
    Args:
        params: Dictionary containing:
            - inspection_interval: Timestep interval for inspection (action 1)
            - repair_threshold: Observation threshold above which repair action is taken (action 2)
    """
    inspection_interval = params.get("inspection_interval", 6)
    repair_threshold = params.get("repair_threshold", 1)
    
    def policy(key, state, obs):
        """Policy that inspects at specified intervals and repairs when observation exceeds threshold."""
        tstep = state.env_state.timestep
        obs_insp = state.env_state.observation
        # Step 1: Initialize with default action 0
        actions = jnp.zeros_like(obs_insp, dtype=jnp.int32)
        # Step 2: Apply condition for inspection based on configured interval
        actions = jnp.where(tstep % inspection_interval == 0, 1, actions)
        # Step 3: Apply condition for repair based on configured threshold
        actions = jnp.where(obs_insp > repair_threshold, 2, actions)
        actions_dict = {f"agent_{i}": actions[i] for i in range(len(obs))}
        return actions_dict
    return policy

def run_rollout(key, env, policy, num_steps):
    """Run a rollout in the environment."""
    def scan_step(carry, _):
        key, total_reward, last_obs, last_state = carry
        key, key_act = jax.random.split(key)
        actions = policy(key_act, last_state, last_obs)
        key, key_step = jax.random.split(key)
        obs, state, reward, done, infos = env.step(key_step, last_state, actions)
        total_reward = total_reward + reward["__all__"]
        return (key, total_reward, obs, state), (done["__all__"], infos)
    
    key, key_reset = jax.random.split(key)
    obs, state = env.reset(key_reset)
    
    key, key_scan = jax.random.split(key)
    carry, (dones, infos) = jax.lax.scan(scan_step, (key_scan, 0.0, obs, state), None, length=num_steps)
    _, total_reward, _, _ = carry
    log_wrapper_return = jnp.nanmean(
        jnp.where(
            infos["returned_episode"],
            infos["returned_episode_returns"],
            jnp.nan,
        )
    )
    return total_reward, dones.any(), log_wrapper_return


f = jax.jit(get_policy_humble_heuristic({"inspection_interval": 6, "repair_threshold": 1}))
# --- end user code ---

import numpy as np

N_AGENTS = 7


def make_inputs(rng):
    key = np.array(rng.integers(0, 2**31, size=2), dtype=np.uint32)
    timestep = np.int32(rng.choice([0, 6, 12, int(rng.integers(1, 50))]))
    observation = rng.integers(0, 4, size=(N_AGENTS,)).astype(np.int32)
    state = LogEnvState(RoadEnvState(timestep, observation))
    obs = {f"agent_{i}": rng.normal(size=(5,)).astype(np.float32) for i in range(N_AGENTS)}
    return (key, state, obs)


INPUTS = make_inputs
