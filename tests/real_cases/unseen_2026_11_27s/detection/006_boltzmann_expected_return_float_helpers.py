"""Boltzmann-choice analysis: `expected_return_approx` built on same-file helpers that return `float(...)` of traced values.

source: public JAX research module on Boltzmann-rational choice between options with a GP-sampled utility (imports GPy and `.utils.to_range, boltzmann_1d`; code-index file id 1734630053, repository not named by the index): expected_delta, expected_delta_sign_product, expected_return_approx
error: ConcretizationTypeError
category: float-helper-same-file
expect: fix
notes: the three functions verbatim. Dropped the GPy-based sample_utility_function and the choose/simulate_* helpers (they need GPy and the package's utils) and the unused Counter import. The module computes these quantities one utility vector at a time; the case jits expected_return_approx, as one does to vmap it over many estimated utilities `u_hat`. `float(...)` inside the two helpers and on `tmp` concretizes traced values; removing the `float(...)` calls (the arithmetic is already jnp) is the fix, and the eager original gives the same number as a Python float. Inputs include ties (zero differences, sign 0).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import random


def expected_delta(u: jnp.ndarray) -> float:
    deltas = jnp.abs(u[:, None] - u[None, :])
    return float(jnp.sum(deltas) / (len(u) * (len(u) - 1)))


def expected_delta_sign_product(u: jnp.ndarray, u_hat: jnp.ndarray) -> float:
    u_deltas = u[:, None] - u[None, :]
    u_hat_deltas = u_hat[:, None] - u_hat[None, :]
    sign_product = jnp.sign(jnp.multiply(u_deltas, u_hat_deltas))
    return float(jnp.sum(sign_product) / (len(u) * (len(u) - 1)))


def expected_return_approx(u: jnp.ndarray, u_hat: jnp.ndarray, beta: float) -> float:
    e_delta = expected_delta(u)
    e_delta_sign_prod = expected_delta_sign_product(u, u_hat)
    tmp = float(e_delta_sign_prod * jnp.tanh(e_delta / (2 * beta)))
    return 0.5 + (tmp / 2)


f = jax.jit(expected_return_approx)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = int(rng.integers(4, 9))
    u = rng.uniform(-1, 1, size=n).astype(np.float32)
    u_hat = (u + rng.normal(0, 0.5, size=n)).astype(np.float32)
    u_hat[0] = u_hat[1]          # a tie in the estimate
    return (u, u_hat, np.float32(rng.uniform(0.05, 2.0)))


INPUTS = make_inputs


@jax.jit
def reference_fix(u, u_hat, beta):
    n = len(u)
    e_delta = jnp.sum(jnp.abs(u[:, None] - u[None, :])) / (n * (n - 1))
    sign_product = jnp.sign((u[:, None] - u[None, :]) * (u_hat[:, None] - u_hat[None, :]))
    e_delta_sign_prod = jnp.sum(sign_product) / (n * (n - 1))
    tmp = e_delta_sign_prod * jnp.tanh(e_delta / (2 * beta))
    return 0.5 + (tmp / 2)
