"""scipy.stats.differential_entropy (Ebrahimi): boolean gather `i[cond]` in an `.at[cond].set`.

source: scipy/scipy scipy/stats/_entropy.py at 07ddb88f05d7ac09d002e6844ee21817e688625d
    (`differential_entropy`, `_pad_along_last_axis`, `_ebrahimi_entropy`), the array-API version.
    The first mask was already rewritten with `xp.where` (https://github.com/scipy/scipy/pull/22469,
    "TST: stats: improve JAX test coverage"); the second still reads
    `ci = xpx.at(ci, cond).set(1 + (n - i[cond])/m)`.
error: NonConcreteBooleanIndexError
category: bool-mask-gather-and-set on a mask built from a (traced) jnp.arange
expect: fix
notes: `xp` is jax.numpy. `array_namespace`/`xp_promote(values, force_floating=True)` become
    `jnp`/`jnp.asarray(values, dtype=float)`, `device=xp_device(X)` arguments are dropped,
    `xpx.at(ci, cond).set(v)` is written as JAX's own `ci.at[cond].set(v)`. Docstrings trimmed.
    The other estimators are left out of the `methods` table (only "ebrahimi"/"auto" kept), and
    `f` (method="ebrahimi", axis=-1, jitted) is mine. Note the mask comes from `jnp.arange` on
    static sizes, so it is a tracer under jit even though its values are known.
"""
EXPECT = "fix"

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

    methods = {"ebrahimi": _ebrahimi_entropy,
               "auto": _ebrahimi_entropy}
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


def _ebrahimi_entropy(X, m, *, xp):
    """Compute the Ebrahimi estimator as described in [6]."""
    # No equation number, but referred to as HE_mn
    n = X.shape[-1]
    X = _pad_along_last_axis(X, m, xp=xp)

    differences = X[..., 2 * m:] - X[..., : -2 * m:]

    i = xp.arange(1, n+1, dtype=X.dtype)
    ci = xp.where(i <= m, 1 + (i - 1)/m, 2.)
    cond = i >= n - m + 1
    ci = ci.at[cond].set(1 + (n - i[cond])/m)

    logs = xp.log(n * differences / (ci * m))
    return xp.mean(logs, axis=-1)


f = jax.jit(functools.partial(differential_entropy, axis=-1, method="ebrahimi"))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    values = rng.standard_normal(size=(3, 25)).astype(np.float32)
    return (values,)


INPUTS = make_inputs


@jax.jit
def reference_fix(values):
    values = jnp.asarray(values, dtype=float)
    n = values.shape[-1]
    m = math.floor(math.sqrt(n) + 0.5)
    X = jnp.sort(values, axis=-1)
    shape = X.shape[:-1] + (m,)
    X = jnp.concat((jnp.broadcast_to(X[..., :1], shape), X,
                    jnp.broadcast_to(X[..., -1:], shape)), axis=-1)
    differences = X[..., 2 * m:] - X[..., : -2 * m:]
    i = jnp.arange(1, n + 1, dtype=X.dtype)
    ci = jnp.where(i <= m, 1 + (i - 1) / m, 2.)
    cond = i >= n - m + 1
    ci = jnp.where(cond, 1 + (n - i) / m, ci)
    logs = jnp.log(n * differences / (ci * m))
    return jnp.astype(jnp.mean(logs, axis=-1), values.dtype)
