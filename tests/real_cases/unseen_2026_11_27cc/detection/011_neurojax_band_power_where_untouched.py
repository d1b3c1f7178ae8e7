"""NeuroJAX band power: a jitted frequency-band mask handled with `jnp.where` and `jnp.sum(mask)`, no boolean indexing.

source: m9h/neurojax examples/sim_group_power.py at e01dd5beff65ce3085ff42679643b957357fa9d8 (get_band_power_batch; code-index file id 52218209404)
error: none
category: negative
expect: untouched
notes: get_band_power_batch is verbatim, including its comment "Boolean indexing is not JIT-compatible due to
  dynamic shape. Use where to mask out non-band freqs". The script's other imports (optimistix, neurojax.spectral,
  pandas, matplotlib, scipy) and functions are dropped; `f = get_band_power_batch`. The mask is built from traced
  values (the band edges are passed positionally, so they are traced too), but it only feeds `jnp.where` and a
  count `jnp.sum(mask)`, so the function is already jit-safe. Inputs: the script's grid `jnp.linspace(1, 40, 100)`,
  log-power spectra for 6 subjects, and alpha (8-12), theta (4-8) or beta (13-30) band edges.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


# Naive Metric: Band Power
@jax.jit
def get_band_power_batch(freqs, psds, fmin=8, fmax=12):
    # psds: (n_subjects, n_freqs) log power
    mask = (freqs >= fmin) & (freqs <= fmax)
    # Convert to linear
    linear_psds = jnp.power(10.0, psds)
    # Sum over freqs (axis=1)
    # Boolean indexing is not JIT-compatible due to dynamic shape.
    # Use where to mask out non-band freqs
    masked_psds = jnp.where(mask, linear_psds, 0.0)
    
    # Mean power in band = Sum(masked) / Count(mask)
    return jnp.sum(masked_psds, axis=1) / jnp.sum(mask)


f = get_band_power_batch
# --- end user code ---


def make_inputs(rng):
    freqs = np.linspace(1, 40, 100).astype(np.float32)
    exponent = 1.5 + 0.1 * rng.normal(size=(6, 1))
    psds = 2.0 - exponent * np.log10(freqs)[None, :] + 0.1 * rng.normal(size=(6, 100))
    fmin, fmax = [(8, 12), (4, 8), (13, 30)][rng.integers(3)]
    return (freqs, psds.astype(np.float32), fmin, fmax)


INPUTS = make_inputs
