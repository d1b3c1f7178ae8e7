"""Stellar line opacity: per-layer line-window sizes from helpers that branch with if/else returns.

source: public code index file id 10138665934, "Line absorption calculation for atomic lines." module of a JAX port of Korg.jl (imports `.linelist.Line`, `.species.Species`, `.line_profiles.voigt_hjerting`; functions inverse_gaussian_density, inverse_lorentz_density, sigma_line, doppler_width, scaled_stark, scaled_vdW, line_profile, line_absorption). Later revisions of the same module (code-index ids 10055850730, 67138929757) rewrite both helpers as `jnp.where(rho > max_density, 0.0, result)` with the comment "JAX-compatible: use jnp.where instead of if/else". The index does not name the repository or commit.
error: TracerBoolConversionError
category: if-else-early-return-helper-in-loop
expect: fix
notes: inverse_gaussian_density and inverse_lorentz_density verbatim. `f` is the "Determine line window" block of line_absorption verbatim (the list comprehensions over zip(rho_crit, sigma_vals) / zip(rho_crit, gamma_vals), the two jnp.max reductions and the Pythagorean sum), lifted into a jitted function of the per-layer arrays because line_absorption itself needs Line/Species objects and continues with data-dependent slicing. Inputs are in scaled units; they include layers where rho_crit exceeds the peak density (the `return 0.0` branches) and layers where it does not.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def inverse_gaussian_density(rho: float, sigma: float) -> float:
    """
    Calculate the inverse of a (0-centered) Gaussian PDF with standard deviation sigma.

    Returns the value of x for which rho = exp(-0.5 x²/σ²) / √(2π),
    which is given by σ √[-2 log(√(2π)σρ)].

    Returns 0 when rho is larger than any value taken on by the PDF.

    Args:
        rho: Probability density value
        sigma: Standard deviation

    Returns:
        Distance from center where PDF equals rho, or 0 if rho is too large
    """
    max_density = 1.0 / (jnp.sqrt(2 * jnp.pi) * sigma)

    if rho > max_density:
        return 0.0
    else:
        return sigma * jnp.sqrt(-2 * jnp.log(jnp.sqrt(2 * jnp.pi) * sigma * rho))


def inverse_lorentz_density(rho: float, gamma: float) -> float:
    """
    Calculate the inverse of a (0-centered) Lorentz PDF with width gamma.

    Returns the value of x for which rho = 1 / (π γ (1 + x²/γ²)),
    which is given by √[γ/(πρ) - γ²].

    Returns 0 when rho is larger than any value taken on by the PDF.

    Args:
        rho: Probability density value
        gamma: Lorentz width (HWHM)

    Returns:
        Distance from center where PDF equals rho, or 0 if rho is too large
    """
    max_density = 1.0 / (jnp.pi * gamma)

    if rho > max_density:
        return 0.0
    else:
        return jnp.sqrt(gamma / (jnp.pi * rho) - gamma**2)


@jax.jit
def f(rho_crit, sigma_vals, gamma_vals):
    # Doppler wing extent
    inverse_densities_doppler = jnp.array([
        inverse_gaussian_density(rc, s)
        for rc, s in zip(rho_crit, sigma_vals)
    ])
    doppler_line_window = jnp.max(inverse_densities_doppler)

    # Lorentz wing extent
    inverse_densities_lorentz = jnp.array([
        inverse_lorentz_density(rc, g)
        for rc, g in zip(rho_crit, gamma_vals)
    ])
    lorentz_line_window = jnp.max(inverse_densities_lorentz)

    # Combined window (Pythagorean sum)
    window_size = jnp.sqrt(lorentz_line_window**2 + doppler_line_window**2)
    return doppler_line_window, lorentz_line_window, window_size
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_layers = 6
    sigma_vals = rng.uniform(0.5, 2.0, size=n_layers).astype(np.float32)
    gamma_vals = rng.uniform(0.05, 0.6, size=n_layers).astype(np.float32)
    # peak densities are ~0.2-0.8 (Gaussian) and ~0.5-6 (Lorentz)
    rho_crit = np.exp(rng.uniform(np.log(0.02), np.log(3.0), size=n_layers)).astype(np.float32)
    if rng.uniform() < 0.15:
        rho_crit[:] = 50.0   # every layer above both peaks: all windows 0
    return (rho_crit, sigma_vals, gamma_vals)


INPUTS = make_inputs


@jax.jit
def reference_fix(rho_crit, sigma_vals, gamma_vals):
    max_g = 1.0 / (jnp.sqrt(2 * jnp.pi) * sigma_vals)
    inv_g = jnp.where(
        rho_crit > max_g, 0.0,
        sigma_vals * jnp.sqrt(-2 * jnp.log(jnp.sqrt(2 * jnp.pi) * sigma_vals * rho_crit)))
    max_l = 1.0 / (jnp.pi * gamma_vals)
    inv_l = jnp.where(
        rho_crit > max_l, 0.0,
        jnp.sqrt(gamma_vals / (jnp.pi * rho_crit) - gamma_vals**2))
    d, l = jnp.max(inv_g), jnp.max(inv_l)
    return d, l, jnp.sqrt(l**2 + d**2)
