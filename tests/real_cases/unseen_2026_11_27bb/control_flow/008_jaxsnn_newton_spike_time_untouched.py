"""jaxsnn's spike-time Newton solver: already written with lax.scan / lax.cond / jnp.where (look-alike, must stay untouched).

source: electronicvisions/jaxsnn src/pyjaxsnn/jaxsnn/event/root/newton.py at 0e1b6074b5f51c56006945998493f1b6306b6504 (`newton_solver`; code-index file id 14349789466); the LIF dynamics `get_lif_dynamics` and the `partial(newton_solver, get_lif_dynamics(), 0.0)` entry are from the repository's test of this solver (code-index file id 14180203127, test_newton_solver_spike / test_newton_solver_no_spike)
error: none
category: negative-lax-control-flow
expect: untouched
notes: `newton_solver` is verbatim. It reads like a leaky Newton iteration (`val >= 0.0`, `(val >= 0.0) & (val < 1000.0)`, `res > 0`, a threshold test on `f(state, res)`), but every test is a traced predicate fed to `jax.lax.cond` / `jnp.where` inside a fixed-length `jax.lax.scan`, so it jits as is. Stand-ins: `LIFState` is a NamedTuple with the two fields the solver reads (jaxsnn's is a dataclass pytree), and `LIFParameters` holds the three constants the dynamics use, set to values that reproduce the test's expected spike time 0.00323507 for V=0, I=3, dt=0.2. The test's `jax.jit(solver)(state, dt)` is the entry point, with the state built from two traced scalars. Inputs mix states that cross threshold (a spike time < dt) and states that do not (returns dt).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
# pylint: disable=invalid-name
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.numpy as np


class LIFState(NamedTuple):
    V: jnp.ndarray
    I: jnp.ndarray


class LIFParameters(NamedTuple):
    tau_mem_inv: float = 1.0 / 1e-2
    tau_syn_inv: float = 1.0 / 5e-3
    v_th: float = 0.6


def newton_solver(f, initial_guess, state, dt):
    """Newton's method for root-finding."""

    def body(val):
        fx = jax.lax.cond(
            val >= 0.0, lambda: f(state, jnp.maximum(val, 0.0)), lambda: -val
        )
        # fx = f(state, jnp.maximum(val, 0.0))
        dfx = jax.grad(f, argnums=1)(state, val)
        step = fx / jnp.where(jnp.abs(dfx) > 1e-6, dfx, 1e-6)
        return val - step

    def cond(val):
        return (val >= 0.0) & (val < 1000.0)

    def inner(val, it):
        return jax.lax.cond(cond(val), body, lambda *args: val, val), it

    res, _ = jax.lax.scan(inner, initial_guess, jnp.arange(6))
    res = jnp.minimum(jnp.where((res > 0), res, dt), dt)
    return jnp.where(f(state, res) + 1e-6 > 0, res, dt)


def get_lif_dynamics():
    p = LIFParameters()
    A = np.array([[-p.tau_mem_inv, p.tau_mem_inv], [0, -p.tau_syn_inv]])

    def f(state, t):
        x0 = np.array([state.V, state.I])
        return np.dot(jax.scipy.linalg.expm(A * t), x0)

    def jc(state, t):
        return f(state, t)[0] - p.v_th

    return jc


solver = partial(newton_solver, get_lif_dynamics(), 0.0)


@jax.jit
def f(V, I, dt):
    state = LIFState(V=V, I=I)
    return solver(state, dt)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    V = onp.float32(rng.uniform(0.0, 0.4))
    I = onp.float32(rng.choice([rng.uniform(0.0, 2.0), rng.uniform(2.5, 5.0)]))
    dt = onp.float32(rng.choice([0.2, 0.05, 0.002]))
    return (V, I, dt)


INPUTS = make_inputs
