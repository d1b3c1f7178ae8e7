"""scipy.stats.yeojohnson_llf: `out.at[pos].set(f(x[pos]))` with a data mask, behind a helper.

source: scipy/scipy scipy/stats/_morestats.py, array-API revision before
    https://github.com/scipy/scipy/pull/24430 ("ENH: stats.yeojohnson_llf: enable JIT"; code-index
    file 1112260108: `_yeojohnson_transform`, `yeojohnson_llf`, `_yeojohnson_llf`). The PR says
    "`xpx.at.set` doesn't work because it creates temporary arrays (e.g. `x[pos]`) with
    value-dependent size"; the fixed revision (index file 60402066847) adds an
    `if is_jax(xp): return xp.select(...)` branch.
error: NonConcreteBooleanIndexError
category: bool-mask-gather-and-set (data-dependent mask) reached through a helper; static
    `if abs(lmbda) < eps` branches on a Python float are look-alikes
expect: fix
notes: `xp` is jax.numpy. `xpx.at(out)[pos].set(v)` is written as JAX's own `out.at[pos].set(v)`;
    `xp_result_type(..., force_floating=True)` and `xpx.apply_where` are replaced by small local
    helpers with the same meaning for JAX. The `_axis_nan_policy` decorator and the
    keepdims/nan_policy plumbing of `yeojohnson_llf` are dropped (defaults only). `lmb` is a
    static argument of the jitted `f` (mine), as when a user jits the llf for a fixed lambda.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def xp_result_type(*args, force_floating=False, xp):
    dtype = xp.result_type(*args)
    if force_floating and not xp.isdtype(dtype, "real floating"):
        dtype = xp.result_type(dtype, xp.float32)
    return dtype


def apply_where(cond, args, f, fill_value, xp):
    return xp.where(cond, f(*args), fill_value)


def _yeojohnson_transform(x, lmbda, xp=None):
    """Returns `x` transformed by the Yeo-Johnson power transform with given
    parameter `lmbda`.
    """
    xp = jnp if xp is None else xp
    dtype = xp_result_type(x, lmbda, force_floating=True, xp=xp)
    eps = xp.finfo(dtype).eps
    out = xp.zeros_like(x, dtype=dtype)
    pos = x >= 0  # binary mask

    # when x >= 0
    if abs(lmbda) < eps:
        out = out.at[pos].set(xp.log1p(x[pos]))
    else:  # lmbda != 0
        # more stable version of: ((x + 1) ** lmbda - 1) / lmbda
        out = out.at[pos].set(xp.expm1(lmbda * xp.log1p(x[pos])) / lmbda)

    # when x < 0
    if abs(lmbda - 2) > eps:
        out = out.at[~pos].set(
            -xp.expm1((2 - lmbda) * xp.log1p(-x[~pos])) / (2 - lmbda))
    else:  # lmbda == 2
        out = out.at[~pos].set(-xp.log1p(-x[~pos]))

    return out


def _yeojohnson_llf(data, *, lmb, axis=0):
    xp = jnp
    y = _yeojohnson_transform(data, lmb, xp=xp)
    sigma = xp.var(y, axis=axis)

    # Suppress RuntimeWarning raised by np.log when the variance is too low
    finite_variance = sigma >= xp.finfo(sigma.dtype).smallest_normal
    log_sigma = apply_where(finite_variance, (sigma,), xp.log, fill_value=-xp.inf, xp=xp)

    n = data.shape[axis]
    loglike = (-n / 2 * log_sigma
               + (lmb - 1) * xp.sum(xp.sign(data) * xp.log1p(xp.abs(data)), axis=axis))

    return loglike


def yeojohnson_llf(lmb, data, *, axis=0):
    res = _yeojohnson_llf(data, lmb=lmb, axis=axis)
    return res[()] if res.ndim == 0 else res


f = jax.jit(yeojohnson_llf, static_argnames=("lmb",))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    lmb = float(rng.choice([0.0, 2.0, 0.7, -1.5, 3.0]))
    data = rng.normal(size=(40, 3)).astype(np.float32)
    data[0, 0] = 0.0
    return (lmb, data)


INPUTS = make_inputs


def _yj_select(x, lmbda):
    # the JAX branch added by scipy PR #24430
    xp = jnp
    eps = xp.finfo(xp.result_type(x, lmbda)).eps
    pos = x >= 0
    return xp.select(
        [(abs(lmbda) < eps) & pos, (abs(lmbda - 2) < eps) & ~pos, pos],
        [xp.log1p(x), -xp.log1p(-x), xp.expm1(lmbda * xp.log1p(x)) / lmbda],
        -xp.expm1((2 - lmbda) * xp.log1p(-x)) / (2 - lmbda),
    )


@jax.jit(static_argnames=("lmb",))
def reference_fix(lmb, data):
    xp = jnp
    y = _yj_select(data, lmb)
    sigma = xp.var(y, axis=0)
    finite_variance = sigma >= xp.finfo(sigma.dtype).smallest_normal
    log_sigma = xp.where(finite_variance, xp.log(sigma), -xp.inf)
    n = data.shape[0]
    return (-n / 2 * log_sigma
            + (lmb - 1) * xp.sum(xp.sign(data) * xp.log1p(xp.abs(data)), axis=0))
