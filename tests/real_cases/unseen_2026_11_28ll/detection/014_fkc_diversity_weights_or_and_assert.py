"""FKC particle simulation: `if jnp.any(..) or jnp.any(..)`, `if w_max - w_min > 1e-8`, `assert .. and ..` on traced weights.

source: code-index file id 48622251884, module "Diversity mechanisms and FKC corrector functions." of a
    Feynman-Kac-corrector diffusion-sampling project (`from base import baseline_drift, diffusion_coefficient,
    baseline_score_function`; the index does not name the repository): compute_diversity_loss_gradient_with_history,
    feynman_kac_sde_step, run_fkc_simulation.
error: TracerBoolConversionError
category: truth-test-in-boolop
expect: fix
notes: the three functions are verbatim (compute_pairwise_distance_loss and gamma_schedule, not on the path, are
    left out). Stand-ins replace the project's `base` module (a VP-SDE: linear beta schedule, drift -beta(t)x/2,
    standard-normal score) and the caller's reward gradient and `network` dict (a linear reward head). `f` runs
    run_fkc_simulation for 8 steps under jax.jit with the callables, beta, gamma and the step count fixed, as the
    project's budget loop calls it. Leaks: `jnp.any(..) or jnp.any(..)` in the per-step NaN clean-up, the
    `w_max - w_min > 1e-8` normalisation branch, and `assert jnp.all(..) and jnp.all(..)`. Look-alikes in the same
    code: `historical_particles is not None and len(historical_particles) > 0` and `x.ndim == 2` are static.
    Inputs put NaN into the initial weights in some trials (the clean-up branch) and use a single particle in some
    trials (then w_max == w_min and the constant-weight branch runs). The NaN-particle branch is not exercised: a
    NaN particle poisons every particle through the diversity gradient.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import jax.random as random
from typing import Tuple


# ---- stand-ins for the project's `base` module (VP-SDE baseline) ----
def diffusion_coefficient(t):
    return jnp.sqrt(0.1 + t * (20.0 - 0.1))


def baseline_drift(x, t):
    return -0.5 * (0.1 + t * (20.0 - 0.1)) * x


def baseline_score_function(x, t):
    return -x


def compute_diversity_loss_gradient_with_history(x: jnp.ndarray, 
                                                   historical_particles: jnp.ndarray = None) -> jnp.ndarray:
    """
    UPDATED: Vectorized diversity loss gradient computation with historical particle consideration.
    """
    n_current = x.shape[0]
    
    # Compute gradient from current batch particles
    # differences[i, j] = x[i] - x[j]
    differences_current = x[:, None, :] - x[None, :, :]
    grad_current = 2 * jnp.sum(differences_current, axis=1)  # Sum over j dimension
    
    # Add contribution from historical particles if provided
    if historical_particles is not None and len(historical_particles) > 0:
        # For each current particle, compute distance to all historical particles
        # x: (n_current, 2), historical: (n_historical, 2)
        # differences_hist[i, j] = x[i] - historical[j]
        differences_hist = x[:, None, :] - historical_particles[None, :, :]
        grad_historical = 2 * jnp.sum(differences_hist, axis=1)  # Sum over historical particles
        
        # Total gradient combines both terms
        grad = grad_current + grad_historical
        
        # Normalize by total number of particles considered
        total_particles = n_current + len(historical_particles)
        grad = grad / total_particles
    else:
        # Only current batch particles
        grad = grad_current / n_current
    
    return grad


def feynman_kac_sde_step(x: jnp.ndarray, w: jnp.ndarray, t: float, dt: float, 
                         reward_grad_fn, beta_t: float, gamma_t: float, 
                         key: jnp.ndarray, network, network_params,
                         historical_particles: jnp.ndarray = None,
                         diversity_enabled: bool = True) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """
    MODIFIED: Add diversity_enabled parameter to control diversity terms.
    
    Args:
        diversity_enabled: Binary variable (1=enable diversity, 0=disable diversity)
    """
    sigma_t = diffusion_coefficient(t)
    score = baseline_score_function(x, t)
    reward_grad = reward_grad_fn(x)
    
    # Compute diversity loss gradient WITH HISTORICAL PARTICLES
    diversity_grad = compute_diversity_loss_gradient_with_history(x, historical_particles)
    
    # SDE drift - diversity term controlled by binary variable
    drift = (sigma_t**2 * (score + (beta_t / 2) * reward_grad) 
             - baseline_drift(x, t)
             + diversity_enabled * gamma_t * diversity_grad)  # <-- MODIFIED
        
    noise = sigma_t * random.normal(key, x.shape)
    x_new = x + drift * dt + noise * jnp.sqrt(jnp.abs(dt))
    
    # Weight equation - diversity term controlled by binary variable
    predicted_reward = network['forward'](network_params, x)
    beta_dot = 1.0
    dt_abs = jnp.abs(dt)
    
    if x.ndim == 2:  # Batch of particles
        term1 = beta_dot * predicted_reward * dt_abs
        f_t = baseline_drift(x, t)
        term2 = -jnp.sum(beta_t * reward_grad * f_t, axis=1) * dt_abs
        term3 = jnp.sum(beta_t * reward_grad * (sigma_t**2 / 2) * score, axis=1) * dt_abs
        
        # Term 6: Diversity-Score alignment controlled by BOTH gamma_t AND diversity_enabled
        term6 = diversity_enabled * gamma_t * jnp.sum(diversity_grad * score, axis=1) * dt_abs  # <-- MODIFIED
        
        dw = term1 + term2 + term3 + term6
        
    else:  # Single particle
        term1 = beta_dot * predicted_reward * dt_abs
        f_t = baseline_drift(x, t)
        term2 = -jnp.dot(beta_t * reward_grad, f_t) * dt_abs
        term3 = jnp.dot(beta_t * reward_grad, (sigma_t**2 / 2) * score) * dt_abs
        
        term6 = diversity_enabled * gamma_t * jnp.dot(diversity_grad, score) * dt_abs  # <-- MODIFIED
        
        dw = term1 + term2 + term3 + term6
    
    # Clip and update weights
    dw = jnp.clip(dw, -1.0, 1.0)
    w_new = w + dw
    w_new = jnp.clip(w_new, -100.0, 100.0)
    
    return x_new, w_new


def run_fkc_simulation(particles: jnp.ndarray, weights: jnp.ndarray, 
                      reward_grad_fn, beta_t: float, gamma_t: float,
                      n_steps: int, key: jnp.ndarray,
                      network, network_params,
                      historical_particles: jnp.ndarray = None,
                      diversity_enabled: bool = True) -> Tuple[jnp.ndarray, jnp.ndarray]:
    """
    MODIFIED: Add diversity_enabled parameter.
    """
    dt = -1.0 / n_steps
    
    for i in range(n_steps):
        t = 1.0 + i * dt
        key, subkey = random.split(key)
        
        particles, weights = feynman_kac_sde_step(
            particles, weights, t, dt, 
            reward_grad_fn, beta_t, gamma_t,
            subkey, network, network_params,
            historical_particles=historical_particles,
            diversity_enabled=diversity_enabled  # <-- MODIFIED
        )
        
        # Numerical stability checks
        if jnp.any(jnp.isnan(weights)) or jnp.any(jnp.isinf(weights)):
            weights = jnp.where(jnp.isnan(weights) | jnp.isinf(weights), 1.0, weights)
        
        if jnp.any(jnp.isnan(particles)) or jnp.any(jnp.isinf(particles)):
            print(f"  WARNING: NaN particles detected at step {i}, clipping...")
            particles = jnp.where(jnp.isnan(particles) | jnp.isinf(particles), 
                                jnp.clip(particles, 0, 1), particles)
    
    # ========== NORMALIZE WEIGHTS TO [0, 1] ==========
    w_min = jnp.min(weights)
    w_max = jnp.max(weights)
    
    if w_max - w_min > 1e-8:  # Avoid division by zero
        weights = (weights - w_min) / (w_max - w_min)
    else:
        weights = jnp.ones_like(weights) * 0.5
    
    # Verify weights are in [0, 1]
    assert jnp.all(weights >= 0) and jnp.all(weights <= 1), "Weights must be in [0, 1]"
    
    return particles, weights


# ---- the caller's reward model (stand-in) ----
_network = {'forward': lambda params, x: x @ params}


def _reward_grad_fn(x):
    return -(x - jnp.array([0.5, 0.5]))


@jax.jit
def f(particles, weights, key, network_params, historical_particles):
    return run_fkc_simulation(particles, weights, _reward_grad_fn, 1.0, 0.05, 8, key,
                              _network, network_params,
                              historical_particles=historical_particles,
                              diversity_enabled=True)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 1 if rng.uniform() < 0.25 else 6
    particles = rng.uniform(0.0, 1.0, size=(n, 2)).astype(np.float32)
    weights = rng.normal(0.0, 0.1, size=(n,)).astype(np.float32)
    if rng.uniform() < 0.4:
        weights[rng.integers(0, n)] = np.nan
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 2**31 - 1))))
    network_params = rng.normal(size=(2,)).astype(np.float32)
    historical_particles = rng.uniform(0.0, 1.0, size=(4, 2)).astype(np.float32)
    return (particles, weights, key, network_params, historical_particles)


INPUTS = make_inputs


@jax.jit
def reference_fix(particles, weights, key, network_params, historical_particles):
    n_steps = 8
    dt = -1.0 / n_steps
    for i in range(n_steps):
        t = 1.0 + i * dt
        key, subkey = random.split(key)
        particles, weights = feynman_kac_sde_step(
            particles, weights, t, dt, _reward_grad_fn, 1.0, 0.05, subkey, _network, network_params,
            historical_particles=historical_particles, diversity_enabled=True)
        weights = jnp.where(jnp.isnan(weights) | jnp.isinf(weights), 1.0, weights)
        particles = jnp.where(jnp.isnan(particles) | jnp.isinf(particles), jnp.clip(particles, 0, 1), particles)
    w_min = jnp.min(weights)
    w_max = jnp.max(weights)
    spread = w_max - w_min
    weights = jnp.where(spread > 1e-8, (weights - w_min) / jnp.where(spread > 1e-8, spread, 1.0),
                        jnp.ones_like(weights) * 0.5)
    return particles, weights
