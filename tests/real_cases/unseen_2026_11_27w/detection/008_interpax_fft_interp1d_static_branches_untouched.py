"""interpax fft_interp1d: `n < nx_half`, `sx is not None`, `n >= nx`, `nx % 2 == 0`, pad signs: all static (correct).

source: f0uriest/interpax interpax/_fourier.py at 0260a0a10ba4d27040bfe1d9b7b9559d1ec955f4 (fft_interp1d, ifft_interp1d, _fft_pad, _pad_along_axis; code-index file id 14679774961) with the helpers asarray_inexact and wrap_jit from interpax/utils.py at 24e04834e5d06afc059b768ec9befb985a2fb93f (code-index file id 14676550273).
error: none
category: negative
expect: untouched
notes: functions verbatim except that the jaxtyping annotations (Num[ArrayLike, ...], Inexact[Array, ...]) are dropped because jaxtyping is not installed, and the relative import of the two utils helpers is replaced by their verbatim definitions. `f = fft_interp1d` is the library's own jitted entry point (wrap_jit(static_argnames=["n"])). Every Python `if` tests a static shape, the static `n`, or `sx is None`; `.at[-1].divide(2)` and the slices use static bounds. Inputs vary n below nx//2+1, between nx//2+1 and nx, and above nx, with even and odd nx, with and without a traced shift sx.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools
from typing import Optional

import jax
import jax.numpy as jnp


def asarray_inexact(x):
    """Convert to jax array with floating point dtype."""
    x = jnp.asarray(x)
    dtype = x.dtype
    if not jnp.issubdtype(dtype, jnp.inexact):
        dtype = jnp.result_type(x, jnp.array(1.0))
    return x.astype(dtype)


def wrap_jit(*args, **kwargs):
    """Wrap a function with jit with optional extra args.

    This is a helper to ensure docstrings and type hints are correctly propagated
    to the wrapped function, bc vscode seems to have issues with regular jitted funcs.
    """

    def wrapper(fun):
        foo = jax.jit(fun, *args, **kwargs)
        foo = functools.wraps(fun)(foo)
        return foo

    return wrapper


@wrap_jit(static_argnames=["n"])
def fft_interp1d(
    f,
    n: int,
    sx=None,
    dx: float = 1.0,
):
    """Interpolation of a real-valued 1D periodic function via FFT.

    Parameters
    ----------
    f : ndarray, shape(nx, ...)
        Source data. Assumed to cover 1 full period, excluding the endpoint.
    n : int
        Number of desired interpolation points.
    sx : ndarray or None
        Shift in x to evaluate at. If original data is f(x), interpolates to f(x + sx).
    dx : float
        Spacing of source points.

    Returns
    -------
    fi : ndarray, shape(n, ..., len(sx))
        Interpolated (and possibly shifted) data points.

    """
    f = asarray_inexact(f)
    return ifft_interp1d(jnp.fft.rfft(f, axis=0, norm="forward"), f.shape[0], n, sx, dx)


def ifft_interp1d(
    c,
    nx: int,
    n: int,
    sx=None,
    dx: float = 1.0,
):
    """Interpolation of a 1D Hermitian Fourier series via FFT.

    Parameters
    ----------
    c : ndarray, shape(nx // 2 + 1, ...)
        Fourier coefficients ``jnp.fft.rfft(f,axis=0,norm="forward")``.
    nx : bool
        Number of sample points e.g. ``f.shape[0]``.
    n : int
        Number of desired interpolation points.
    sx : ndarray or None
        Shift in x to evaluate at. If original data is f(x), interpolates to f(x + sx).
    dx : float
        Spacing of source points.

    Returns
    -------
    fi : ndarray, shape(n, ..., len(sx))
        Interpolated (and possibly shifted) data points.

    """
    nx_half = c.shape[0]
    if n < nx_half:
        # truncate early to reduce computation when shifting
        c = c[:n]

    if sx is not None:
        tau = 2 * jnp.pi
        sx = asarray_inexact(sx)
        sx = jnp.exp(1j * jnp.fft.rfftfreq(nx, dx / tau)[: c.shape[0], None] * sx)
        c = (c[None].T * sx).T
        c = jnp.moveaxis(c, 0, -1)

    if n >= nx:
        return jnp.fft.irfft(c, n, axis=0, norm="forward")

    if (n >= nx_half) and (nx % 2 == 0):
        # then we had not truncated, and we need to half the top frequency
        c = c.at[-1].divide(2)
    c = c.at[0].divide(2) * 2

    x = jnp.linspace(0, dx * nx, n, endpoint=False)
    x = jnp.exp(1j * (c.shape[0] // 2) * x).reshape(n, *((1,) * (c.ndim - 1)))

    c = _fft_pad(c, n, 0)
    return (jnp.fft.ifft(c, axis=0, norm="forward") * x).real


def _fft_pad(c_shift, n_out, axis):
    n_in = c_shift.shape[axis]
    p = n_out - n_in
    p = (p // 2, p - p // 2)
    if n_in % 2 != 0:
        p = p[::-1]
    return jnp.fft.ifftshift(_pad_along_axis(c_shift, p, axis), axis)


def _pad_along_axis(array: jax.Array, pad: tuple = (0, 0), axis: int = 0):
    """Pad with zeros or truncate a given dimension."""
    index = [slice(None)] * array.ndim
    pad_width = [(0, 0)] * array.ndim
    start = stop = None

    if pad[0] < 0:
        start = -pad[0]
        pad = (0, pad[1])
    if pad[1] < 0:
        stop = pad[1]
        pad = (pad[0], 0)

    index[axis] = slice(start, stop)
    pad_width[axis] = pad
    return jnp.pad(array[tuple(index)], pad_width)


f = fft_interp1d
# --- end user code ---

import numpy as np


def make_inputs(rng):
    nx = int(rng.choice([12, 13, 16, 17]))
    x = np.arange(nx) * (2 * np.pi / nx)
    data = (np.sin(x) + 0.3 * np.cos(3 * x + rng.uniform(0, 2 * np.pi))
            + 0.1 * rng.normal(size=nx)).astype(np.float32)
    # below nx//2+1, between nx//2+1 and nx, or above nx
    n = int(rng.choice([nx // 2 - 1, nx // 2 + 2, nx - 1, 2 * nx + 1]))
    if rng.uniform() < 0.5:
        return (data, n)
    sx = rng.uniform(-0.5, 0.5, size=3).astype(np.float32)
    return (data, n, sx)


INPUTS = make_inputs
