"""NeSST nToF kernels: NumPy and scipy.special.erf applied to traced FWHM / decay times.

source: aidancrilly/NeSST src/NeSST/time_of_flight.py at 06f9dd36fe5bc08d9e074a1857d22288e2f33191 (decaying_gaussian_kernel, double_decay_gaussian_kernel; code-index file id 69405993998). NeSST is a NumPy code being ported to a JAX backend (issue aidancrilly/NeSST#17 "JAX JIT backend branch", PR #71 stack "Preparation for the JAX backend").
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: both kernel factories verbatim (imports as in the module: numpy as np, scipy.special.erf). Added only the entry point `_irf_kernel` + `f = jax.jit(...)`, which fits the kernel shape parameters (FWHM, taus, frac) and so traces them; np.sqrt/np.exp/erf/np.where/np.trapezoid then receive tracers. The jit-safe port swaps np -> jnp and scipy.special.erf -> jax.scipy.special.erf.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np
from scipy.special import erf


def decaying_gaussian_kernel(FWHM, tau, shift_sigma=2.0):
    """Single exponential tail multiplied by Gaussian."""
    sig = FWHM / 2.355
    shift_t = shift_sigma * sig

    def kernel(t):
        t_shift = t - shift_t
        erf_arg = (t_shift - sig**2 / tau) / np.sqrt(2 * sig**2)
        g = np.exp(-t_shift / tau) * np.exp(0.5 * sig**2 / tau**2)
        g *= (1 + erf(erf_arg)) / (2 * tau)
        g = np.where(t < 0, 0.0, g)
        return g / np.trapezoid(g, x=t)

    return kernel


def double_decay_gaussian_kernel(FWHM, taus, frac, shift_sigma=2.0):
    """Weighted sum of two decaying-Gaussian components."""
    k1 = decaying_gaussian_kernel(FWHM, taus[0], shift_sigma)
    k2 = decaying_gaussian_kernel(FWHM, taus[1], shift_sigma)

    def kernel(t):
        out = frac * k1(t) + (1 - frac) * k2(t)
        return out / np.trapezoid(out, x=t)

    return kernel


def _irf_kernel(t, FWHM, taus, frac):
    return double_decay_gaussian_kernel(FWHM, taus, frac)(t)


f = jax.jit(_irf_kernel)
# --- end user code ---

import jax.numpy as jnp
from jax.scipy.special import erf as jerf


def make_inputs(rng):
    # detector time grid centred on zero (as make_transit_time_IRF builds it), ns units
    t = np.linspace(-5.0, 25.0, 64).astype(np.float32)
    FWHM = np.float32(rng.uniform(0.5, 3.0))
    taus = rng.uniform(0.8, 6.0, size=2).astype(np.float32)
    frac = np.float32(rng.uniform(0.1, 0.9))
    return (t, FWHM, taus, frac)


INPUTS = make_inputs


def _jdecay(FWHM, tau, shift_sigma=2.0):
    sig = FWHM / 2.355
    shift_t = shift_sigma * sig

    def kernel(t):
        t_shift = t - shift_t
        erf_arg = (t_shift - sig**2 / tau) / jnp.sqrt(2 * sig**2)
        g = jnp.exp(-t_shift / tau) * jnp.exp(0.5 * sig**2 / tau**2)
        g = g * (1 + jerf(erf_arg)) / (2 * tau)
        g = jnp.where(t < 0, 0.0, g)
        return g / jnp.trapezoid(g, x=t)

    return kernel


@jax.jit
def reference_fix(t, FWHM, taus, frac):
    k1 = _jdecay(FWHM, taus[0])
    k2 = _jdecay(FWHM, taus[1])
    out = frac * k1(t) + (1 - frac) * k2(t)
    return out / jnp.trapezoid(out, x=t)
