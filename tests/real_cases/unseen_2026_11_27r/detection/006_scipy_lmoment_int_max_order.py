"""scipy.stats.lmoment: `int(xp.max(order))` where `order` is static config turned into an array.

source: scipy/scipy scipy/stats/_stats_py.py, `lmoment`, `_lmoment_iv`, `_br`, `_prk` (code-index
    files 60684513916, 60409519839, 60510401599, 60540316225) before
    https://github.com/scipy/scipy/pull/24479 ("ENH: stats.lmoment: enable JIT": "`lmoment` wants
    to use `arange` up to the maximum element of `order`. `order` is treated as an array, so this
    won't work with lazy backends"). The stored revision already has the fix
    `n_moments = 4 if is_lazy_array(order) else int(xp.max(order))`; the pre-fix line
    `n_moments = int(xp.max(order))` is restored from the PR description.
error: ConcretizationTypeError
category: int() of a reduction of an array built from static config (order=None -> xp.arange(1, 5)),
    used for an arange length and Python comparisons; static look-alikes in the validator
    (`int(axis)`, `bool(sorted)`, `np.asarray(...)[()]` on Python values, an `is_lazy_array` guard)
expect: fix
notes: `xp` is jax.numpy. `xp_promote(sample, force_floating=True)` is a local helper;
    `is_lazy_array` is array_api_compat's answer for JAX (every jax.Array is lazy);
    `xpx.lazy_apply(special.binom, a, b)` is replaced by a gammaln-based `_binom` (same values for
    the integer-valued float arguments used here); `xpx.expand_dims` is `jnp.expand_dims`;
    `xpx.at(x)[idx].set/divide(v)` is written as JAX's own `x.at[idx].set/divide(v)`. Docstring
    dropped. `f` (order=None, axis=-1, jitted) is mine.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import gammaln


def is_lazy_array(x):
    return isinstance(x, jax.Array)


def xp_promote(x, force_floating=False, xp=None):
    x = xp.asarray(x)
    if force_floating and not xp.isdtype(x.dtype, "real floating"):
        x = xp.astype(x, xp.float32)
    return x


def _binom(n, k):
    return jnp.exp(gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1))


def lmoment(sample, order=None, *, axis=0, sorted=False, standardize=True):
    xp = jnp
    args = _lmoment_iv(sample, order, axis, sorted, standardize, xp=xp)
    sample, order, axis, sorted, standardize = args

    n_moments = int(xp.max(order))
    k = xp.arange(n_moments, dtype=sample.dtype)
    prk = _prk(xp.expand_dims(k, axis=tuple(range(1, sample.ndim+1))), k)
    bk = _br(sample, r=k, xp=xp)

    n = sample.shape[-1]
    if n < bk.shape[-1]:
        bk = bk.at[..., n:].set(0)  # remove NaNs due to n_moments > n

    lmoms = xp.vecdot(prk, bk, axis=-1)
    if standardize and n_moments > 2:
        lmoms = lmoms.at[2:, ...].divide(lmoms[1, ...])

    if n < lmoms.shape[0]:
        lmoms = lmoms.at[n:, ...].set(xp.nan)  # add NaNs where appropriate
    # return lmoms[order-1]  # strict can't handle fancy indexing plus ellipses
    return xp.take(lmoms, order - 1, axis=0) if order.ndim == 1 else lmoms[order - 1]


def _lmoment_iv(sample, order, axis, sorted, standardize, xp):
    # input validation/standardization for `lmoment`
    sample = xp_promote(sample, force_floating=True, xp=xp)

    message = "`sample` must be an array of real numbers."
    if not xp.isdtype(sample.dtype, "real floating"):
        raise ValueError(message)

    message = "`order` must be a scalar or a non-empty array of positive integers."
    order = xp.arange(1, 5) if order is None else xp.asarray(order)
    if (not xp.isdtype(order.dtype, "integral") or order.size == 0 or order.ndim > 1
            or (not is_lazy_array(order) and xp.any(order <= 0))):
        raise ValueError(message)

    # input validation of non-array types can still be performed with NumPy
    axis = np.asarray(axis)[()]
    message = "`axis` must be an integer."
    if not np.issubdtype(axis.dtype, np.integer) or axis.ndim != 0:
        raise ValueError(message)
    axis = int(axis)

    sorted = np.asarray(sorted)[()]
    message = "`sorted` must be True or False."
    if not np.issubdtype(sorted.dtype, np.bool_) or sorted.ndim != 0:
        raise ValueError(message)
    sorted = bool(sorted)

    standardize = np.asarray(standardize)[()]
    message = "`standardize` must be True or False."
    if not np.issubdtype(standardize.dtype, np.bool_) or standardize.ndim != 0:
        raise ValueError(message)
    standardize = bool(standardize)

    sample = xp.moveaxis(sample, axis, -1)
    sample = xp.sort(sample, axis=-1) if not sorted else sample

    return sample, order, axis, sorted, standardize


def _br(x, *, r=0, xp):
    n = x.shape[-1]
    x = xp.expand_dims(x, axis=-2)
    x = xp.broadcast_to(x, x.shape[:-2] + (r.shape[0], n))
    x = xp.triu(x)
    j = xp.arange(n, dtype=x.dtype)
    n = xp.asarray(n, dtype=x.dtype)[()]
    binom_j_r = _binom(j, r[:, xp.newaxis])
    binom_nm1_r = _binom(n-1, r)
    return xp.vecdot(binom_j_r, x, axis=-1) / binom_nm1_r / n


def _prk(r, k):
    # Writen to match [1] Equation 27 closely to facilitate review.
    # This does not protect against overflow, so improvements to
    # robustness would be a welcome follow-up.
    binom_r_k = _binom(r, k)
    binom_rpk_k = _binom(r+k, k)
    return (-1)**(r-k)*binom_r_k*binom_rpk_k


f = jax.jit(functools.partial(lmoment, axis=-1))
# --- end user code ---


def make_inputs(rng):
    sample = rng.exponential(size=(2, 30)).astype(np.float32)
    return (sample,)


INPUTS = make_inputs


@jax.jit
def reference_fix(sample):
    xp = jnp
    order = np.arange(1, 5)          # static: order=None
    n_moments = int(np.max(order))
    sample = xp.sort(xp.asarray(sample, dtype=xp.float32), axis=-1)
    k = xp.arange(n_moments, dtype=sample.dtype)
    prk = _prk(xp.expand_dims(k, axis=tuple(range(1, sample.ndim + 1))), k)
    bk = _br(sample, r=k, xp=xp)
    lmoms = xp.vecdot(prk, bk, axis=-1)
    lmoms = lmoms.at[2:, ...].divide(lmoms[1, ...])
    return xp.take(lmoms, order - 1, axis=0)
