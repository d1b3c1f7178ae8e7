"""A jitted multifractal-spectrum helper that returns None for too few valid exponents, else a dict of masked (data-sized) arrays.

source: dave2k77/long-range-dependence-project-2 src/estimators/high_performance.py at 631e7d0959fe505c2158fae3595a669931faf785 (`_calculate_multifractal_spectrum_jax`, called by HighPerformanceMFDFAEstimator._calculate_multifractal_spectrum_jax)
error: TracerBoolConversionError
category: dynamic-shape-early-return-none
expect: report
notes: function verbatim, with its `@jax_jit` decorator and the `from jax import jit as jax_jit` import; the `if JAX_AVAILABLE:` guard is dropped and `f = _calculate_multifractal_spectrum_jax` is added. Leaks: `if jnp.sum(valid_mask) < 3: return None` on a traced count, then `q_values[valid_mask]` / `hurst_exponents[valid_mask]`: every array in the returned dict has as many entries as there are non-NaN exponents, and the other branch returns None, so no jit rewrite keeps the output structure and shapes. Inputs: 11 q values with 0-3 NaN exponents (eagerly always at least 3 valid).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from typing import Dict

import jax
import jax.numpy as jnp
from jax import jit as jax_jit, vmap


@jax_jit
def _calculate_multifractal_spectrum_jax(q_values: jnp.ndarray,
                                        hurst_exponents: jnp.ndarray) -> Dict[str, jnp.ndarray]:
    """JAX-optimized multifractal spectrum calculation."""
    # Find valid Hurst exponents
    valid_mask = ~jnp.isnan(hurst_exponents)
    if jnp.sum(valid_mask) < 3:
        return None

    q_valid = q_values[valid_mask]
    h_valid = hurst_exponents[valid_mask]

    # Calculate alpha (singularity strength) and f(alpha)
    alpha = h_valid + q_valid * jnp.gradient(h_valid, q_valid)
    f_alpha = q_valid * alpha - h_valid

    return {
        'alpha': alpha,
        'f_alpha': f_alpha,
        'q_values': q_valid,
        'hurst_exponents': h_valid
    }


f = _calculate_multifractal_spectrum_jax
# --- end user code ---

import numpy as np


def make_inputs(rng):
    q = np.arange(-5, 6, 1.0).astype(np.float32)
    h = (0.8 - 0.03 * q + rng.normal(0, 0.02, size=q.shape)).astype(np.float32)
    n_nan = int(rng.integers(0, 4))
    h[rng.choice(q.size, size=n_nan, replace=False)] = np.nan
    return (q, h)


INPUTS = make_inputs
