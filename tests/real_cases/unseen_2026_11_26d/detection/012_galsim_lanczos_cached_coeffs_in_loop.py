"""An interpolant caches its coefficient array on first use, and first use is inside a fori_loop body.

source: GalSim-developers/JAX-GalSim pull request #60 ("ENH add InterpolatedImage"; test failure quoted in the thread: jax_galsim/interpolatedimage.py `_draw_with_interpolant_xval` -> `jax.lax.fori_loop(... _body ...)` -> `interp._xval_noraise(_y)` -> `Lanczos._xval(x, self._n, self._conserve_dc, self._K_arr)`: "UnexpectedTracerError ... intermediate value with type float64[6] ... The function being traced when the value leaked was scanned_fun ... traced for scan")
error: UnexpectedTracerError
category: cached-property-tracer-in-loop
expect: report
notes: Lanczos reduced to a plain class whose `_K_arr` is computed lazily and cached on the
  instance (the six-coefficient DC-correction array of the traceback, here a small sinc-based
  stand-in); `_draw` follows `_draw_with_interpolant_xval`'s fori_loop. The cache is filled with a
  tracer of the loop body and used again after the loop. Fix needs a design change (compute the
  coefficients eagerly in __init__), so it is reported.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class Lanczos:
    def __init__(self, n, conserve_dc=True):
        self._n = n
        self._conserve_dc = conserve_dc
        self._K_arr_cache = None

    @property
    def _K_arr(self):
        if self._K_arr_cache is None:
            k = jnp.arange(2 * self._n, dtype=jnp.float32)
            self._K_arr_cache = jnp.sinc(k / self._n) * jnp.sinc(k / (2.0 * self._n))
        return self._K_arr_cache

    @staticmethod
    def _xval(x, n, conserve_dc, K):
        x = jnp.abs(x)
        res = jnp.where(x < n, jnp.sinc(x) * jnp.sinc(x / n), 0.0)
        if conserve_dc:
            res = res * (1.0 + 0.01 * jnp.sum(K))
        return res

    def _xval_noraise(self, x):
        return Lanczos._xval(x, self._n, self._conserve_dc, self._K_arr)


interp = Lanczos(3)


@jax.jit
def f(xs):
    def _body(i, z):
        return z + interp._xval_noraise(xs[i])

    z = jax.lax.fori_loop(0, xs.shape[0], _body, jnp.zeros(xs.shape[1:]))
    return z + interp._xval_noraise(xs[0])
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(-4.0, 4.0, size=(5, 6)).astype(np.float32),)


INPUTS = make_inputs
