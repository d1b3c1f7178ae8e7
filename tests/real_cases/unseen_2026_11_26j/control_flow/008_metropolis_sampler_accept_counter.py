"""Random-walk Metropolis-Hastings on a 10-D Gaussian: traced accept test inside a static loop that also counts acceptances.

source: a public JAX MCMC comparison script ("Improved Metropolis-Hastings" / "Corrected HMC Sampler" on a 10D Gaussian; functions log_prob and mcmc_sampler); found by content search in the code index (index file id 22755530474), repository not resolved
error: TracerBoolConversionError
category: for-static-range-traced-if-counter
expect: fix
notes: D, log_prob and mcmc_sampler are verbatim except that the tqdm progress bar around
  `range(n_steps)` is dropped. The script calls mcmc_sampler eagerly; the case jits it with n_steps
  static (it sizes `samples`). The proposal and the acceptance uniform reuse the same subkey, as in
  the original. The Python int `accepted` is incremented under the traced `if` and returned as
  `accepted / n_steps`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

# --------------------
# 10D Gaussian
# --------------------
D = 10  # Dimension
true_mean = jnp.zeros(D)
cov = jnp.eye(D)  # Identity covariance


def log_prob(params):
    return -0.5 * jnp.dot(params, params)  # -0.5 * x^T x


# --------------------
# Improved Metropolis-Hastings
# --------------------
def mcmc_sampler(key, n_steps, step_size):
    samples = jnp.zeros((n_steps, D))
    current = 5.0 * jax.random.normal(key, (D,))  # Start far from mean (5σ)
    accepted = 0

    for i in range(n_steps):
        key, subkey = jax.random.split(key)
        proposal = current + jax.random.normal(subkey, (D,)) * step_size

        log_ratio = log_prob(proposal) - log_prob(current)
        if jnp.log(jax.random.uniform(subkey)) < log_ratio:
            current = proposal
            accepted += 1

        samples = samples.at[i].set(current)

    acceptance_rate = accepted / n_steps
    return samples, acceptance_rate


f = jax.jit(mcmc_sampler, static_argnums=(1,))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    key = rng.integers(0, 2**32 - 1, size=(2,), dtype=np.uint32)
    n_steps = 25
    step_size = np.float32(rng.uniform(0.05, 1.5))
    return (key, n_steps, step_size)


INPUTS = make_inputs


@jax.jit
def _reference_fix(key, step_size):
    n_steps = 25
    samples = jnp.zeros((n_steps, D))
    current = 5.0 * jax.random.normal(key, (D,))
    accepted = jnp.array(0, jnp.int32)
    for i in range(n_steps):
        key, subkey = jax.random.split(key)
        proposal = current + jax.random.normal(subkey, (D,)) * step_size
        log_ratio = log_prob(proposal) - log_prob(current)
        accept = jnp.log(jax.random.uniform(subkey)) < log_ratio
        current = jnp.where(accept, proposal, current)
        accepted = accepted + accept.astype(jnp.int32)
        samples = samples.at[i].set(current)
    return samples, accepted / n_steps


reference_fix = jax.jit(lambda key, n_steps, step_size: _reference_fix(key, step_size), static_argnums=(1,))
