"""Gillespie SSA loop of a JAX control benchmark: `is None` defaults, jnp.where invalidation and a lax.while_loop with a pytree carry.

source: robinhenry/myriad-jax, the Gillespie helper module (code-index file id 52012382823, the revision importing `from .types import PRNGKey`; the repository also stores src/myriad/envs/bio/gillespie.py, listed at a04578381a94621a3b80e46df767093e7063eb54): `run_gillespie_loop` with its nested `sample_tau`, `sample_reaction`, `cond_fn`, `body_fn`
error: none
category: control_flow
expect: untouched
notes: `run_gillespie_loop` is kept as stored except that the long module docstring and the Args section of its docstring are shortened; `from .types import PRNGKey` is replaced by `PRNGKey = jax.Array` (the package is not installed). The driver is added: a birth-death process whose state is a dict {"t", "n"} with a light-controlled birth propensity, `apply_reaction` written with jnp.where as the docstring asks, and `f = jax.jit(simulate, static_argnames="max_steps")` called with or without a pending reaction time / previous action (None is static, so each combination traces separately). Look-alike features: `if pending_reaction_time is None`, `if previous_action is not None`, time-dependent stopping and an event loop whose trip count depends on random data; all data-dependent decisions already use jnp.where and jax.lax.while_loop.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
"""Gillespie algorithm for exact stochastic simulation of chemical kinetics.

This module implements the Stochastic Simulation Algorithm (SSA) for simulating
chemical reaction networks with discrete molecular counts.

Reference
---------
Gillespie, D. T. (1977). "Exact stochastic simulation of coupled chemical
reactions." *The Journal of Physical Chemistry*, 81(25), 2340-2361.
"""

from typing import Any, Callable

import jax
import jax.numpy as jnp
from jax import Array

PRNGKey = jax.Array  # stand-in for `from .types import PRNGKey`


def run_gillespie_loop(
    key: PRNGKey,
    initial_state: Any,
    action: Array,
    target_time: float | Array,
    max_steps: int,
    compute_propensities_fn: Callable[[Any, Array], Array],
    apply_reaction_fn: Callable[[Any, Array], Any],
    get_time_fn: Callable[[Any], Array],
    update_time_fn: Callable[[Any, float | Array], Any],
    pending_reaction_time: Array | None = None,
    previous_action: Array | None = None,
) -> tuple[Any, Array]:
    """Execute Gillespie SSA until ``target_time``, preserving pending reactions.

    Simulates the chemical system from the current time until ``target_time``,
    executing reactions as they occur. Pending reaction times are preserved
    across calls so that trajectories are independent of the simulation
    discretisation boundaries.

    Returns:
        final_state: State after simulating to ``target_time``.
        next_reaction_time: Scheduled time of the next reaction, which may be
            larger than ``target_time`` (in which case the caller should thread
            it into the next call as ``pending_reaction_time``).
    """

    def sample_tau(key: PRNGKey, propensities: Array) -> Array:
        """Sample time until next reaction: :math:`\\tau \\sim \\mathrm{Exp}(a_0)`."""
        a0 = jnp.sum(propensities)
        return jax.random.exponential(key) / jnp.maximum(a0, 1e-10)

    def sample_reaction(key: PRNGKey, propensities: Array) -> Array:
        """Sample which reaction: :math:`P(j) = a_j / a_0`."""
        a0 = jnp.sum(propensities)
        probs = propensities / jnp.maximum(a0, 1e-10)
        return jax.random.choice(key, len(propensities), p=probs)

    if pending_reaction_time is None:
        pending_reaction_time = jnp.array(jnp.inf)

    # Invalidate pending reaction if the action changed (propensities differ).
    # Element-wise inequality is used so this is correct for both binary and
    # continuous actions — a boolean XOR would silently cast floats to bool.
    if previous_action is not None:
        action_changed = jnp.any(jnp.asarray(previous_action) != jnp.asarray(action))
        pending_reaction_time = jnp.where(
            action_changed, jnp.array(jnp.inf), pending_reaction_time
        )

    # Sample an initial reaction time if we don't have one carried over.
    initial_time = get_time_fn(initial_state)
    key, key_init = jax.random.split(key)
    needs_sample = jnp.isinf(pending_reaction_time)
    initial_propensities = compute_propensities_fn(initial_state, action)
    sampled_tau = sample_tau(key_init, initial_propensities)
    next_reaction_time = jnp.where(
        needs_sample, initial_time + sampled_tau, pending_reaction_time
    )

    def cond_fn(carry):
        state, next_rxn_time, step, key = carry
        return (next_rxn_time < target_time) & (step < max_steps)

    def body_fn(carry):
        state, next_rxn_time, step, key = carry
        key, key_reaction, key_time = jax.random.split(key, 3)

        # Advance time to when the reaction occurs.
        state = update_time_fn(state, next_rxn_time)

        # Sample which reaction (using pre-reaction propensities) and apply it.
        propensities = compute_propensities_fn(state, action)
        reaction_idx = sample_reaction(key_reaction, propensities)
        state = apply_reaction_fn(state, reaction_idx)

        # Post-reaction propensities have changed; sample the next tau.
        new_propensities = compute_propensities_fn(state, action)
        tau = sample_tau(key_time, new_propensities)
        new_next_rxn_time = get_time_fn(state) + tau

        return state, new_next_rxn_time, step + 1, key

    final_state, final_next_rxn_time, _, _ = jax.lax.while_loop(
        cond_fn,
        body_fn,
        (initial_state, next_reaction_time, jnp.array(0), key),
    )

    return final_state, final_next_rxn_time


# ---- driver (added): light-induced birth, first-order death -------------------------------

K_BIRTH = 20.0
K_DEATH = 0.5


def compute_propensities(state, action):
    return jnp.stack([K_BIRTH * (0.1 + action), K_DEATH * state["n"]])


def apply_reaction(state, reaction_idx):
    delta = jnp.where(reaction_idx == 0, 1.0, -1.0)
    return {"t": state["t"], "n": jnp.maximum(state["n"] + delta, 0.0)}


def simulate(key, n0, t0, action, target_time, pending_reaction_time=None, previous_action=None,
             max_steps=500):
    state = {"t": t0, "n": n0}
    return run_gillespie_loop(
        key, state, action, target_time, max_steps,
        compute_propensities, apply_reaction,
        lambda s: s["t"], lambda s, t: {"t": t, "n": s["n"]},
        pending_reaction_time=pending_reaction_time, previous_action=previous_action,
    )


f = jax.jit(simulate, static_argnames="max_steps")
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = rng.integers(0, 2**31, size=(2,)).astype(np.uint32)
    n0 = np.float32(rng.integers(0, 30))
    t0 = np.float32(rng.uniform(0.0, 2.0))
    action = np.float32(rng.choice([0.0, 1.0]))
    target_time = np.float32(t0 + rng.uniform(0.5, 3.0))
    kind = rng.integers(0, 3)
    if kind == 0:
        return key, n0, t0, action, target_time
    pending = np.float32(t0 + rng.uniform(0.0, 1.0))
    if kind == 1:
        return key, n0, t0, action, target_time, pending
    previous = np.float32(rng.choice([0.0, 1.0]))
    return key, n0, t0, action, target_time, pending, previous


INPUTS = make_inputs
