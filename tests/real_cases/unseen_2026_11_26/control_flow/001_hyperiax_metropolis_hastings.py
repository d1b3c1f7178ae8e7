"""hyperiax's Metropolis-Hastings loop: a Python `if` on a random draw inside a for loop, with a counter.

source: ComputationalEvolutionaryMorphometry/hyperiax hyperiax/mcmc/metropolis_hastings.py at 0c6de5972186355a8158bf35327d54b9c9d56efe (metropolis_hastings)
error: TracerBoolConversionError
category: for-loop-traced-if-accumulate (sampler)
expect: fix
notes: metropolis_hastings verbatim except that the tqdm wrapper around range() and the final print of the acceptance rate are dropped. log_target and proposal are user callbacks in hyperiax; here a Gaussian likelihood and a Gaussian random-walk proposal. The jitted entry point f (num_samples, burn_in, thin static, as the sampler's loop bounds) is ours: the natural first step of anyone who wants the sampler compiled. The thinning `if` is on static ints and is fine; the accept/reject `if` is traced.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


def metropolis_hastings(log_target, proposal, data, init, num_samples, burn_in=0, thin=1, rng_key=None, savef=lambda x: x):
    """MCMC using Metropolis-Hastings algorithm."""
    if rng_key is None:
        rng_key = jax.random.PRNGKey(0)

    rng_key, subkey = jax.random.split(rng_key)
    current_state = proposal(data, init, subkey)
    log_likelihood_current = log_target(data,current_state)
    log_likelihoods = []
    samples = []
    accepted_count = 0  # Initialize counter for accepted proposals

    for i in range(num_samples + burn_in):
        rng_key, subkey = jax.random.split(rng_key)

        # Propose a new state
        proposed_state = proposal(data, current_state, subkey)

        # Compute acceptance probability
        log_likelihood_proposed = log_target(data,proposed_state)
        alpha = jnp.minimum(1.0, jnp.exp(log_likelihood_proposed - log_likelihood_current))

        # Decide whether to accept the proposed state
        if jax.random.uniform(subkey) < alpha:
            current_state = proposed_state
            log_likelihood_current = log_likelihood_proposed
            accepted_count += 1  # Increment count if proposal is accepted

        # Save the sample after burn-in and according to thinning rate
        if i >= burn_in and (i - burn_in) % thin == 0:
            log_likelihoods.append(log_likelihood_current)
            samples.append(savef(current_state))

    return log_likelihoods,samples


def log_target(data, state):
    return -0.5 * jnp.sum((data - state) ** 2)


def proposal(data, state, key):
    return state + 0.8 * jax.random.normal(key, state.shape)


@partial(jax.jit, static_argnums=(3, 4, 5))
def f(data, init, rng_key, num_samples, burn_in, thin):
    return metropolis_hastings(log_target, proposal, data, init, num_samples, burn_in, thin, rng_key)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    data = rng.normal(loc=1.0, size=(3,)).astype(np.float32)
    init = rng.normal(size=(3,)).astype(np.float32)
    key = np.array([0, rng.integers(0, 2**31 - 1)], dtype=np.uint32)
    return (data, init, key, 12, 4, 3)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(3, 4, 5))
def reference_fix(data, init, rng_key, num_samples, burn_in, thin):
    rng_key, subkey = jax.random.split(rng_key)
    current_state = proposal(data, init, subkey)
    ll_current = log_target(data, current_state)
    lls, samples = [], []
    for i in range(num_samples + burn_in):
        rng_key, subkey = jax.random.split(rng_key)
        proposed = proposal(data, current_state, subkey)
        ll_prop = log_target(data, proposed)
        alpha = jnp.minimum(1.0, jnp.exp(ll_prop - ll_current))
        accept = jax.random.uniform(subkey) < alpha
        current_state = jnp.where(accept, proposed, current_state)
        ll_current = jnp.where(accept, ll_prop, ll_current)
        if i >= burn_in and (i - burn_in) % thin == 0:
            lls.append(ll_current)
            samples.append(current_state)
    return lls, samples
