"""Successive approximation with a tolerance test inside `jax.lax.while_loop`: already jit-safe.

source: QuantEcon/lecture-jax lectures/_static/lecture_specific/successive_approx.py at 463ce9f297e87988d53adfbf0215ec8d445bd352 (successive_approx_jax)
error: none
category: negative-fixed-point-while-loop
expect: untouched
notes: successive_approx_jax is verbatim; the `jax.jit(..., static_argnums=(0,))` wrapping follows the lectures that load this file (the operator T is a static callable). A look-alike for a `while error > tolerance` convergence loop: the test `error > tolerance` and the `k < max_iter` bound are traced but live in cond_fun. The entry point `f` and the operator (a contraction v -> r + 0.9 * tanh(v), standing in for a lecture's Bellman operator) are added; r is traced.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def successive_approx_jax(T,                     # Operator (callable)
                          x_0,                   # Initial condition                
                          tolerance=1e-6,        # Error tolerance
                          max_iter=10_000):      # Max iteration bound
    def body_fun(k_x_err):
        k, x, error = k_x_err
        x_new = T(x)
        error = jnp.max(jnp.abs(x_new - x))
        return k + 1, x_new, error

    def cond_fun(k_x_err):
        k, x, error = k_x_err
        return jnp.logical_and(error > tolerance, k < max_iter)

    k, x, error = jax.lax.while_loop(cond_fun, body_fun, (1, x_0, tolerance + 1))
    return x

successive_approx_jax = jax.jit(successive_approx_jax, static_argnums=(0,))


@jax.jit
def f(x_0, r):
    T = lambda v: r + 0.9 * jnp.tanh(v)
    return successive_approx_jax(T, x_0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    x_0 = rng.normal(scale=3.0, size=(5,)).astype(np.float32)
    r = rng.uniform(-2.0, 2.0, size=(5,)).astype(np.float32)
    return (x_0, r)


INPUTS = make_inputs
