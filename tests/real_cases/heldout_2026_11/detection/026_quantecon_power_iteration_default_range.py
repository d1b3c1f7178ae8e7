"""QuantEcon-style power iteration: a jitted function loops range(num_iterations) over a default argument.

source: QuantEcon lecture-jax "Asset pricing" power_iteration_sr (discussed in https://github.com/QuantEcon/lecture-jax/issues/95: static_argnums=(1, 2) dropped because callers only use the defaults); this copy from a user script that jits it without static arguments
error: none
category: negative-default-argument-range
expect: untouched
notes: verbatim (the module's x64 switch and the non-jitted test_stability caller omitted). f is jax.jit(power_iteration_sr) and is called with A only, so num_iterations and seed keep their Python defaults: range(15) and PRNGKey(1234) see concrete ints. A linter flagging every range() of a parameter of a jitted function would be wrong here.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def power_iteration_sr(A, num_iterations=15, seed=1234):
    " Estimates the spectral radius of A via power iteration. "

    # Initialize
    key = jax.random.PRNGKey(seed)
    b_k = jax.random.normal(key, (A.shape[1],))
    sr = 0

    for _ in range(num_iterations):
        # calculate the matrix-by-vector product Ab
        b_k1 = jnp.dot(A, b_k)

        # calculate the norm
        b_k1_norm = jnp.linalg.norm(b_k1)

        # Record the current estimate of the spectral radius
        sr = jnp.sum(b_k1 * b_k)/jnp.sum(b_k * b_k)

        # re-normalize the vector and continue
        b_k = b_k1 / b_k1_norm

    return sr


f = jax.jit(power_iteration_sr)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(0.0, 1.0, size=(6, 6)).astype(np.float32),)


INPUTS = make_inputs
