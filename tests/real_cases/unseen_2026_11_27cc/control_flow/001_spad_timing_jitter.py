"""SPAD detector model: per-photon loop choosing a Gaussian or exponential jitter with a traced `if`.

source: public code index, file id 19476576247 ("Advanced Detector Model with Photon Arrival Simulation -- Complete SPAD detector physics with timing, dead-time, afterpulsing, and jitter", a JAX NV-centre photon-counting simulator; the index does not name the repository), function `apply_timing_jitter`
error: TracerBoolConversionError
category: for-per-element-cond
expect: fix
notes: `apply_timing_jitter` verbatim with its original `@jit` decorator, bound to `f`. Dropped the module's `jax.config.update("jax_enable_x64", True)` (a global switch that would leak into other cases) and the unused numpy/partial/vmap imports. The `if len(photon_times_ns) == 0` guard is static (shape); the leak is `if random.uniform(subkey1) < (1 - tail_fraction)` per photon. The key is passed as a raw uint32[2] PRNG key. Fix: compute both jitters and pick with jnp.where (same key sequence).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit, random


@jit
def apply_timing_jitter(photon_times_ns, sigma_jitter_ps, tail_fraction, tau_tail_ns, key):
    """
    Apply instrument response function (IRF) timing jitter.
    Combines Gaussian core with exponential tail for realistic SPAD response.
    """
    if len(photon_times_ns) == 0:
        return photon_times_ns, key
    
    n_photons = len(photon_times_ns)
    jittered_times = jnp.zeros_like(photon_times_ns)
    
    for i, t in enumerate(photon_times_ns):
        key, subkey1, subkey2 = random.split(key, 3)
        
        # Choose between Gaussian core and exponential tail
        if random.uniform(subkey1) < (1 - tail_fraction):
            # Gaussian core
            jitter = random.normal(subkey2) * sigma_jitter_ps * 1e-3  # Convert ps to ns
        else:
            # Exponential tail (always positive delay)
            jitter = random.exponential(subkey2) * tau_tail_ns
        
        jittered_times = jittered_times.at[i].set(t + jitter)
    
    return jittered_times, key


f = apply_timing_jitter
# --- end user code ---

import numpy as np


def make_inputs(rng):
    photon_times_ns = np.sort(rng.uniform(0.0, 100.0, size=(8,))).astype(np.float32)
    sigma_jitter_ps = np.float32(rng.uniform(100.0, 500.0))
    tail_fraction = np.float32(rng.uniform(0.3, 0.7))  # both branches are taken
    tau_tail_ns = np.float32(rng.uniform(1.0, 10.0))
    key = rng.integers(0, 2**32, size=(2,), dtype=np.uint32)
    return (photon_times_ns, sigma_jitter_ps, tail_fraction, tau_tail_ns, key)


INPUTS = make_inputs


@jax.jit
def reference_fix(photon_times_ns, sigma_jitter_ps, tail_fraction, tau_tail_ns, key):
    jittered_times = jnp.zeros_like(photon_times_ns)
    for i in range(photon_times_ns.shape[0]):
        key, subkey1, subkey2 = random.split(key, 3)
        gauss = random.normal(subkey2) * sigma_jitter_ps * 1e-3
        tail = random.exponential(subkey2) * tau_tail_ns
        jitter = jnp.where(random.uniform(subkey1) < (1 - tail_fraction), gauss, tail)
        jittered_times = jittered_times.at[i].set(photon_times_ns[i] + jitter)
    return jittered_times, key
