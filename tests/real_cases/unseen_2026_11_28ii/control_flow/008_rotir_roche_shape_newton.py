"""ROTIR (JAX port): per-pixel Newton solve for a Roche equipotential surface with an early `return` on convergence.

source: norrisryan/pyrotir rotir_jax/geometry/roche.py at b3d1ae8c1f5089cd5f3371dbc3172fd551ffa31a (code-index file id 59702386520; compute_potential_primary, compute_potential_secondary, solve_roche_radius, compute_roche_shape; port of ROTIR.jl geometry_rochelobe.jl)
error: TracerBoolConversionError
category: for-converge-return
expect: fix
notes: the four functions are verbatim (docstrings shortened to their first lines). The package import
  `from rotir_jax.datatypes import Tessellation` (and the sys.path hack) is replaced by a small NamedTuple stand-in
  holding `theta` / `phi` arrays with `npix` derived from the static shape. Entry point added:
  `f = jax.jit(compute_roche_shape)` (secondary / async_ratio keep their Python defaults). The Newton loop in
  solve_roche_radius tests `if jnp.abs(r_new - r) < thresh: return r_new` on a traced value.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import NamedTuple, Tuple

import jax
import jax.numpy as jnp


class Tessellation(NamedTuple):
    # stand-in for rotir_jax.datatypes.Tessellation (only the fields used here)
    theta: jnp.ndarray
    phi: jnp.ndarray

    @property
    def npix(self):
        return self.theta.shape[0]


def compute_potential_primary(
    r: float,
    D: float,
    theta: float,
    phi: float,
    q: float,
    async_ratio: float = 1.0,
) -> Tuple[float, float, float]:
    """Compute Roche potential for primary star."""
    # Direction cosines
    λ = jnp.sin(theta) * jnp.cos(phi)  # x-direction
    ν = jnp.cos(theta)                 # z-direction

    # Distance to secondary
    r_secondary_sq = D**2 + r**2 - 2 * r * λ * D
    r_secondary = jnp.sqrt(r_secondary_sq)

    # Roche potential
    # Ω = 1/r + q/r_sec - q*r*λ*D + (1/2)*Ω²*r²*(1-ν²)
    Ω = (1.0 / r +
         q / r_secondary -
         q * r * λ * D +
         0.5 * async_ratio**2 * (1 + q) * r**2 * (1 - ν**2))

    # First derivative dΩ/dr
    dΩ = (-1.0 / r**2 -
          q * (r - λ * D) / (r_secondary_sq * r_secondary) -
          q * λ * D +
          async_ratio**2 * (1 + q) * r * (1 - ν**2))

    # Second derivative d²Ω/dr²
    ddΩ = (2.0 / r**3 +
           3 * q * (D * λ - r)**2 / (r_secondary_sq**2 * r_secondary) -
           q / (r_secondary_sq * r_secondary) +
           async_ratio**2 * (1 + q) * (1 - ν**2))

    return Ω, dΩ, ddΩ


def compute_potential_secondary(
    r: float,
    D: float,
    theta: float,
    phi: float,
    q: float,
    async_ratio: float = 1.0,
) -> Tuple[float, float, float]:
    """Compute Roche potential for secondary star."""
    # Direction cosines
    λ = jnp.cos(phi) * jnp.sin(theta)
    ν = jnp.cos(theta)

    # Distance to primary
    r_primary_sq = D**2 + r**2 + 2 * r * λ * D
    r_primary = jnp.sqrt(r_primary_sq)

    # Roche potential (secondary frame)
    Ω = (1.0 / r_primary +
         q / r +
         0.5 * (1 + q) * (D**2 + 2 * D * r * λ) -
         q * (D**2 + r * λ * D) +
         0.5 * async_ratio**2 * (1 + q) * r**2 * (1 - ν**2))

    # First derivative
    dΩ = (-(D * λ + r) / (r_primary_sq * r_primary) -
          q / r**2 +
          λ * D +
          async_ratio**2 * (1 + q) * r * (1 - ν**2))

    # Second derivative
    ddΩ = (2 * q / r**3 +
           3 * (D * λ + r)**2 / (r_primary_sq**2 * r_primary) -
           1.0 / (r_primary_sq * r_primary) +
           async_ratio**2 * (1 + q) * (1 - ν**2))

    return Ω, dΩ, ddΩ


def solve_roche_radius(
    r_init: float,
    pot_surface: float,
    D: float,
    theta: float,
    phi: float,
    q: float,
    async_ratio: float,
    potential_function,
    max_iter: int = 50,
    thresh: float = 1e-6,
) -> float:
    """Solve for radius at given (θ,φ) matching surface potential."""
    r = r_init

    for _ in range(max_iter):
        # Compute potential and derivatives
        Ω, dΩ, ddΩ = potential_function(r, D, theta, phi, q, async_ratio)

        # Newton-Raphson step
        f = Ω - pot_surface
        r_new = r - f / dΩ

        # Check convergence
        if jnp.abs(r_new - r) < thresh:
            return r_new

        r = r_new

    # Return best guess if not converged
    return r


def compute_roche_shape(
    tess: Tessellation,
    rpole: float,
    a: float,
    D: float,
    q: float,
    async_ratio: float = 1.0,
    secondary: bool = False,
) -> jnp.ndarray:
    """Compute Roche-distorted stellar surface."""
    # Choose potential function
    pot_func = compute_potential_secondary if secondary else compute_potential_primary

    # Surface potential at pole
    rpole_dim = rpole / a
    pot_surface, _, _ = pot_func(rpole_dim, D, 0.0, 0.0, q, async_ratio)

    # Solve for radius at each pixel
    npix = tess.npix
    radii = jnp.zeros(npix)

    for i in range(npix):
        theta = tess.theta[i]
        phi = tess.phi[i]

        # Solve for radius
        r_dim = solve_roche_radius(
            rpole_dim, pot_surface, D, theta, phi, q, async_ratio, pot_func
        )

        radii = radii.at[i].set(r_dim * a)

    return radii


f = jax.jit(compute_roche_shape)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    f32 = np.float32
    npix = 12
    theta = rng.uniform(0.05, np.pi - 0.05, size=(npix,)).astype(f32)
    phi = rng.uniform(0.0, 2 * np.pi, size=(npix,)).astype(f32)
    a = f32(rng.uniform(20.0, 40.0))
    rpole = f32(a * rng.uniform(0.15, 0.3))
    D = f32(rng.uniform(0.9, 1.1))
    q = f32(rng.uniform(0.3, 1.0))
    return (Tessellation(theta, phi), rpole, a, D, q)


INPUTS = make_inputs


@jax.jit
def reference_fix(tess, rpole, a, D, q, async_ratio=1.0):
    rpole_dim = rpole / a
    pot_surface, _, _ = compute_potential_primary(rpole_dim, D, 0.0, 0.0, q, async_ratio)

    def solve(theta, phi, max_iter=50, thresh=1e-6):
        def cond(c):
            k, r, done = c
            return (k < max_iter) & (~done)

        def body(c):
            k, r, done = c
            om, dom, _ = compute_potential_primary(r, D, theta, phi, q, async_ratio)
            r_new = r - (om - pot_surface) / dom
            return k + 1, r_new, jnp.abs(r_new - r) < thresh

        r0 = jnp.asarray(rpole_dim, dtype=jnp.result_type(rpole_dim, theta))
        return lax.while_loop(cond, body, (0, r0, jnp.asarray(False)))[1]

    return jax.vmap(solve)(tess.theta, tess.phi) * a
