"""ROTIR (JAX port): Kepler solver with an `if e > 0.5` branch and a convergence `break`, under a jitted RV model.

source: norrisryan/pyrotir rotir_jax/geometry/orbits.py at 70b5465e1d617c935647154ba364ddfeb0b6df52 (code-index file id 59883313994; compute_E_NR, compute_eccentric_anomaly, compute_true_anomaly, compute_radial_velocity; a JAX port of fabienbaron/ROTIR.jl orbits.jl)
error: TracerBoolConversionError
category: while-converge-break
expect: fix
notes: the four functions are verbatim (docstrings shortened to their first lines, the `TWO_PI` constant kept);
  the unused imports (numpy, typing) are dropped. Entry point added: `f = jax.jit(compute_radial_velocity)`, so the
  eccentricity `e` is traced: `if e > 0.5` in compute_E_NR and the `if jnp.max(jnp.abs(E - E_old)) < thresh: break`
  convergence tests both need concrete values. `dP` keeps its Python default 0.0, so `if dP > 1e-12` stays static.
  Inputs mix e below and above 0.5 so that both iteration schemes run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

# Physical constants
TWO_PI = 2.0 * jnp.pi


def compute_E_NR(
    M: jnp.ndarray,
    e: float,
    max_iter: int = 50,
    thresh: float = 1e-6,
) -> jnp.ndarray:
    """Solve Kepler's equation using Newton-Raphson method."""
    # Initial guess from Smith (1979)
    E = M + e * jnp.sin(M) / (1.0 - jnp.sin(M + e) + jnp.sin(M))

    # Newton-Raphson iteration
    if e > 0.5:
        # High eccentricity: full Newton-Raphson
        for _ in range(max_iter):
            E_old = E
            # E_new = E - f(E)/f'(E) where f(E) = E - e*sin(E) - M
            dE = (M + e * jnp.sin(E) - E) / (1.0 - e * jnp.cos(E))
            E = E + dE

            # Check convergence
            if jnp.max(jnp.abs(E - E_old)) < thresh:
                break
    else:
        # Low eccentricity: simplified iteration
        for _ in range(max_iter):
            E_old = E
            E = M + e * jnp.sin(E_old)

            if jnp.max(jnp.abs(E - E_old)) < thresh:
                break

    return E


def compute_eccentric_anomaly(
    P: float,
    e: float,
    T0: float,
    tepoch: jnp.ndarray,
    dP: float = 0.0,
) -> jnp.ndarray:
    """Calculate eccentric anomaly at given epoch(s)."""
    # Mean motion
    n = TWO_PI / P

    # Mean anomaly
    if dP > 1e-12:
        # Orbital decay case
        dt = tepoch - T0
        M = 4.0 * jnp.pi * dt * (1.0 / (1.0 + jnp.sqrt(1.0 + 2.0 * dP * dt / P))) / P
    else:
        # Standard Keplerian orbit
        M = n * (tepoch - T0)

    # Solve Kepler's equation
    E = compute_E_NR(M, e)

    # Wrap to [0, 2π)
    E = jnp.mod(E, TWO_PI)

    return E


def compute_true_anomaly(
    P: float,
    e: float,
    T0: float,
    tepoch: jnp.ndarray,
    dP: float = 0.0,
) -> jnp.ndarray:
    """Calculate true anomaly from orbital elements."""
    # Eccentric anomaly
    E = compute_eccentric_anomaly(P, e, T0, tepoch, dP)

    # True anomaly using Broucke & Cefola formula
    # Avoids numerical issues when arguments are near ±π
    beta = e / (1.0 + jnp.sqrt(1.0 - e**2))
    υ = E + 2.0 * jnp.arctan((beta * jnp.sin(E)) / (1.0 - beta * jnp.cos(E)))

    # Alternative classic formula (commented out, less stable):
    # υ = 2.0 * jnp.arctan(jnp.sqrt((1+e)/(1-e)) * jnp.tan(E/2))

    return υ


def compute_radial_velocity(
    K: float,
    e: float,
    P: float,
    T0: float,
    omega: float,
    tepoch: jnp.ndarray,
    gamma: float = 0.0,
) -> jnp.ndarray:
    """Compute radial velocity for spectroscopic binary."""
    # True anomaly
    υ = compute_true_anomaly(P, e, T0, tepoch)

    # Argument of periastron in radians
    omega_rad = jnp.deg2rad(omega)

    # Radial velocity equation
    RV = gamma + K * (jnp.cos(omega_rad + υ) + e * jnp.cos(omega_rad))

    return RV


f = jax.jit(compute_radial_velocity)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    f32 = np.float32
    K = f32(rng.uniform(10.0, 80.0))
    # alternate low / high eccentricity so both iteration schemes run
    e = f32(rng.uniform(0.05, 0.45) if rng.random() < 0.5 else rng.uniform(0.55, 0.9))
    P = f32(rng.uniform(2.0, 10.0))
    T0 = f32(rng.uniform(0.0, 2.0))
    omega = f32(rng.uniform(0.0, 360.0))
    tepoch = np.sort(rng.uniform(0.0, 12.0, size=(16,))).astype(f32)
    gamma = f32(rng.normal(0.0, 5.0))
    return (K, e, P, T0, omega, tepoch, gamma)


INPUTS = make_inputs


def _ref_E_NR(M, e, max_iter=50, thresh=1e-6):
    E0 = M + e * jnp.sin(M) / (1.0 - jnp.sin(M + e) + jnp.sin(M))

    def run(step):
        def cond(c):
            k, E, done = c
            return (k < max_iter) & (~done)

        def body(c):
            k, E, done = c
            E_new = step(E)
            return k + 1, E_new, jnp.max(jnp.abs(E_new - E)) < thresh

        return lax.while_loop(cond, body, (0, E0, jnp.asarray(False)))[1]

    newton = lambda E: E + (M + e * jnp.sin(E) - E) / (1.0 - e * jnp.cos(E))
    fixed = lambda E: M + e * jnp.sin(E)
    return lax.cond(e > 0.5, lambda: run(newton), lambda: run(fixed))


@jax.jit
def reference_fix(K, e, P, T0, omega, tepoch, gamma=0.0):
    M = TWO_PI / P * (tepoch - T0)
    E = jnp.mod(_ref_E_NR(M, e), TWO_PI)
    beta = e / (1.0 + jnp.sqrt(1.0 - e**2))
    nu = E + 2.0 * jnp.arctan((beta * jnp.sin(E)) / (1.0 - beta * jnp.cos(E)))
    omega_rad = jnp.deg2rad(omega)
    return gamma + K * (jnp.cos(omega_rad + nu) + e * jnp.cos(omega_rad))
