"""Asymmetric 1-sigma errors by bisection on a profile chi^2: `while` loops on traced values, `if` in the body, assert and float().

source: public JAX fitting module in the code index (code-index file id 70818893460; functions binary_search_error and
    calc_asym_errors, imports scipy.optimize NonlinearConstraint/minimize and decimal.Decimal); the index does not
    name the repository. The first leak is `while profile_chi2(ub) < target:`; float() would raise ConcretizationTypeError next
error: TracerBoolConversionError
category: while-convergence
expect: fix
notes: binary_search_error is verbatim. In the original the profile chi^2 is a scipy constrained minimisation
    (calc_asym_errors), which cannot be traced; the entry point `f` replaces it by a closed-form asymmetric profile
    built from the traced fit results (val, chi2_min, err_scale), so the two bracket-expansion loops and the two
    bisection loops all test traced values. A jit-safe rewrite turns the four loops into lax.while_loop, the `if`
    into jnp.where, drops float() and turns the asserts into a no-op / checkify (they hold for every input here).
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
def f(val, chi2_min, err_scale, lb, ub):
    def profile_chi2(v):
        d = (v - val) / err_scale
        return chi2_min + d**2 * (1.0 + 0.3 * jnp.tanh(d))

    return binary_search_error(profile_chi2, val, chi2_min, err_scale, lb, ub)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    val = np.float32(rng.normal())
    chi2_min = np.float32(rng.uniform(5.0, 40.0))
    err_scale = np.float32(rng.uniform(0.3, 2.0))
    # initial bracket sometimes too narrow (expansion loop runs), sometimes wide enough
    lb = np.float32(val - rng.choice([0.2, 3.0]) * err_scale)
    ub = np.float32(val + rng.choice([0.2, 3.0]) * err_scale)
    return (val, chi2_min, err_scale, lb, ub)


INPUTS = make_inputs


@jax.jit
def reference_fix(val, chi2_min, err_scale, lb, ub):
    def profile_chi2(v):
        d = (v - val) / err_scale
        return chi2_min + d**2 * (1.0 + 0.3 * jnp.tanh(d))

    target = chi2_min + 1
    inf = jnp.asarray(jnp.inf, dtype=jnp.result_type(val))

    ub = lax.while_loop(lambda u: profile_chi2(u) < target, lambda u: val + 2 * (u - val), ub)

    def bisect_up(s):
        lo, hi, mid, chi2 = s
        mid = (lo + hi) / 2
        chi2 = profile_chi2(mid)
        below = chi2 < target
        return jnp.where(below, mid, lo), jnp.where(below, hi, mid), mid, chi2

    lo, hi, _, _ = lax.while_loop(lambda s: jnp.abs(s[3] - target) > 0.005, bisect_up, (val, ub, val, inf))
    upper_err = hi - val

    lb = lax.while_loop(lambda l: profile_chi2(l) < target, lambda l: val - 2 * (val - l), lb)

    def bisect_down(s):
        lo, hi, mid, chi2 = s
        mid = (lo + hi) / 2
        chi2 = profile_chi2(mid)
        below = chi2 < target
        return jnp.where(below, lo, mid), jnp.where(below, mid, hi), mid, chi2

    lo, hi, _, _ = lax.while_loop(lambda s: jnp.abs(s[3] - target) > 0.005, bisect_down, (lb, val, val, inf))
    lower_err = val - lo
    return upper_err, lower_err
