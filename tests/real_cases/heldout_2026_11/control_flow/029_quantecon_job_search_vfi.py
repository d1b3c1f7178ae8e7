"""QuantEcon's job-search VFI: `error = tol + 1` then `while error > tol and i < max_iter:` around a jitted Bellman operator.

source: QuantEcon/lecture-jax lectures/job_search.md at 42241cacd3b9c7215abf9f9aee7c1625caca0c33 (Model, T, get_greedy, vfi)
error: TracerBoolConversionError
category: while-python-then-traced-error
expect: fix
notes: Model, T, get_greedy and vfi verbatim (the opening print kept); vfi itself is jitted here. The lecture builds the model with quantecon.tauchen and turns on jax_enable_x64; the case draws a random stochastic matrix and wage grid instead (float32), with β below 0.95 so eager runs stay short. The loop error starts as a Python float, so only the second test is traced; the counter is a Python int joined with `and`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from collections import namedtuple

import jax
import jax.numpy as jnp

Model = namedtuple('Model', ('n', 'w_vals', 'P', 'β', 'c', 'θ'))


@jax.jit
def T(v, model):
    """
    The Bellman operator Tv = max{e, c + β E v} with

        e(w) = w / (1-β) and (Ev)(w) = E_w[ v(W')]

    """
    n, w_vals, P, β, c, θ = model
    h = c + β * P @ v
    e = w_vals / (1 - β)

    return jnp.maximum(e, h)


@jax.jit
def get_greedy(v, model):
    """Get a v-greedy policy."""
    n, w_vals, P, β, c, θ = model
    e = w_vals / (1 - β)
    h = c + β * P @ v
    σ = jnp.where(e >= h, 1, 0)
    return σ


@jax.jit
def vfi(model, max_iter=10_000, tol=1e-4):
    """Solve the infinite-horizon Markov job search model by VFI."""

    print("Starting VFI iteration.")
    v = jnp.zeros_like(model.w_vals)    # Initial guess
    i = 0
    error = tol + 1

    while error > tol and i < max_iter:
        new_v = T(v, model)
        error = jnp.max(jnp.abs(new_v - v))
        i += 1
        v = new_v

    v_star = v
    σ_star = get_greedy(v_star, model)
    return v_star, σ_star


f = vfi
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    P = rng.uniform(size=(n, n)) ** 3
    P = (P / P.sum(axis=1, keepdims=True)).astype(np.float32)
    w_vals = np.sort(np.exp(rng.normal(0.0, 0.3, size=n))).astype(np.float32)
    beta = np.float32(rng.uniform(0.8, 0.93))
    c = np.float32(rng.uniform(0.5, 1.5))
    return (Model(n, w_vals, P, beta, c, np.float32(0.0)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(model):
    def cond(s):
        v, error, i = s
        return (error > 1e-4) & (i < 10_000)

    def body(s):
        v, _, i = s
        new_v = T(v, model)
        return new_v, jnp.max(jnp.abs(new_v - v)), i + 1

    v0 = jnp.zeros_like(model.w_vals)
    v, _, _ = jax.lax.while_loop(cond, body, (v0, jnp.float32(1e-4 + 1), 0))
    return v, get_greedy(v, model)
