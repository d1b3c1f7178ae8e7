"""A jitted log-log regression that returns NaN early when fewer than 3 points are valid, then fits only the valid ones.

source: dave2k77/long-range-dependence-project-2 src/estimators/high_performance.py at 631e7d0959fe505c2158fae3595a669931faf785 (`_fit_scaling_law_jax`, used through `_fit_scaling_laws_jax_vectorized` by HighPerformanceMFDFAEstimator). The project's own session notes (NEXT_SESSION_PLAN in the same repository, code-index id 13069758116) list "TracerBoolConversionError in JAX functions" in high_performance.py as the top failure.
error: TracerBoolConversionError
category: if-early-return-masked-gather
expect: fix
notes: function verbatim, including its `@jax_jit` decorator, the `from jax import jit as jax_jit` import and the bare try/except around jnp.polyfit; the `if JAX_AVAILABLE:` guard is dropped and `f = _fit_scaling_law_jax` is added. Leaks: `if jnp.sum(valid_mask) < 3: return jnp.nan` on a traced count, then `scales[valid_mask]` (a boolean-mask gather). A jit-safe rewrite is a masked (weighted) least-squares slope with `jnp.where(n < 3, nan, slope)`. Inputs: 8 scales, a random number of NaN fluctuations (0 to 7), so both the early return and the fit run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit as jax_jit, vmap


@jax_jit
def _fit_scaling_law_jax(scales: jnp.ndarray, fluctuations: jnp.ndarray) -> float:
    """JAX-optimized single scaling law fitting."""
    # Remove NaN values
    valid_mask = ~jnp.isnan(fluctuations)
    if jnp.sum(valid_mask) < 3:
        return jnp.nan

    scales_valid = scales[valid_mask]
    fluct_valid = fluctuations[valid_mask]

    # Log-log regression
    log_scales = jnp.log(scales_valid.astype(jnp.float32))
    log_fluct = jnp.log(fluct_valid)

    try:
        coeffs = jnp.polyfit(log_scales, log_fluct, 1)
        return coeffs[0]
    except:
        return jnp.nan


f = _fit_scaling_law_jax
# --- end user code ---

import numpy as np


def make_inputs(rng):
    scales = np.array([4, 6, 9, 14, 21, 32, 48, 72], dtype=np.int32)
    h = rng.uniform(0.3, 1.2)
    fl = (scales.astype(np.float32) ** h) * np.exp(rng.normal(0, 0.1, size=8))
    fl = fl.astype(np.float32)
    n_nan = int(rng.integers(0, 8))
    fl[rng.choice(8, size=n_nan, replace=False)] = np.nan
    return (scales, fl)


INPUTS = make_inputs


@jax.jit
def reference_fix(scales, fluctuations):
    valid_mask = ~jnp.isnan(fluctuations)
    w = valid_mask.astype(jnp.float32)
    n = jnp.sum(w)
    x = jnp.log(scales.astype(jnp.float32))
    y = jnp.where(valid_mask, jnp.log(jnp.where(valid_mask, fluctuations, 1.0)), 0.0)
    n_safe = jnp.maximum(n, 1.0)
    xm = jnp.sum(w * x) / n_safe
    ym = jnp.sum(w * y) / n_safe
    den = jnp.sum(w * (x - xm) ** 2)
    slope = jnp.sum(w * (x - xm) * (y - ym)) / jnp.where(den == 0, 1.0, den)
    return jnp.where(n < 3, jnp.nan, slope)
