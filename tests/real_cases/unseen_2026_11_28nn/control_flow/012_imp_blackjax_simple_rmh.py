"""Random-walk Metropolis written as a Python loop: `if jnp.log(u) < log_alpha`, np.array / float host copies.

source: code-index file id 61514146173, the "Rigid Body SMC Sampling with IMP + BlackJAX" driver
    script (functions save_trajectory_hdf5, run_simple_rmh, run_tempered_smc, RunConfig,
    run_simulation; it imports IMP and blackjax). The index does not name the repository or commit.
    The same file runs the BlackJAX adaptive tempered SMC for the real work and keeps this loop
    "for comparison".
error: TracerBoolConversionError
category: mcmc-accept-if / host conversion in loop
expect: fix
notes: run_simple_rmh verbatim. The scoring function comes from the project's
    create_scoring_functions (IMP distance restraints, excluded volume, soft box) which needs IMP;
    a small stand-in log-density of the same shape (pair-distance restraint + soft box on
    flattened 3-D coordinates) is used instead. f = jax.jit of run_simple_rmh with n_steps=25,
    sigma=0.5, verbose=False (the verbose prints are static-flag guarded). Besides the traced `if`,
    `np.array(current_pos)` and `float(current_score)` would fail next; a fix must keep the
    per-step samples/scores (static length n_steps) and the acceptance rate.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import time
from typing import Tuple

import jax
import jax.numpy as jnp
import numpy as np


def run_simple_rmh(
    log_prob_fn,
    initial_position: jnp.ndarray,
    rng_key: jax.Array,
    n_steps: int = 1000,
    sigma: float = 1.0,
    verbose: bool = True,
) -> Tuple[jnp.ndarray, jnp.ndarray, jnp.ndarray]:
    """
    Simple Random Walk Metropolis-Hastings sampler.
    
    Args:
        log_prob_fn: Log probability function
        initial_position: Starting position
        rng_key: JAX random key
        n_steps: Number of MCMC steps
        sigma: Proposal standard deviation
        verbose: Print progress
        
    Returns:
        samples: (n_steps, n_dims) array of samples
        scores: (n_steps,) array of log probabilities
        acceptance_rate: Scalar acceptance rate
    """
    n_dims = initial_position.shape[0]
    
    # Initialize
    current_pos = initial_position
    current_score = log_prob_fn(current_pos)
    
    samples = []
    scores = []
    n_accepted = 0
    
    t0 = time.time()
    
    for step in range(n_steps):
        rng_key, prop_key, accept_key = jax.random.split(rng_key, 3)
        
        # Propose new position
        proposal = current_pos + jax.random.normal(prop_key, (n_dims,)) * sigma
        proposal_score = log_prob_fn(proposal)
        
        # Accept/reject
        log_alpha = proposal_score - current_score
        u = jax.random.uniform(accept_key)
        
        if jnp.log(u) < log_alpha:
            current_pos = proposal
            current_score = proposal_score
            n_accepted += 1
        
        samples.append(np.array(current_pos))
        scores.append(float(current_score))
        
        if verbose and (step + 1) % 500 == 0:
            acc_rate = n_accepted / (step + 1)
            print(f"Step {step+1:5d} | Score: {current_score:.2f} | "
                  f"Acc: {acc_rate:.1%}")
    
    dt = time.time() - t0
    acceptance_rate = n_accepted / n_steps
    
    if verbose:
        print(f"\nRMH completed in {dt:.2f}s")
        print(f"Acceptance rate: {acceptance_rate:.1%}")
        print(f"Final score: {scores[-1]:.2f}")
    
    return (
        jnp.array(samples),
        jnp.array(scores),
        acceptance_rate,
    )


def _log_prob(flat):
    # stand-in for the IMP-derived score: one pair-distance restraint + a soft box
    coords = flat.reshape(-1, 3)
    d = jnp.linalg.norm(coords[0] - coords[1])
    box = jnp.sum(jax.nn.softplus(5.0 * (jnp.abs(coords) - 3.0)))
    return -0.5 * 0.5 * (d - 2.0) ** 2 - box


@jax.jit
def f(initial_position, rng_key):
    return run_simple_rmh(_log_prob, initial_position, rng_key,
                          n_steps=25, sigma=0.5, verbose=False)
# --- end user code ---


def make_inputs(rng):
    pos = rng.normal(size=(6,)).astype(np.float32)
    key = rng.integers(0, 2**31 - 1, size=(2,)).astype(np.uint32)
    return (pos, key)


INPUTS = make_inputs


@jax.jit
def reference_fix(initial_position, rng_key):
    n_dims = initial_position.shape[0]
    sigma = 0.5

    def step(carry, _):
        key, pos, score, n_acc = carry
        key, prop_key, accept_key = jax.random.split(key, 3)
        proposal = pos + jax.random.normal(prop_key, (n_dims,)) * sigma
        proposal_score = _log_prob(proposal)
        log_alpha = proposal_score - score
        u = jax.random.uniform(accept_key)
        acc = jnp.log(u) < log_alpha
        pos = jnp.where(acc, proposal, pos)
        score = jnp.where(acc, proposal_score, score)
        n_acc = n_acc + acc.astype(jnp.int32)
        return (key, pos, score, n_acc), (pos, score)

    init = (rng_key, initial_position, _log_prob(initial_position), jnp.int32(0))
    (_, _, _, n_acc), (samples, scores) = jax.lax.scan(step, init, None, length=25)
    return samples, scores, n_acc / 25
