"""Bisection that inverts a Gaussian-mixture CDF: traced `while` with an `if`/`else` inside.

source: poloincognito/ot_ssn benchmarks/gaussian_mixtures.py at 3faaccb9bb497962365799e88cf57b9f59b3a6e1 (inv_cdf2, get_lim_from_gm, get_cdf_from_gm)
error: TracerBoolConversionError
category: while-bisection-if-else
expect: fix
notes: the script's module-level inv_cdf2 (the `.squeeze()` variant) with the mixture passed as arrays (loc, covariance, weights) instead of an ott GaussianMixture; the jitted _cdf is inlined as a closure and the whole inversion is wrapped in jax.jit.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm


def get_lim_from_gm(loc, covariance, safety_factor=7):
    """Return the limits of the gaussian mixture."""
    lb = jnp.min(loc - safety_factor * covariance)
    ub = jnp.max(loc + safety_factor * covariance)
    return lb, ub


@jax.jit
def f(x, loc, covariance, weights):
    def _cdf2(x):
        return jnp.dot(weights[jnp.newaxis, :], norm.cdf(x, loc, covariance))

    lb, ub = get_lim_from_gm(loc, covariance)
    inv_precision = 1e-5
    low, high = lb, ub
    mid = (low + high) / 2
    while jnp.abs(_cdf2(mid) - x).squeeze() > inv_precision:
        if _cdf2(mid) < x:
            low = mid
        else:
            high = mid
        mid = (low + high) / 2
    return mid
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    x = rng.uniform(0.02, 0.98, size=(1,)).astype(np.float32)
    loc = rng.normal(0.0, 0.3, size=(3,)).astype(np.float32)
    cov = rng.uniform(0.1, 0.5, size=(3,)).astype(np.float32)
    w = rng.uniform(0.2, 1.0, size=(3,))
    w = (w / w.sum()).astype(np.float32)
    return (x, loc, cov, w)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, loc, covariance, weights):
    def _cdf2(x):
        return jnp.dot(weights[jnp.newaxis, :], norm.cdf(x, loc, covariance))

    lb, ub = get_lim_from_gm(loc, covariance)
    mid0 = (lb + ub) / 2

    def cond(state):
        low, high, mid = state
        return jnp.abs(_cdf2(mid) - x).squeeze() > 1e-5

    def body(state):
        low, high, mid = state
        below = (_cdf2(mid) < x).squeeze()
        low = jnp.where(below, mid, low)
        high = jnp.where(below, high, mid)
        return low, high, (low + high) / 2

    return lax.while_loop(cond, body, (lb, ub, mid0))[2]
