"""Cross-entropy-method MPC planner ported to jax.numpy: a running best (return, obs, sample) updated by a traced `if`.

source: JamesR-J/model-based_rl_main project_name/util/control_util.py at 1aa206a4f070be80cc11a81550a1cf4bdd4248de (`CEM`, called by `rollout_cem_continuous_cartpole` with horizon=10, alpha=0.2, popsize=50, elite_frac=0.1, n_iters=5); the same repository's JAX agent project_name/agents/MPC/MPC.py re-wrote the planner with lax.scan and argmax instead
error: TracerBoolConversionError
category: for-carried-best-if
expect: fix
notes: `CEM` is the NumPy function with np -> jnp and the global `np.random.normal` replaced by
  `jax.random.normal` on a split key passed in as `key` (the `trange(..., disable=not verbose)` progress
  bar becomes `range`, `verbose` is dropped). The dynamics unroller in the repository steps a gym
  environment; here it is a small pure stand-in written for the case (a 1-D point mass, reward
  -x**2, returns summed over the horizon) with the same (observations, returns) interface. `f` calls
  CEM with the hyper-parameters used by rollout_cem_continuous_cartpole. The best_* variables start
  as None / -inf and are set by the traced `if` (always on the first iteration, since returns are
  finite).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def point_mass_unroller(start_obs, action_samples):
    # observations: (popsize, horizon + 1, obs_dim); returns: (popsize,)
    steps = jnp.cumsum(action_samples, axis=1)
    observations = jnp.concatenate(
        [jnp.broadcast_to(start_obs, (action_samples.shape[0], 1, start_obs.shape[0])),
         start_obs + steps], axis=1)
    rewards = -jnp.sum(observations[:, 1:] ** 2, axis=-1)
    return observations, jnp.sum(rewards, axis=1)


def CEM(
    start_obs,
    action_dim,
    dynamics_unroller,
    horizon,
    alpha,
    popsize,
    elite_frac,
    num_iters,
    key,
):
    """
    CEM: the cross-entropy method, here used for planning optimal actions on an MDP.
    assumes action space is [-1, 1]^action_dim
    """
    action_upper_bound = 1
    action_lower_bound = -1
    initial_variance_divisor = 4
    num_elites = int(popsize * elite_frac)
    mean = jnp.zeros(action_dim)
    var = (
        jnp.ones_like(mean)
        * ((action_upper_bound - action_lower_bound) / initial_variance_divisor) ** 2
    )
    best_sample, best_obs, best_return = None, None, -jnp.inf
    for i in range(num_iters):
        key, subkey = jax.random.split(key)
        samples = (
            jnp.fmod(jax.random.normal(subkey, (popsize, horizon, action_dim)), 2)
            * jnp.sqrt(var)
            + mean
        )
        samples = jnp.clip(samples, action_lower_bound, action_upper_bound)
        observations, returns = dynamics_unroller(start_obs, samples)
        elites = samples[jnp.argsort(returns)[-num_elites:], ...]
        new_mean = jnp.mean(elites, axis=0)
        new_var = jnp.var(elites, axis=0)
        mean = alpha * mean + (1 - alpha) * new_mean
        var = alpha * var + (1 - alpha) * new_var
        best_idx = jnp.argmax(returns)
        best_current_return = returns[best_idx]
        if best_current_return > best_return:
            best_return = best_current_return
            best_sample = samples[best_idx, ...]
            best_obs = observations[best_idx]
    return best_return, best_obs, best_sample


@jax.jit
def f(start_obs, key):
    return CEM(start_obs, 1, point_mass_unroller, 10, 0.2, 50, 0.1, 5, key)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    start_obs = rng.uniform(-2.0, 2.0, size=(1,)).astype(np.float32)
    key = rng.integers(0, 2**32 - 1, size=(2,), dtype=np.uint32)
    return (start_obs, key)


INPUTS = make_inputs


@jax.jit
def reference_fix(start_obs, key):
    action_dim, horizon, alpha, popsize, elite_frac, num_iters = 1, 10, 0.2, 50, 0.1, 5
    num_elites = int(popsize * elite_frac)
    mean = jnp.zeros(action_dim)
    var = jnp.ones_like(mean) * ((1 - -1) / 4) ** 2
    best_return = jnp.array(-jnp.inf, jnp.float32)
    best_sample = jnp.zeros((horizon, action_dim), jnp.float32)
    best_obs = jnp.zeros((horizon + 1, start_obs.shape[0]), jnp.float32)
    for i in range(num_iters):
        key, subkey = jax.random.split(key)
        samples = jnp.fmod(jax.random.normal(subkey, (popsize, horizon, action_dim)), 2) * jnp.sqrt(var) + mean
        samples = jnp.clip(samples, -1, 1)
        observations, returns = point_mass_unroller(start_obs, samples)
        elites = samples[jnp.argsort(returns)[-num_elites:], ...]
        mean = alpha * mean + (1 - alpha) * jnp.mean(elites, axis=0)
        var = alpha * var + (1 - alpha) * jnp.var(elites, axis=0)
        best_idx = jnp.argmax(returns)
        best_current_return = returns[best_idx]
        better = best_current_return > best_return
        best_return = jnp.where(better, best_current_return, best_return)
        best_sample = jnp.where(better, samples[best_idx, ...], best_sample)
        best_obs = jnp.where(better, observations[best_idx], best_obs)
    return best_return, best_obs, best_sample
