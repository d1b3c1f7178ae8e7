"""thejoker-jax's first JAX HMC: a Python loop whose `if` only tests Python ints (thinning), acceptance via jnp.where.

source: clarkmiyamoto/thejoker-jax src/sampler_jax.py at 4d92604f04c61b28231ffd23666bf54f5cf44848
    (code-index file id 39962505218; functions leapfrog and hmc). The later revision
    4733ac28f24c811dfb8778966ffd4e40b4e1d421 rewrote the same sampler with lax.fori_loop /
    lax.scan, but this earlier version already traces: every branch is on static values.
error: none
category: negative (static Python loop / static if / jnp.where acceptance)
expect: untouched
notes: leapfrog and hmc verbatim (docstring kept). `from tqdm import tqdm` is replaced by an
    identity stand-in (tqdm is not installed here). The target log-density is a small stand-in
    (the repository's benchmarking_Gaussian.py samples a Gaussian); f = jax.jit of hmc with the
    sampler settings fixed (n_samples=12, L=4, n_chains=3) and the PRNG key passed as a raw
    uint32[2] array. `if (j < L - 1)`, `if (i - 1) % n_thin == 0 and sample_idx < n_samples`,
    `tqdm(range(...))` and `len(initial)` are all static; the Metropolis test uses jnp.where.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax 
import jax.numpy as jnp


def tqdm(iterable):  # stand-in for `from tqdm import tqdm`
    return iterable


def leapfrog(x, p, grad_fn, epsilon, L):
    # Get gradients for all chains
    x_grad = grad_fn(x)
    x_grad = jnp.nan_to_num(x_grad, nan=0.0)

    # Half step for momentum
    p -= 0.5 * epsilon * x_grad

    # Full steps for position and momentum
    for j in range(L):
        x += epsilon * p
        
        if (j < L - 1):
            x_grad = grad_fn(x)
            x_grad = jnp.nan_to_num(x_grad, nan=0.0)

            p -= epsilon * x_grad
        
    x_grad = grad_fn(x)
    x_grad = jnp.nan_to_num(x_grad, nan=0.0)
    

    p -= 0.5 * epsilon * x_grad

    # Flip momentum for reversibility
    p *= -1

    return x, p
    
def hmc(log_prob,
        initial: jnp.ndarray,
        n_samples,
        epsilon=0.1,
        L=10,
        n_chains=1,
        n_thin=1,
        key=jax.random.PRNGKey(0)):
    """Hamiltonian Monte Carlo (HMC) sampler implementation using JAX.
    
    This function implements the HMC algorithm, which uses Hamiltonian dynamics to propose
    new states in the Markov chain. It supports multiple chains and thinning of samples.
    
    Args:
        log_prob: Function that computes the log probability density of the target distribution.
                 Should take a single argument (parameters) (shaped (dim,)) and return a scalar.
        initial: Initial parameter values for the Markov chains. Shape (dim,)
        n_samples: Number of samples to generate per chain
        epsilon: Step size for the leapfrog integrator. Controls the discretization of
                Hamiltonian dynamics. Default: 0.1
        L: Number of leapfrog steps per proposal. Controls how far each proposal can move.
           Default: 10
        n_chains: Number of independent Markov chains to run in parallel. Default: 1
        n_thin: Thinning interval for the samples. Only every nth sample is stored.
                Default: 1 (no thinning)
        key: JAX random key for reproducibility. Default: jax.random.PRNGKey(0)
    
    Returns:
        tuple: A tuple containing:
            - samples: Array of shape (n_chains, n_samples, dim) containing the MCMC samples
            - acceptance_rates: Array of shape (n_chains,) containing the acceptance rate
                              for each chain
    
    Notes:
        - The algorithm uses the leapfrog integrator to simulate Hamiltonian dynamics
        - Metropolis-Hastings acceptance is used to ensure detailed balance
        - NaN gradients are handled by replacing them with zeros
        - The implementation is vectorized to run multiple chains in parallel
    """

    ### Setup
    # JIT access to functions
    log_prob_fn = jax.jit(jax.vmap(log_prob))
    grad_fn = jax.jit(jax.vmap(jax.grad(log_prob)))

    # Integers
    dim = len(initial)
    total_iterations = 1 + (n_samples - 1) * n_thin
    sample_idx = 1

    # Random Numbers
    subkey_momentum, subkey_acceptance = jax.random.split(key, 2)
    # Shape (total_iterations + 1, ...), the +1 is for the initial momentum
    p_rng = jax.random.normal(subkey_momentum, shape=(total_iterations + 1, n_chains, dim))
    acceptance_rng = jax.random.uniform(subkey_acceptance, shape=(total_iterations, n_chains,))
    

    chains = jnp.tile(initial, (n_chains, 1)) + 0.1 * p_rng[0]
    chain_log_probs = log_prob_fn(chains) # Shape (n_chains,)
    
    samples = jnp.zeros((n_chains, n_samples, dim))
    accepts = jnp.zeros(n_chains)

    samples = samples.at[:, 0, :].set(chains) 

   

    for i in tqdm(range(1, total_iterations)):
        p = p_rng[i]

        # Leapfrog integration
        current_p = p.copy()
        x = chains.copy()
        
        x, p = leapfrog(x, p, grad_fn, epsilon, L)

        # Metropolis acceptance (vectorized)
        proposal_log_probs = log_prob_fn(x)

        # Compute log acceptance ratio directly in log space - avoiding exp
        current_K = 0.5 * jnp.sum(current_p**2, axis=1)
        proposal_K = 0.5 * jnp.sum(p**2, axis=1)

        # Calculate log acceptance probability directly to avoid overflow
        log_accept_prob = jnp.minimum(0, proposal_log_probs - chain_log_probs - proposal_K + current_K)

        # Generate uniform random numbers for acceptance decision
        log_u = jnp.log(acceptance_rng[i]) # Shape (n_chains,)
        
        # Create mask for accepted proposals
        accept_mask = log_u < log_accept_prob
        
        # Update chains and log probabilities where accepted
        chains          = jnp.where(accept_mask[:, None], x, chains)
        chain_log_probs = jnp.where(accept_mask, proposal_log_probs, chain_log_probs)
        
        # Track acceptances
        accepts += accept_mask
        
        # Store current state for all chains (only every n_thin iterations after the first)
        if (i - 1) % n_thin == 0 and sample_idx < n_samples:
            samples = samples.at[:, sample_idx, :].set(chains)
            sample_idx += 1

    # Calculate acceptance rates for all chains
    acceptance_rates = accepts / (total_iterations - 1)
    
    return samples, acceptance_rates


def log_prob(theta):
    # stand-in target: a correlated 2-D Gaussian
    prec = jnp.array([[2.0, -0.9], [-0.9, 1.0]])
    return -0.5 * theta @ prec @ theta


@jax.jit
def f(initial, key):
    return hmc(log_prob, initial, 12, epsilon=0.3, L=4, n_chains=3, n_thin=1, key=key)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    initial = rng.normal(size=(2,)).astype(np.float32) * 2.0
    key = rng.integers(0, 2**31 - 1, size=(2,)).astype(np.uint32)
    return (initial, key)


INPUTS = make_inputs
