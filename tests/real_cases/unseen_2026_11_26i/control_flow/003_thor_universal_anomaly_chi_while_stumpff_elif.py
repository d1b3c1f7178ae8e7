"""THOR's universal-anomaly Newton solver: traced `while` with a counter `break`, calling an if/elif/else Stumpff function.

source: moeyensj/thor thor/orbits/chi.py at 059d325ddb22eeabee39a7579d91b3e0d5c5c71f (`calcChi`) and thor/orbits/stumpff.py at 554364cfc65d6173d27468a8d5b0c7db3482dc4c (`calcStumpff`), numba-era code; the project's own JAX port is thor/dynamics/chi.py at 0a399a4cb6fd28bf617cf7c08a9e398dabcf4f30 (`calc_chi`, lax.while_loop) and thor/dynamics/stumpff.py at d1d7a16478f739445bf3dcb52a49303acb29aeb1 (`calc_stumpff`, nested lax.cond)
error: TracerBoolConversionError
category: while-convergence-counter-break + if-elif-else
expect: fix
notes: bodies verbatim; `import numpy as np` became `import jax.numpy as np` and the numba `@jit(signature, nopython=True, cache=True)` decorators became `jax.jit` (as the project later did, keeping names and structure); `MU` inlined from thor.constants (Gaussian gravitational constant squared, au**3/d**2); docstrings shortened; the two `np.ascontiguousarray` lines are dropped (jax.numpy has no such function; the project's port dropped them too). The jitted driver `f` (written for the case) calls it with tol=1e-6 instead of the float64 default 1e-16, because the judge runs in float32; the inner jit still traces max_iter and tol. Trials mix elliptic (psi > 0), hyperbolic (psi < 0) and dt = 0 (psi == 0) states.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np

MU = 0.01720209895 ** 2


@jax.jit
def calcStumpff(psi):
    """
    Calculate the first 6 Stumpff functions for variable psi.
    """
    if psi > 0.0:
        # Equation 6.9.15 in Danby (1992) [1]
        sqrt_psi = np.sqrt(psi)
        c0 = np.cos(sqrt_psi)
        c1 = np.sin(sqrt_psi) / sqrt_psi

        # Equation 6.9.16 in Danby (1992) [1]
        # states the recursion relation for higher
        # order Stumpff functions
        c2 = (1.0 - c0) / psi
        c3 = (1.0 - c1) / psi
        c4 = (1 / 2.0 - c2) / psi
        c5 = (1 / 6.0 - c3) / psi
    elif psi < 0.0:
        # Equation 6.9.15 in Danby (1992) [1]
        sqrt_npsi = np.sqrt(-psi)
        c0 = np.cosh(sqrt_npsi)
        c1 = np.sinh(sqrt_npsi) / sqrt_npsi

        # Equation 6.9.16 in Danby (1992) [1]
        # states the recursion relation for higher
        # order Stumpff functions
        c2 = (1.0 - c0) / psi
        c3 = (1.0 - c1) / psi
        c4 = (1 / 2.0 - c2) / psi
        c5 = (1 / 6.0 - c3) / psi
    else:
        # Equation 6.9.14 in Danby (1992) [1]
        c0 = 1.0
        c1 = 1.0
        c2 = 1 / 2.0
        c3 = 1 / 6.0
        c4 = 1 / 24.0
        c5 = 1 / 120.0

    return c0, c1, c2, c3, c4, c5


@jax.jit
def calcChi(r, v, dt, mu=MU, max_iter=100, tol=1e-16):
    """
    Calculate universal anomaly chi using Newton-Raphson.
    """
    v_mag = np.linalg.norm(v)
    r_mag = np.linalg.norm(r)
    rv_mag = np.dot(r, v) / r_mag
    sqrt_mu = np.sqrt(mu)

    alpha = -v_mag**2 / mu + 2 / r_mag
    chi = sqrt_mu * np.abs(alpha) * dt
    ratio = 1e10

    iterations = 0
    while np.abs(ratio) > tol:
        chi2 = chi**2
        psi = alpha * chi2
        c0, c1, c2, c3, c4, c5 = calcStumpff(psi)

        # Newton-Raphson
        f = (r_mag * rv_mag / sqrt_mu * chi2 * c2
             + (1 - alpha*r_mag) * chi**3 * c3
             + r_mag * chi
             - sqrt_mu * dt)
        fp = (r_mag * rv_mag / sqrt_mu * chi * (1 - alpha * chi2 * c3)
              + (1 - alpha * r_mag) * chi2 * c2
              + r_mag)

        ratio = f / fp
        chi -= ratio
        iterations += 1
        if iterations >= max_iter:
            break

    return chi, c0, c1, c2, c3, c4, c5


@jax.jit
def f(r, v, dt):
    return calcChi(r, v, dt, MU, 100, 1e-6)
# --- end user code ---

import numpy as onp
import jax.numpy as jnp
from jax import lax


def make_inputs(rng):
    u = rng.uniform()
    kind = 0 if u < 0.5 else (1 if u < 0.85 else 2)
    direction = rng.normal(size=3)
    r = (rng.uniform(1.0, 2.0) * direction / onp.linalg.norm(direction)).astype(onp.float32)
    r_mag = float(onp.linalg.norm(r))
    v_circ = onp.sqrt(MU / r_mag)
    tangent = onp.cross(r, rng.normal(size=3))
    tangent /= onp.linalg.norm(tangent)
    radial = r / r_mag
    if kind == 1:   # hyperbolic: speed above escape speed -> alpha < 0 -> psi < 0
        speed = v_circ * rng.uniform(2.2, 2.8)
    else:           # elliptic -> psi > 0
        speed = v_circ * rng.uniform(0.7, 1.1)
    v = (speed * (0.9 * tangent + 0.3 * rng.uniform(-1, 1) * radial)).astype(onp.float32)
    dt = onp.float32(0.0) if kind == 2 else onp.float32(rng.uniform(100.0, 300.0))
    return (r, v, dt)


INPUTS = make_inputs


def _positive_psi(psi):
    sqrt_psi = jnp.sqrt(psi)
    c0 = jnp.cos(sqrt_psi)
    c1 = jnp.sin(sqrt_psi) / sqrt_psi
    c2 = (1.0 - c0) / psi
    c3 = (1.0 - c1) / psi
    c4 = (1 / 2.0 - c2) / psi
    c5 = (1 / 6.0 - c3) / psi
    return c0, c1, c2, c3, c4, c5


def _negative_psi(psi):
    sqrt_npsi = jnp.sqrt(-psi)
    c0 = jnp.cosh(sqrt_npsi)
    c1 = jnp.sinh(sqrt_npsi) / sqrt_npsi
    c2 = (1.0 - c0) / psi
    c3 = (1.0 - c1) / psi
    c4 = (1 / 2.0 - c2) / psi
    c5 = (1 / 6.0 - c3) / psi
    return c0, c1, c2, c3, c4, c5


def _null_psi(psi):
    one = jnp.ones_like(psi)
    return one, one, one / 2.0, one / 6.0, one / 24.0, one / 120.0


def _stumpff(psi):
    return lax.cond(psi > 0.0, _positive_psi,
                    lambda p: lax.cond(p < 0.0, _negative_psi, _null_psi, p), psi)


@jax.jit
def reference_fix(r, v, dt, mu=MU, max_iter=100, tol=1e-6):
    v_mag = jnp.linalg.norm(v)
    r_mag = jnp.linalg.norm(r)
    rv_mag = jnp.dot(r, v) / r_mag
    sqrt_mu = jnp.sqrt(mu)
    alpha = -v_mag**2 / mu + 2 / r_mag
    chi = sqrt_mu * jnp.abs(alpha) * dt
    zero = jnp.zeros_like(chi)

    def cond(p):
        return (jnp.abs(p[7]) > tol) & (p[8] < max_iter)

    def body(p):
        chi = p[0]
        chi2 = chi**2
        psi = alpha * chi2
        c0, c1, c2, c3, c4, c5 = _stumpff(psi)
        f = (r_mag * rv_mag / sqrt_mu * chi2 * c2
             + (1 - alpha*r_mag) * chi**3 * c3
             + r_mag * chi
             - sqrt_mu * dt)
        fp = (r_mag * rv_mag / sqrt_mu * chi * (1 - alpha * chi2 * c3)
              + (1 - alpha * r_mag) * chi2 * c2
              + r_mag)
        ratio = f / fp
        return (chi - ratio, c0, c1, c2, c3, c4, c5, ratio, p[8] + 1)

    p = (chi, zero, zero, zero, zero, zero, zero, zero + 1e10, 0)
    p = lax.while_loop(cond, body, p)
    return p[0], p[1], p[2], p[3], p[4], p[5], p[6]
