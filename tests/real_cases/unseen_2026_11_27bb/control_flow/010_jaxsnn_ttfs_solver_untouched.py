"""jaxsnn's analytic time-to-first-spike solver: nested lax.cond on `has_spike` / `inner_log > 1` (look-alike, must stay untouched).

source: electronicvisions/jaxsnn src/pyjaxsnn/jaxsnn/event/root/ttfs.py at 0e1b6074b5f51c56006945998493f1b6306b6504 (`ttfs_inner_most`, `ttfs_inner`, `ttfs_solver`; code-index file id 14253989064)
error: none
category: negative-lax-cond-piecewise
expect: untouched
notes: The three functions are verbatim. They read as a piecewise root formula with data-dependent branches (`has_spike = second_term > 0`, `inner_log > 1`, `jnp.abs(denominator) > epsilon`), but each branch is a `jax.lax.cond` on a traced predicate and the unsafe operands are guarded with `jnp.maximum` / `jnp.where`, so the code jits as is. Stand-in: `LIFState` (imported from jaxsnn.event.types upstream) is a NamedTuple with the two fields the solver reads. The entry point binds `tau_mem` and `v_th` as Python constants, as the library's event loop does with `functools.partial`, and jits over the state and `t_max`. Inputs include states with no threshold crossing (returns `t_max`) and with a crossing.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
"""Analytically find the time of the next spike for a LIF neuron for the
special case of $\tau_mem = 2 * \tau_syn$.

When using `jax.vmap` to do this root solving in parallel, `jax.lax.cond`
is mapped to `jax.lax.switch`, meaning that both branches are executed.
Therefore, special care is taken to ensure that no NaNs occur, which would
affect gradient calculation."""

from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class LIFState(NamedTuple):
    V: jax.Array
    I: jax.Array


def ttfs_inner_most(
    a_1: jax.Array, denominator: jax.Array, tau_mem: float, t_max: float
) -> jax.Array:
    inner_log = 2 * a_1 / denominator
    return jax.lax.cond(
        inner_log > 1,
        lambda: tau_mem * jnp.log(jnp.maximum(inner_log, 1)),
        lambda: t_max,
    )


def ttfs_inner(
    a_1: jax.Array,
    a_2: jax.Array,
    second_term: jax.Array,
    tau_mem: float,
    t_max: float,
):
    epsilon = 1e-6
    denominator = a_2 + jnp.sqrt(jnp.maximum(second_term, epsilon))
    save_denominator = jnp.where(
        jnp.abs(denominator) > epsilon, denominator, epsilon
    )
    return jax.lax.cond(
        jnp.abs(denominator) > epsilon,
        ttfs_inner_most,
        lambda *args: t_max,
        a_1,
        save_denominator,
        tau_mem,
        t_max,
    )


def ttfs_solver(tau_mem: float, v_th: float, state: LIFState, t_max: float):
    """Find the next spike time for special case $\tau_mem = 2 * \tau_syn$

    Args:
        tau_mem float (float): Membrane time constant
        v_th float (float): Treshold Voltage
        state (LIFState): State of the neuron (voltage, current)
        t_max (float): maximum time which is to be searched

    Returns:
        float: Time of next threshhold crossing or t_max if no crossing
    """
    v_0, i_0 = state.V, state.I
    a_1 = i_0
    a_2 = v_0 + i_0
    second_term = a_2**2 - 4 * a_1 * v_th
    has_spike = second_term > 0
    return jax.lax.cond(
        has_spike,
        ttfs_inner,
        lambda *args: t_max,
        a_1,
        a_2,
        second_term,
        tau_mem,
        t_max
    )


solver = partial(ttfs_solver, 1e-2, 0.6)


@jax.jit
def f(V, I, t_max):
    return solver(LIFState(V=V, I=I), t_max)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    V = np.float32(rng.uniform(0.0, 0.5))
    I = np.float32(rng.choice([rng.uniform(0.0, 1.5), rng.uniform(2.0, 6.0)]))
    t_max = np.float32(rng.choice([0.05, 0.2]))
    return (V, I, t_max)


INPUTS = make_inputs
