"""chromatix's current chirp-z transform: sizes come from `x.shape` and a static `m`; nothing leaks.

source: chromatix-team/chromatix src/chromatix/utils/czt.py at 1315bc696fe1d5fc0249b9759e632e6d8ebd1ad6 (`czt`, `cztn`); jitted as in tests/test_czt.py `test_czt_jit` (`jit(czt, static_argnums=[1])`)
error: none
category: negative-static-shapes
expect: untouched
notes: `czt` verbatim (docstring kept); `cztn` and `custom_fftn` dropped. `f` is `jit(czt, static_argnums=[1])`
  as in the repository's test. A naive tool sees `jnp.arange(n_czt)`, slices `wk2[n - 1 : 0 : -1]`,
  `wk2[:m]`, `y[..., n - 1 : n + m - 1]` and an FFT length argument, but `n` is `x.shape[axis]` and `m` is a
  static argument, so every size is concrete. `a` and `w` are traced and only used arithmetically.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import Array, jit
from jax.typing import ArrayLike


def czt(x: ArrayLike, m: int, a: complex, w: complex, axis=-1) -> Array:
    """
    Chirp Z-transform (CZT) of a signal along one dimension. The CZT is a
    generalization of the discrete Fourier transform (DFT). The DFT samples the
    Z plane at uniformly-spaced points on the unit circle, whereas the CZT
    samples the Z plane at uniformly-spaced points on a spiral. This can be
    used to interpolate the DFT to any desired frequency resolution.

    Bluestein's algorithm is used to compute the CZT as a convolution.

    !!! warning
        Using float32/complex64 may have numerical accuracy issues.

    Args:
        x: Input signal to transform.
        m: Number of samples in the output.
        a: The starting point in the complex plane. Must lie on the unit circle
            for numerical stability.
        w: The ratio between points in each step. Should lie on the unit
            circle.
        axis: Axis along which to perform the CZT.
    """

    # TODO switch to jaxtyping
    # # check input values
    # checkify.check(m > 0, "m needs to positive")
    # axis = axis + x.ndim if axis < 0 else axis
    # checkify.check(
    #     axis < x.ndim, "axis needs to be less than the number of dimensions of x"
    # )

    # compute modulation terms
    n = x.shape[axis]
    n_czt = m + n - 1
    k = jnp.arange(n_czt)
    wk2 = w ** (k**2 / 2)
    Awk2 = a ** -k[:n] * wk2[:n]
    Fwk2 = jnp.fft.fft(1 / jnp.hstack((wk2[n - 1 : 0 : -1], wk2[:m])), n_czt)
    wk2 = wk2[:m]

    # perform CZT
    x = jnp.moveaxis(x, axis, -1)
    y = jnp.fft.ifft(jnp.fft.fft(x * Awk2, n_czt, axis=-1) * Fwk2, axis=-1)
    y = y[..., n - 1 : n + m - 1] * wk2
    y = jnp.moveaxis(y, -1, axis)
    return y


f = jit(czt, static_argnums=[1])
# --- end user code ---

import numpy as np


def make_inputs(rng):
    N = 10
    x = (rng.uniform(size=(N, N)) + 1j * rng.uniform(size=(N, N))).astype(np.complex64)
    a = np.complex64(np.exp(1j * rng.uniform(0, 0.5)))
    w = np.complex64(np.exp(-1j * 2 * np.pi / N))
    return (x, 8, a, w)


INPUTS = make_inputs
