"""Asymmetric 1-sigma errors by bracket expansion and bisection on a profile chi^2: four traced `while` loops.

source: public JAX fitting module in the code index (code-index file id 70818893460; the index gives no
        repository name): binary_search_error and calc_asym_errors ("Calculate asymmetric errors via binary
        search for a subset of nodes or parameters")
error: TracerBoolConversionError
category: while-bracket-bisection-if-else
expect: fix
notes: binary_search_error verbatim. In the original, calc_asym_errors builds profile_chi2 from a constrained
       scipy.optimize.minimize and calls binary_search_error eagerly; here profile_chi2 is an analytic,
       asymmetric parabola in jax.numpy (chi2_min + ((v - val)/sigma)^2 with a different sigma on each side),
       the profile one gets for a Gaussian posterior, and the search is jitted with val, chi2_min, the
       bounds and the two widths traced. The `while profile_chi2(ub) < target` bracket expansion, the
       `while jnp.abs(chi2-target)>0.005` bisection with its if/else, the asserts and the `float(...)`
       conversions all need concrete values.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp


def binary_search_error(profile_chi2, val, chi2_min, err_scale, lb, ub):
    """
    Find 1-sigma asymmetric errors by binary search on a profile chi-squared.

    profile_chi2: callable(scalar) -> chi2 profiled over all other parameters
    val: optimal value of the target quantity
    chi2_min: minimum chi2 at the optimum
    err_scale: scale for convergence tolerance (search stops when bracket < 1e-3 * err_scale)
    lb: initial lower bound (lb < val); expanded outward if chi2 doesn't reach chi2_min+1
    ub: initial upper bound (ub > val); expanded outward if chi2 doesn't reach chi2_min+1

    Returns (upper_err, lower_err).
    """
    target = chi2_min + 1
    chi2 = jnp.inf

    while profile_chi2(ub) < target:
        ub = val + 2 * (ub - val)
    lo, hi = val, ub
    while jnp.abs(chi2-target)>0.005:
        mid = (lo + hi) / 2
        chi2 = profile_chi2(mid)
        if chi2 < target:
            lo = mid
        else:
            hi = mid
    assert jnp.abs(chi2 - target) < 0.1, f'Expected chi2 ~ {target}, got {chi2} at mid={mid}, lo={lo}, hi={hi}'

    upper_err = float(hi - val)

    chi2 = jnp.inf
    while profile_chi2(lb) < target:
        lb = val - 2 * (val - lb)
    lo, hi = lb, val
    while jnp.abs(chi2-target)>0.005:
        mid = (lo + hi) / 2
        chi2 = profile_chi2(mid)
        if chi2 < target:
            hi = mid
        else:
            lo = mid
    assert jnp.abs(chi2 - target) < 0.1, f'Expected chi2 ~ {target}, got {chi2} at mid={mid}, lo={lo}, hi={hi}'
    lower_err = float(val - lo)

    return upper_err, lower_err


@jax.jit
def f(val, chi2_min, target_std, sigma_hi, sigma_lo):
    def profile_chi2(v):
        sigma = jnp.where(v > val, sigma_hi, sigma_lo)
        return chi2_min + ((v - val) / sigma) ** 2

    lb = val - 10 * target_std
    ub = val + 10 * target_std
    return binary_search_error(profile_chi2, val, chi2_min, target_std, lb, ub)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    val = rng.normal(scale=3.0)
    chi2_min = rng.uniform(5.0, 50.0)
    sigma_hi = rng.uniform(0.2, 2.0)
    sigma_lo = rng.uniform(0.2, 2.0)
    # sometimes the starting bracket (10 std) is far too narrow, so it must be expanded first
    target_std = rng.choice([1.0, 0.01, 0.002]) * min(sigma_hi, sigma_lo)
    return tuple(np.float32(v) for v in (val, chi2_min, target_std, sigma_hi, sigma_lo))


INPUTS = make_inputs


@jax.jit
def reference_fix(val, chi2_min, target_std, sigma_hi, sigma_lo):
    def profile_chi2(v):
        sigma = jnp.where(v > val, sigma_hi, sigma_lo)
        return chi2_min + ((v - val) / sigma) ** 2

    target = chi2_min + 1
    lb = val - 10 * target_std
    ub = val + 10 * target_std

    ub = lax.while_loop(lambda u: profile_chi2(u) < target, lambda u: val + 2 * (u - val), ub)

    def body_up(c):
        lo, hi, chi2 = c
        mid = (lo + hi) / 2
        chi2 = profile_chi2(mid)
        below = chi2 < target
        return jnp.where(below, mid, lo), jnp.where(below, hi, mid), chi2

    _, hi, _ = lax.while_loop(lambda c: jnp.abs(c[2] - target) > 0.005, body_up,
                              (val, ub, jnp.asarray(jnp.inf, val.dtype)))
    upper_err = hi - val

    lb = lax.while_loop(lambda l: profile_chi2(l) < target, lambda l: val - 2 * (val - l), lb)

    def body_lo(c):
        lo, hi, chi2 = c
        mid = (lo + hi) / 2
        chi2 = profile_chi2(mid)
        below = chi2 < target
        return jnp.where(below, lo, mid), jnp.where(below, mid, hi), chi2

    lo, _, _ = lax.while_loop(lambda c: jnp.abs(c[2] - target) > 0.005, body_lo,
                              (lb, val, jnp.asarray(jnp.inf, val.dtype)))
    lower_err = val - lo
    return upper_err, lower_err
