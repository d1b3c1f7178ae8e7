"""SPAD detector model: dead-time filter returns `sorted_times[valid_mask]`, an output whose length depends on the data.

source: public code index, file id 19978936920 ("Complete Detector Model with All Effects -- IRF, dead-time, afterpulse, jitter, crosstalk, and statistical effects", a JAX NV-centre photon-counting simulator; the index does not name the repository; a sibling module of the same project is id 19476576247), function `apply_dead_time_vectorized`
error: NonConcreteBooleanIndexError
category: dynamic-shape
expect: report
notes: verbatim with its original `@jit`, bound to `f`. Dropped the module's `jax.config.update("jax_enable_x64", True)` (a global switch that would leak into other cases) and unused imports. The per-photon loop itself is jit-safe (static length, `.at[i].set(~jnp.any(...))`); what cannot be jitted is the final boolean-mask selection, whose size is the number of photons that survive the dead time. A fixer should report it (a fixed-size rewrite would change the return value: padding or a mask instead of a shorter array).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit


@jit
def apply_dead_time_vectorized(arrival_times_ns, dead_time_ns):
    """
    Vectorized dead-time application.
    Remove photons arriving within dead-time window.
    """
    if len(arrival_times_ns) == 0:
        return arrival_times_ns
    
    # Sort arrival times
    sorted_times = jnp.sort(arrival_times_ns)
    
    # Create mask for non-dead-time photons
    valid_mask = jnp.ones(len(sorted_times), dtype=bool)
    
    # Vectorized dead-time check
    # For each photon, check if it's within dead-time of any previous valid photon
    for i in range(1, len(sorted_times)):
        # Check against all previous valid photons
        time_diffs = sorted_times[i] - sorted_times[:i]
        within_dead_time = (time_diffs < dead_time_ns) & valid_mask[:i]
        
        # If any previous valid photon is within dead-time, this photon is blocked
        valid_mask = valid_mask.at[i].set(~jnp.any(within_dead_time))
    
    return sorted_times[valid_mask]


f = apply_dead_time_vectorized
# --- end user code ---

import numpy as np


def make_inputs(rng):
    arrival_times_ns = rng.uniform(0.0, 100.0, size=(10,)).astype(np.float32)
    dead_time_ns = np.float32(rng.uniform(5.0, 20.0))
    return (arrival_times_ns, dead_time_ns)


INPUTS = make_inputs
