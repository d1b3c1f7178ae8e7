"""scipy's array-API logsumexp: boolean-mask `.at[mask].set(scalar)` updates on traced masks.

source: crusaderky/scipy scipy/special/_logsumexp.py at c05e6b3abb3b3e4d2b4ae0accd7937db9da3d5a2
    (`_logsumexp`, `_elements_and_indices_with_max_real`, `_sign`), the branch of
    https://github.com/scipy/scipy/pull/22256 ("ENH: special: JAX support (non-jitted)"), where the
    author notes on `i = xpx.at(i, ~mask).set(-1)`: "This fails on jax.jit".
error: NonConcreteBooleanIndexError
category: bool-mask-at-set (x.at[mask].set(scalar) -> jnp.where), reached through a helper
expect: fix
notes: `xp` is jax.numpy, passed in through a closure as scipy does with its array namespace.
    `xpx.at(x, idx).set(v)` from array-api-extra is written as JAX's own `x.at[idx].set(v)`,
    the call it makes for JAX arrays (`copy=True` dropped: JAX updates are out of place).
    `xp_size(a)` is `a.size` and `xp_real` is `xp.real`. The complex branch is kept
    but the inputs are real. The jitted entry point `f` (axis=-1, return_sign=True) is mine.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _elements_and_indices_with_max_real(a, axis=-1, xp=None):
    # This is an array-API compatible `max` function that works something
    # like `np.max` for complex input. The important part is that it finds
    # the element with maximum real part. When there are multiple complex values
    # with this real part, it doesn't matter which we choose.
    if xp.isdtype(a.dtype, "complex floating"):
        # select all elements with max real part.
        real_a = xp.real(a)
        max = xp.max(real_a, axis=axis, keepdims=True)
        mask = real_a == max

        # Of those, choose one arbitrarily. This is a reasonably
        # simple, array-API compatible way of doing so that doesn't
        # have a problem with `axis` being a tuple or None.
        i = xp.reshape(xp.arange(a.size), a.shape)
        i = i.at[~mask].set(-1)
        max_i = xp.max(i, axis=axis, keepdims=True)
        mask = i == max_i
        a = a.at[~mask].set(0)
        max = xp.sum(a, axis=axis, dtype=a.dtype, keepdims=True)
    else:
        max = xp.max(a, axis=axis, keepdims=True)
        mask = a == max

    return xp.asarray(max), xp.asarray(mask)


def _sign(x, xp):
    return x / xp.where(x == 0, xp.asarray(1, dtype=x.dtype), xp.abs(x))


def _logsumexp(a, b, axis, return_sign, xp):

    # This has been around for about a decade, so let's consider it a feature:
    # Even if element of `a` is infinite or NaN, it adds nothing to the sum if
    # the corresponding weight is zero.
    if b is not None:
        a = a.at[b == 0].set(-xp.inf)

    # Find element with maximum real part, since this is what affects the magnitude
    # of the exponential. Possible enhancement: include log of `b` magnitude in `a`.
    a_max, i_max = _elements_and_indices_with_max_real(a, axis=axis, xp=xp)

    # for precision, these terms are separated out of the main sum.
    a = a.at[i_max].set(-xp.inf)
    i_max_dt = xp.astype(i_max, a.dtype)
    # This is an inefficient way of getting `m` because it is the sum of a sparse
    # array; however, this is the simplest way I can think of to get the right shape.
    m = (xp.sum(i_max_dt, axis=axis, keepdims=True, dtype=a.dtype) if b is None
         else xp.sum(b * i_max_dt, axis=axis, keepdims=True, dtype=a.dtype))

    # Arithmetic between infinities will introduce NaNs.
    # `+ a_max` at the end naturally corrects for removing them here.
    shift = xp.where(xp.isfinite(a_max), a_max, xp.asarray(0, dtype=a_max.dtype))

    # Shift, exponentiate, scale, and sum
    exp = b * xp.exp(a - shift) if b is not None else xp.exp(a - shift)
    s = xp.sum(exp, axis=axis, keepdims=True, dtype=exp.dtype)
    s = xp.where(s == 0, s, s/m)

    # Separate sign/magnitude information
    sgn = None
    if return_sign:
        # Use the numpy>=2.0 convention for sign.
        # When all array libraries agree, this can become sng = xp.sign(s).
        sgn = _sign(s + 1, xp=xp) * _sign(m, xp=xp)

        if xp.isdtype(s.dtype, "real floating"):
            # The log functions need positive arguments
            s = xp.where(s < -1, -s - 2, s)
            m = xp.abs(m)
        else:
            # `a_max` can have a sign component for complex input
            j = xp.asarray(1j, dtype=a_max.dtype)
            sgn = sgn * xp.exp(xp.imag(a_max) * j)

    # Take log and undo shift
    out = xp.log1p(s) + xp.log(m) + a_max

    out = xp.real(out) if return_sign else out

    return out, sgn


@jax.jit
def f(a, b):
    return _logsumexp(a, b, axis=-1, return_sign=True, xp=jnp)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    a = rng.normal(size=(4, 6)).astype(np.float32)
    a[1, 2] = a[1, 4] = 5.0          # tied maximum in a row
    b = rng.uniform(0.5, 2.0, size=(4, 6)).astype(np.float32)
    b[0, rng.integers(0, 6)] = 0.0   # zero weight: its `a` entry is ignored
    b[2, :] = 0.0                    # all weights zero in one row
    b[3, 1] = -1.5                   # a negative weight, to exercise the sign
    return (a, b)


INPUTS = make_inputs


@jax.jit
def reference_fix(a, b):
    xp = jnp
    axis = -1
    a = xp.where(b == 0, -xp.inf, a)
    a_max = xp.max(a, axis=axis, keepdims=True)
    i_max = a == a_max
    a = xp.where(i_max, -xp.inf, a)
    i_max_dt = xp.astype(i_max, a.dtype)
    m = xp.sum(b * i_max_dt, axis=axis, keepdims=True, dtype=a.dtype)
    shift = xp.where(xp.isfinite(a_max), a_max, xp.asarray(0, dtype=a_max.dtype))
    exp = b * xp.exp(a - shift)
    s = xp.sum(exp, axis=axis, keepdims=True, dtype=exp.dtype)
    s = xp.where(s == 0, s, s / m)

    def _sgn(x):
        return x / xp.where(x == 0, xp.asarray(1, dtype=x.dtype), xp.abs(x))

    sgn = _sgn(s + 1) * _sgn(m)
    s = xp.where(s < -1, -s - 2, s)
    m = xp.abs(m)
    out = xp.log1p(s) + xp.log(m) + a_max
    return xp.real(out), sgn
