"""scipy.stats.differential_entropy (Correa): integer fancy indexing with arange-built indices.

source: scipy/scipy scipy/stats/_entropy.py at 07ddb88f05d7ac09d002e6844ee21817e688625d
    (`differential_entropy`, `_pad_along_last_axis`, `_correa_entropy`), the array-API version
error: none
category: negative (gather with traced *integer* index arrays; math.floor/math.sqrt and raise on
    static sizes; dict dispatch on a static string)
expect: untouched
notes: same file as case 002, a different estimator. `xp` is jax.numpy;
    `array_namespace`/`xp_promote(values, force_floating=True)` become `jnp`/`jnp.asarray(values,
    dtype=float)`, `device=xp_device(X)` arguments are dropped, docstrings trimmed, and the
    `methods` table keeps only "correa". `X[..., j0]` gathers with an integer index array built
    from `xp.arange` (traced under jit but not boolean), which JAX supports; the window length
    comes from the static shape. `f` (method="correa", axis=-1, jitted) is mine.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools
import math

import jax
import jax.numpy as jnp

xp = jnp


def differential_entropy(values, *, window_length=None, base=None, axis=0, method="auto"):
    values = xp.asarray(values, dtype=float)
    values = xp.moveaxis(values, axis, -1)
    n = values.shape[-1]  # number of observations

    if window_length is None:
        window_length = math.floor(math.sqrt(n) + 0.5)

    if not 2 <= 2 * window_length < n:
        raise ValueError(
            f"Window length ({window_length}) must be positive and less "
            f"than half the sample size ({n}).",
        )

    if base is not None and base <= 0:
        raise ValueError("`base` must be a positive number or `None`.")

    sorted_data = xp.sort(values, axis=-1)

    methods = {"correa": _correa_entropy}
    method = method.lower()
    if method not in methods:
        message = f"`method` must be one of {set(methods)}"
        raise ValueError(message)

    res = methods[method](sorted_data, window_length, xp=xp)

    if base is not None:
        res /= math.log(base)

    return xp.astype(res, values.dtype)


def _pad_along_last_axis(X, m, *, xp):
    """Pad the data for computing the rolling window difference."""
    # scales a  bit better than method in _vasicek_like_entropy
    shape = X.shape[:-1] + (m,)
    Xl = xp.broadcast_to(X[..., :1], shape)  # :1 vs 0 to maintain shape
    Xr = xp.broadcast_to(X[..., -1:], shape)
    return xp.concat((Xl, X, Xr), axis=-1)


def _correa_entropy(X, m, *, xp):
    """Compute the Correa estimator as described in [6]."""
    # No equation number, but referred to as HC_mn
    n = X.shape[-1]
    X = _pad_along_last_axis(X, m, xp=xp)

    i = xp.arange(1, n+1)
    dj = xp.arange(-m, m+1)[:, None]
    j = i + dj
    j0 = j + m - 1  # 0-indexed version of j

    Xibar = xp.mean(X[..., j0], axis=-2, keepdims=True)
    difference = X[..., j0] - Xibar
    num = xp.sum(difference*dj, axis=-2)  # dj is d-i
    den = n*xp.sum(difference**2, axis=-2)
    return -xp.mean(xp.log(num/den), axis=-1)


f = jax.jit(functools.partial(differential_entropy, axis=-1, method="correa", base=2.0))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    values = rng.standard_normal(size=(3, 30)).astype(np.float32)
    return (values,)


INPUTS = make_inputs
