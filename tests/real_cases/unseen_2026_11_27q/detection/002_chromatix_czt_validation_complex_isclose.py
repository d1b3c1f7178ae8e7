"""chromatix's first chirp-z transform validates traced `a`/`w` with `complex()` and `jnp.isclose` checks.

source: chromatix-team/chromatix src/chromatix/utils/czt.py, first revision added in https://github.com/chromatix-team/chromatix/pull/150 ("Add chirp z transform"; stored revision = code-index file id 47254076226); jitted as in tests/test_czt.py `test_czt_jit` (`jit(czt, static_argnums=[1])`)
error: ConcretizationTypeError
category: builtin-conversion-in-validation-helper
expect: report
notes: The first failure is `complex(a[d])` on a traced scalar; the `if not jnp.isclose(abs(a[d]), 1): raise ValueError` that follows is a traced check-and-raise. `_verify_axes`, `_verify_cztn_input` and `czt` verbatim; `cztn` and the slower variants are dropped.
  `from chex import Array` is replaced by `from jax import Array` (chex is not installed). `f` is
  `jax.jit(czt, static_argnums=[1])` exactly as in the repository's jit test, so `m` is static and `a`, `w`
  are traced. Reportable rather than fixable: the helper raises ValueError for a value off the unit circle,
  which jit cannot do; dropping the checks would change behaviour for invalid input. Later revisions of
  the file commented the checks out ("TODO switch to jaxtyping").
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import Array
from jax import jit


def _verify_axes(x, axes):
    axes = [a + x.ndim if a < 0 else a for a in axes]
    if any(a >= x.ndim or a < 0 for a in axes):
        raise ValueError("axes exceeds dimensionality of input")
    if len(set(axes)) != len(axes):
        raise ValueError("all axes must be unique")
    return axes


def _verify_cztn_input(x, a, w, m, axes):
    D = len(a)
    if not (len(w) == len(m) == D):
        raise ValueError("Length of [a], [w], and [m] must match.")

    if x.ndim < D:
        raise ValueError("[x] does not have enough dimensions.")

    if axes is not None:
        assert len(axes) == D, "Length of [axes] must match [a], [w], and [m]."
        axes = _verify_axes(x, axes)
    else:
        axes = list(range(D))

    # check valid values
    for d in range(D):
        a[d] = complex(a[d])
        w[d] = complex(w[d])
        if not jnp.isclose(abs(a[d]), 1):
            raise ValueError(
                "Parameter[a[d]] must lie on the unit circle for numerical stability."
            )
        if not jnp.isclose(abs(w[d]), 1):
            raise ValueError("Parameter[w[d]] must lie on the unit circle.")
        if m[d] <= 0:
            raise ValueError("Parameter[m[d]] must be positive.")

    return axes, a, w


def czt(x: Array, m: int, a: complex, w: complex, axis=-1) -> Array:
    """
    Chirp Z-transform (CZT) of a signal along one dimension. The CZT is a
    generalization of the discrete Fourier transform (DFT). The DFT samples the
    Z plane at uniformly-spaced points on the unit circle, whereas the CZT
    samples the Z plane at uniformly-spaced points on a spiral. This can be
    used to interpolate the DFT to any desired frequency resolution.

    Bluestein's algorithm is used to compute the CZT as a convolution.

    Args:
        x: Input signal to transform.
        m: Number of samples in the output.
        a: The starting point in the complex plane.
        w: The ratio between points in each step.
    """
    axes, a, w = _verify_cztn_input(x, a=[a], w=[w], m=[m], axes=[axis])
    axis = axes[0]
    a = a[0]
    w = w[0]

    # compute modulation terms
    n = x.shape[axis]
    n_czt = m + n - 1
    k = jnp.arange(n_czt)
    wk2 = w ** (k**2 / 2)
    Awk2 = a ** -k[:n] * wk2[:n]
    Fwk2 = jnp.fft.fft(1 / jnp.hstack((wk2[n - 1 : 0 : -1], wk2[:m])), n_czt)
    wk2 = wk2[:m]
    idx = [slice(None)] * len(x.shape)
    idx[axis] = slice(n - 1, n + m - 1)
    idx = tuple(idx)

    # perform CZT
    broadcast_shape = [1] * len(x.shape)
    broadcast_shape[axis] = n
    y = jnp.fft.fft(x * Awk2.reshape(broadcast_shape), n_czt, axis=axis)
    broadcast_shape[axis] = n_czt
    y = jnp.fft.ifft(y * Fwk2.reshape(broadcast_shape), axis=axis)
    broadcast_shape[axis] = m
    y = y[idx] * wk2.reshape(broadcast_shape)
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
