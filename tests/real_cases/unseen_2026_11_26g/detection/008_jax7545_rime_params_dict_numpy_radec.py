"""A sky-model params dict holds NumPy arrays; a helper indexes one with the `fori_loop` counter.

source: https://github.com/jax-ml/jax/issues/7545 (ulricharmel, "grads works but check_grads throws Tracer Array Conversion Error": `radec2lm` with `lax.fori_loop` and `ra, dec = radec[s]`, `phase_delay`, and `radec = params["radec"]` in the forward model; jakevdp: NumPy arrays reach the function through `params` and are "later on index[ed] with a traced value", fixed with `jnp.asarray(params["radec"])`); the forward model is ulricharmel/Stochastic (`forward`: `radec = params["radec"]`, `stokes = params["stokes"]`)
error: TracerArrayConversionError
category: numpy-array-indexed-by-tracer / params-dict
expect: fix
notes: `radec2lm` and the visible part of `phase_delay` are verbatim from the issue comment, with the removed `ops.index_update` written as `.at[].set` and `jax.experimental.loops` imports dropped; the tail of `phase_delay` (cut off in the issue) is completed with codex-africanus's formula it was ported from (`exp(-2*pi*i/c * (l u + m v + (n-1) w) * nu)`). In the issue the NumPy arrays arrive via check_grads' numerical differencing; here the params dict is a module-level sky model loaded with NumPy, and `f` is the jitted forward model over the traced uvw/frequencies, so `radec[s]` is a NumPy array indexed by a tracer. The fix is the thread's `jnp.asarray(params["radec"])`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np

import jax.numpy as jnp
from jax import jit, lax

lightspeed = 299792458.0
minus_two_pi_over_c = -2*jnp.pi/lightspeed
# define some constants
deg2rad = jnp.pi / 180.0;
arcsec2rad = deg2rad / 3600.0;
uas2rad = 1e-6 * deg2rad / 3600.0;


def radec2lm(radec, ra0=177.117828264*deg2rad, dec0=-29.9948728272*deg2rad):
  source = radec.shape[0]
  lm = jnp.empty((source, 2), radec.dtype)

  def body(s, lm):
    ra, dec = radec[s]
    delta_ra = ra - ra0
    l = jnp.cos(dec)*jnp.sin(delta_ra)
    m = jnp.sin(dec)*jnp.cos(dec0) - jnp.cos(dec)*jnp.sin(dec0)*jnp.cos(delta_ra)

    lm = lm.at[s, 0].set(l)
    lm = lm.at[s, 1].set(m)

    return lm

  return lax.fori_loop(0, source, body, lm)


def phase_delay(lm, uvw, frequency):
    out_dtype = jnp.result_type(lm, uvw, frequency, jnp.complex64)

    one = lm.dtype.type(1.0)
    neg_two_pi_over_c = lm.dtype.type(minus_two_pi_over_c)
    complex_one = out_dtype.type(1j)

    l = lm[:, 0, None, None]  # noqa
    m = lm[:, 1, None, None]

    u = uvw[None, :, 0, None]
    v = uvw[None, :, 1, None]
    w = uvw[None, :, 2, None]

    n = jnp.sqrt(one - l**2 - m**2) - one

    real_phase = (neg_two_pi_over_c
                  * (l * u + m * v + n * w)
                  * frequency[None, None, :])

    return jnp.exp(complex_one * real_phase)


# sky model parameters, read once with NumPy
params = {
    "radec": np.array([[177.12 * np.pi / 180.0, -29.99 * np.pi / 180.0],
                       [177.10 * np.pi / 180.0, -30.01 * np.pi / 180.0]], dtype=np.float32),
    "stokes": np.array([1.0, 0.5], dtype=np.float32),
}


@jit
def f(data_uvw, data_chan_freq):
    stokes = params["stokes"]
    radec = params["radec"]
    lm = radec2lm(radec)
    model_vis = stokes[:, None, None] * phase_delay(lm, data_uvw, data_chan_freq)
    return jnp.sum(model_vis, axis=0)
# --- end user code ---


def make_inputs(rng):
    uvw = rng.uniform(-50.0, 50.0, size=(5, 3)).astype(np.float32)
    freq = rng.uniform(1.0e8, 1.5e8, size=(3,)).astype(np.float32)
    return (uvw, freq)


INPUTS = make_inputs


@jit
def reference_fix(data_uvw, data_chan_freq):
    stokes = jnp.asarray(params["stokes"])
    radec = jnp.asarray(params["radec"])
    lm = radec2lm(radec)
    model_vis = stokes[:, None, None] * phase_delay(lm, data_uvw, data_chan_freq)
    return jnp.sum(model_vis, axis=0)
