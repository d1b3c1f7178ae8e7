"""GTOC13 JAX framework: Kepler solve with `jax.lax.cond(e < 0.8, ...)` for the start value and a lax.while_loop convergence test, inside a jitted elements-to-Cartesian conversion (untouched).

source: code-index file id 5796154064 (a "GTOC13 JAX Simulation Framework" module defining solve_kepler, elements_to_cartesian, solar_sail_acceleration, patched_conic_flyby, seasonal_penalty, time_bonus and compute_score; it imports OrbitalElements and SpacecraftState from sibling modules; the index does not name its repository)
error: none
category: negative
expect: untouched
notes: solve_kepler and elements_to_cartesian (both @jit) and the constants are verbatim; the diffrax / typing / numpy imports of the module are dropped as unused here. OrbitalElements and SpacecraftState come from sibling modules that are not in the index: they are rebuilt as NamedTuples with the fields the module uses (a, e, i, Omega, omega, M0, mu_body, radius, weight; r, v). `f = elements_to_cartesian` is the entry point. Eccentricities are drawn on both sides of 0.8 so that both lax.cond branches run.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import jit
from typing import NamedTuple


class OrbitalElements(NamedTuple):
    a: float
    e: float
    i: float
    Omega: float
    omega: float
    M0: float
    mu_body: float
    radius: float
    weight: float


class SpacecraftState(NamedTuple):
    r: jnp.ndarray
    v: jnp.ndarray


# Constants
KMPAU = 149597870.691  # km
MU_ALTAIRA = 139348062043.343  # km^3/s^2
DAY = 86400.0  # seconds
YEAR = 365.25 * DAY  # seconds


@jit
def solve_kepler(M: float, e: float, tol: float = 1e-10, max_iter: int = 50) -> float:
    """
    Solve Kepler's equation M = E - e*sin(E) for eccentric anomaly E
    using Newton-Raphson iteration.
    """
    # Initial guess: use jax.lax.cond for JIT compatibility
    E = jax.lax.cond(e < 0.8, lambda: M, lambda: jnp.pi)

    def body_fn(carry):
        E, i = carry
        f = E - e * jnp.sin(E) - M
        fp = 1.0 - e * jnp.cos(E)
        E_new = E - f / fp
        return (E_new, i + 1)

    def cond_fn(carry):
        E, i = carry
        E_prev = E - (E - e * jnp.sin(E) - M) / (1.0 - e * jnp.cos(E))
        return (jnp.abs(E - E_prev) > tol) & (i < max_iter)

    E_final, _ = jax.lax.while_loop(cond_fn, body_fn, (E, 0))
    return E_final


@jit
def elements_to_cartesian(elements: OrbitalElements, t: float) -> SpacecraftState:
    """
    Convert orbital elements to Cartesian state at time t.
    t is time since epoch in seconds.
    """
    a, e, i, Omega, omega, M0 = elements.a, elements.e, elements.i, elements.Omega, elements.omega, elements.M0
    mu = MU_ALTAIRA
    
    # Mean motion
    n = jnp.sqrt(mu / a**3)
    
    # Mean anomaly at time t
    M = M0 + n * t
    
    # Solve for eccentric anomaly
    E = solve_kepler(M, e)
    
    # True anomaly
    theta = 2.0 * jnp.arctan2(
        jnp.sqrt(1.0 + e) * jnp.sin(E / 2.0),
        jnp.sqrt(1.0 - e) * jnp.cos(E / 2.0)
    )
    
    # Distance
    r_mag = a * (1.0 - e**2) / (1.0 + e * jnp.cos(theta))
    
    # Velocity magnitude
    v_mag = jnp.sqrt(2.0 * mu / r_mag - mu / a)
    
    # Flight path angle
    gamma = jnp.arctan2(e * jnp.sin(theta), 1.0 + e * jnp.cos(theta))
    
    # Position in orbital plane
    cos_theta_omega = jnp.cos(theta + omega)
    sin_theta_omega = jnp.sin(theta + omega)
    cos_Omega = jnp.cos(Omega)
    sin_Omega = jnp.sin(Omega)
    cos_i = jnp.cos(i)
    sin_i = jnp.sin(i)
    
    x = r_mag * (cos_theta_omega * cos_Omega - sin_theta_omega * cos_i * sin_Omega)
    y = r_mag * (cos_theta_omega * sin_Omega + sin_theta_omega * cos_i * cos_Omega)
    z = r_mag * sin_theta_omega * sin_i
    
    # Velocity in orbital plane
    cos_theta_omega_gamma = jnp.cos(theta + omega - gamma)
    sin_theta_omega_gamma = jnp.sin(theta + omega - gamma)
    
    vx = v_mag * (-sin_theta_omega_gamma * cos_Omega - cos_theta_omega_gamma * cos_i * sin_Omega)
    vy = v_mag * (-sin_theta_omega_gamma * sin_Omega + cos_theta_omega_gamma * cos_i * cos_Omega)
    vz = v_mag * cos_theta_omega_gamma * sin_i
    
    return SpacecraftState(r=jnp.array([x, y, z]), v=jnp.array([vx, vy, vz]))


f = elements_to_cartesian
# --- end user code ---

import numpy as np


def make_inputs(rng):
    e = rng.uniform(0.0, 0.6) if rng.uniform() < 0.5 else rng.uniform(0.8, 0.95)
    el = OrbitalElements(
        a=np.float32(rng.uniform(5.0, 30.0) * KMPAU),
        e=np.float32(e),
        i=np.float32(rng.uniform(0.0, 0.3)),
        Omega=np.float32(rng.uniform(0.0, 2 * np.pi)),
        omega=np.float32(rng.uniform(0.0, 2 * np.pi)),
        M0=np.float32(rng.uniform(0.0, 2 * np.pi)),
        mu_body=np.float32(1e8),
        radius=np.float32(7e4),
        weight=np.float32(10.0),
    )
    t = np.float32(rng.uniform(0.0, 5.0) * YEAR)
    return (el, t)


INPUTS = make_inputs
