"""Ising-model RL environment step: Metropolis accept by arithmetic masking, lax.cond flip (jit-safe look-alike).

source: public spin-model RL-environment code in the code index: the Ising environment module (code-index file id 48150664336: random_initial_state, activity, logp_ref, reward, step_fn, get_energy, class IsingModel "Gym Environment for the East Model") and its components/updates.py (id 48141722346: _flip, update_one_flip_action). The index does not name the repository or commits.
error: none
category: negative-masked-select-and-lax-cond
expect: untouched
notes: activity, logp_ref, reward, step_fn, get_energy, _flip and update_one_flip_action keep their
  code verbatim (activity's Args/Returns docstring, logp_ref's commented-out docstring and
  step_fn's "start here" comment block are trimmed; step_fn keeps its unused true_cond/false_cond helpers and the commented-out `cond(...)`).
  Adapted: the module's `jax.config.update("jax_enable_x64", True)` is dropped (it would change
  the process-wide config); `fix_config_and_jit` comes from the project's utils.utils, which the
  index does not hold, so a one-line stand-in (partial over `config`, then jax.jit) is used; the
  gymnasium IsingModel wrapper is dropped and `f = fix_config_and_jit(step_fn, CONFIG)` is the
  entry point, as in IsingModel.__init__; random_initial_state, policy_ref, reward_components and
  the other stubs are dropped. Inputs are int32 lattices (the module's uint8 lattice would wrap
  around in `lattice * 2 - 1`). Looks leaky (energy comparison, `if`-style accept,
  array_equiv on the action) but every choice goes through masks or lax.cond.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp
from jax.lax import cond, fori_loop


def fix_config_and_jit(fn, config):
    return jax.jit(partial(fn, config=config))


def _flip(state, action):
    """Flips the spin at the indicated site: s_i -> 1-s_i where action = (site,) i.e. a shape=(1,) array."""
    state = state.at[action].set(1 - state[action])
    return state


def update_one_flip_action(state, action):
    """Updates the physical-state using the single-spin flip action: s_i -> 1 - s_i

    Args:
        state (array): an array of s_i in {0,1} with shape (L,1). The state of the spin-system.
        action (array): an shape (1,) array with int element indicating the spin to flip (i = 0, 1, ..., L-1)
                        int=L meaning no flip.

    Returns:
        state: the new state
    """
    lattice_size = len(state)

    state = cond(
        jnp.array_equiv(action, lattice_size),
        lambda x: x,
        lambda x: _flip(x, action),
        state,
    )
    return state


def activity(s_t, a_t, s_tp1):
    """Counts the number of spin-flips
    For spin-flips \\kappa[i] = 1 if s_tp1[i] \\neq s_t[i], and zero otherwise).
    """

    return jnp.sum(jnp.not_equal(s_t, s_tp1))


def logp_ref(s_t, a_t, config):
    logp = cond(
        jnp.array_equiv(a_t, config["L"]),  # no spin flip chosen
        lambda x: jnp.log(1 - jnp.sum(x) / config["L"]),  # logp for no-flip
        lambda x: -jnp.log(config["L"]),  # logp for flip
        s_t,
    )
    return logp


def reward(s_t, a_t, s_tp1, config):
    """Return the reward components summed"""

    r_bias = -config["bias"] * config["obs_fn"](s_t, a_t, s_tp1)
    r_logp_ref = logp_ref(s_t, a_t, config)

    # return r_bias + r_logp_ref
    return 5


def step_fn(key, s_t, a_t, config):
    """Performs the alternating EM step to update the current state and release the reward"""

    s_tp1 = update_one_flip_action(s_t, a_t)
    s_t_energy = get_energy(s_t, config["D"]) # Gets energy for current state
    s_tp1_energy = get_energy(s_tp1, config["D"]) # Gets energy for the next state
    energy_difference = s_tp1_energy-s_t_energy # Compares energy difference

    key, subkey = jax.random.split(key)

    def true_cond(s_t, a_t, s_tp1, config):
        s_t = s_tp1
        r_t = reward(s_t, a_t, s_tp1, config)

        return s_t, r_t

    def false_cond(s_t, a_t, s_tp1, config):
        s_tp1 = s_t
        r_t = reward(s_t, config["L"], s_tp1, config)

        return s_tp1, r_t


    G = ((energy_difference > 0) & (jax.random.uniform(subkey) < jnp.exp(-config["temp"]*energy_difference))) | (energy_difference <= 0)
    s_tp1 = G*s_tp1 -(G-1)*s_t
    r_t = G*reward(s_t, a_t, s_tp1, config) -(G-1)* reward(s_t, config["L"], s_tp1, config)

    # s_tp1, r_t = cond(
    #     True,
    #     true_cond,
    #     false_cond,

    #     s_t, a_t, s_tp1, config
    # )


    return key, s_tp1, r_t


def get_energy(lattice, dimensions):

    lattice = (lattice * 2) - 1

    kern = jnp.zeros([3]*dimensions, bool)

    def run_energy(n, init_val):
        kern = init_val
        b = jnp.array([1]*dimensions)
        c = jnp.array([1]*dimensions)

        b = b.at[n].add(-1)
        c = c.at[n].add(1)

        b = tuple(b)
        c = tuple(c)

        kern = kern.at[b].set(True)
        kern = kern.at[c].set(True)

        return kern

    kern = fori_loop(0, dimensions, run_energy, kern)

    arr = -lattice * jax.scipy.signal.convolve(lattice, kern, mode='same', method="direct")
    return jnp.sum(arr)


CONFIG = {"L": 6, "D": 2, "temp": 0.5, "bias": 0.0, "obs_fn": activity}

f = fix_config_and_jit(step_fn, CONFIG)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = rng.integers(0, 2**31, size=(2,)).astype(np.uint32)
    s_t = rng.integers(0, 2, size=(6, 6)).astype(np.int32)
    a_t = np.array([rng.integers(0, 7)], dtype=np.int32)  # 6 == L means "no flip"
    return (key, s_t, a_t)


INPUTS = make_inputs
