"""Exact 1-D OT map between Gaussian mixtures: a bisection `while |cdf(mid) - x| > tol` with a traced if/else inside.

source: public research script in the code index (file id 36071162001; the index does not name its repository): `get_cdf_from_gm`, `get_lim_from_gm`, `get_exact_map_from_1d_gm` (with its nested `inv_cdf2` and `exact_map`), built on ott-jax's `ott.tools.gaussian_mixture.GaussianMixture`.
error: TracerBoolConversionError
category: while-bisection-nested-if
expect: fix
notes: the three functions are verbatim. The ott `GaussianMixture` objects are replaced by a minimal stand-in (`GM`) that exposes the three attributes the functions read: `loc` (k, 1), `covariance` (k, 1, 1) and `component_weights` (k,). The script evaluates `exact_map` eagerly in a list comprehension; the jitted `f` (build both mixtures from arrays, then `exact_map(x)`) is written for the case. The nested `_cdf` keeps its own `@jit`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm
from jax import jit


class GM:
    """Stand-in for ott.tools.gaussian_mixture.GaussianMixture (the attributes used below)."""

    def __init__(self, loc, covariance, component_weights):
        self.loc = loc
        self.covariance = covariance
        self.component_weights = component_weights


def get_cdf_from_gm(gm, vectorized=True):
    """Return the cdf of a gaussian mixture."""
    loc, covariance = gm.loc, gm.covariance.squeeze()
    n_components, n_dim = loc.shape
    weights = gm.component_weights
    assert n_dim == 1, "CDF is only available for unidimensional gaussian mixtures"

    @jit
    def _cdf(x):
        return weights[jnp.newaxis, :] @ jnp.array(
            norm.cdf(x, loc.squeeze(), covariance)
        )

    if vectorized:
        cdf = jax.vmap(_cdf)
        return cdf
    else:
        return _cdf


def get_lim_from_gm(gm, safety_factor=5):
    """Return the limits of the gaussian mixture."""
    loc, covariance = gm.loc, gm.covariance.squeeze()
    n_components, n_dim = loc.shape
    assert n_dim == 1, "limits are only available for unidimensional gaussian mixtures"

    lb = jnp.min(loc - safety_factor * covariance**0.5)
    ub = jnp.max(loc + safety_factor * covariance**0.5)

    return lb, ub


def get_exact_map_from_1d_gm(gm1, gm2):
    """Return the exact OT map given two mixture of gaussians in 1D,
    using their cdf and inverse cdf.
    Not vectorized."""
    cdf1 = get_cdf_from_gm(gm1, vectorized=False)
    cdf2 = get_cdf_from_gm(gm2, vectorized=False)

    # lazy inversion
    lb, ub = get_lim_from_gm(gm2)

    def inv_cdf2(x, inv_precision=1e-5):
        low, high = lb, ub
        mid = (low + high) / 2
        while jnp.abs(cdf2(mid) - x) > inv_precision:
            if cdf2(mid) < x:
                low = mid
            else:
                high = mid
            mid = (low + high) / 2
        return mid

    def exact_map(x):
        return inv_cdf2(cdf1(x))

    return exact_map


@jax.jit
def f(x, loc1, cov1, w1, loc2, cov2, w2):
    gm1 = GM(loc1, cov1, w1)
    gm2 = GM(loc2, cov2, w2)
    return get_exact_map_from_1d_gm(gm1, gm2)(x)
# --- end user code ---

import numpy as np


def _mixture(rng, k):
    loc = rng.uniform(-1.0, 1.0, size=(k, 1)).astype(np.float32)
    cov = rng.uniform(0.05, 0.4, size=(k, 1, 1)).astype(np.float32)
    w = rng.uniform(0.2, 1.0, size=(k,))
    return loc, cov, (w / w.sum()).astype(np.float32)


def make_inputs(rng):
    loc1, cov1, w1 = _mixture(rng, 3)
    loc2, cov2, w2 = _mixture(rng, 5)
    x = np.float32(rng.uniform(-1.0, 1.0))
    return (x, loc1, cov1, w1, loc2, cov2, w2)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, loc1, cov1, w1, loc2, cov2, w2):
    gm1 = GM(loc1, cov1, w1)
    gm2 = GM(loc2, cov2, w2)
    cdf1 = get_cdf_from_gm(gm1, vectorized=False)
    cdf2 = get_cdf_from_gm(gm2, vectorized=False)
    lb, ub = get_lim_from_gm(gm2)
    y = cdf1(x)
    inv_precision = 1e-5

    def cond(state):
        low, high, mid = state
        return jnp.all(jnp.abs(cdf2(mid) - y) > inv_precision)

    def body(state):
        low, high, mid = state
        below = jnp.all(cdf2(mid) < y)
        low = jnp.where(below, mid, low)
        high = jnp.where(below, high, mid)
        return low, high, (low + high) / 2

    _, _, mid = jax.lax.while_loop(cond, body, (lb, ub, (lb + ub) / 2))
    return mid
