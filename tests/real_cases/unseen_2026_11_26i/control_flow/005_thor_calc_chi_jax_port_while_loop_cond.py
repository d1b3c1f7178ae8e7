"""THOR's JAX port of the universal-anomaly solver: lax.while_loop over a list carry and nested lax.cond Stumpff branches (already jit-safe).

source: moeyensj/thor thor/dynamics/chi.py at 0a399a4cb6fd28bf617cf7c08a9e398dabcf4f30 (`calc_chi`) and thor/dynamics/stumpff.py at d1d7a16478f739445bf3dcb52a49303acb29aeb1 (`calc_stumpff`, `_positive_psi`, `_negative_psi`, `_null_psi`); the port of the numba code in case 003
error: none
category: negative-lax-while-loop-cond
expect: untouched
notes: verbatim except: the module-level `config.update("jax_enable_x64", True)` is dropped (the judge runs every case in one float32 process), the `Constants.MU` import is inlined, docstrings are shortened, and `f` is a jitted driver (written for the case) that passes tol=1e-6 because float32 never reaches the float64 default 1e-16. Look-alike: `jnp.abs(ratio) > tol`, `psi > 0.0`, `iterations <= max_iter` all appear, but only inside lax.while_loop / lax.cond predicates; `max_iter` and `tol` are Python defaults.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import numpy as np
import jax.numpy as jnp
from jax import (
    jit,
    lax
)
from typing import Tuple

MU = 0.01720209895 ** 2

STUMPFF_TYPES = Tuple[jnp.float64, jnp.float64, jnp.float64, jnp.float64, jnp.float64, jnp.float64]

@jit
def _positive_psi(psi: np.float64) -> STUMPFF_TYPES:
    # Equation 6.9.15 in Danby (1992) [1]
    sqrt_psi = jnp.sqrt(psi)
    c0 = jnp.cos(sqrt_psi)
    c1 = jnp.sin(sqrt_psi) / sqrt_psi

    # Equation 6.9.16 in Danby (1992) [1]
    # states the recursion relation for higher
    # order Stumpff functions
    c2 = (1. - c0) / psi
    c3 = (1. - c1) / psi
    c4 = (1/2. - c2) / psi
    c5 = (1/6. - c3) / psi

    return c0, c1, c2, c3, c4, c5

@jit
def _negative_psi(psi: np.float64) -> STUMPFF_TYPES:
    # Equation 6.9.15 in Danby (1992) [1]
    sqrt_npsi = jnp.sqrt(-psi)
    c0 = jnp.cosh(sqrt_npsi)
    c1 = jnp.sinh(sqrt_npsi) / sqrt_npsi

    # Equation 6.9.16 in Danby (1992) [1]
    # states the recursion relation for higher
    # order Stumpff functions
    c2 = (1. - c0) / psi
    c3 = (1. - c1) / psi
    c4 = (1/2. - c2) / psi
    c5 = (1/6. - c3) / psi

    return c0, c1, c2, c3, c4, c5

@jit
def _null_psi(psi: np.float64) -> STUMPFF_TYPES:
    # Equation 6.9.14 in Danby (1992) [1]
    c0 = 1.
    c1 = 1.
    c2 = 1/2.
    c3 = 1/6.
    c4 = 1/24.
    c5 = 1/120.

    return c0, c1, c2, c3, c4, c5


@jit
def calc_stumpff(psi: np.float64) -> STUMPFF_TYPES:
    """
    Calculate the first 6 Stumpff functions for variable psi.
    """
    c0, c1, c2, c3, c4, c5 = lax.cond(
        psi > 0.0,
        _positive_psi,
        lambda psi: lax.cond(
            psi < 0.0,
            _negative_psi,
            _null_psi,
            psi
        ),
        psi
    )
    return c0, c1, c2, c3, c4, c5


@jit
def calc_chi(
        r: np.ndarray,
        v: np.ndarray,
        dt: float,
        mu: float = MU,
        max_iter: int = 100,
        tol: float = 1e-16
    ) -> Tuple[np.float64, np.float64, np.float64, np.float64, np.float64, np.float64, np.float64]:
    """
    Calculate universal anomaly chi using Newton-Raphson.
    """
    v_mag = jnp.linalg.norm(v)
    r_mag = jnp.linalg.norm(r)
    rv_mag = jnp.dot(r, v) / r_mag
    sqrt_mu = jnp.sqrt(mu)

    # Equations 3.48 and 3.50 in Curtis (2014) [1]
    alpha = -v_mag**2 / mu + 2 / r_mag

    # Equation 3.66 in Curtis (2014) [1]
    chi = sqrt_mu * jnp.abs(alpha) * dt

    ratio = 1e15
    iterations = 0
    # Define parameters array (arguments that will be changing as
    # the while loop iterates):
    # chi, c0, c1, c2, c3, c4, c5, ratio, iterations
    p = [chi, 0., 0., 0., 0., 0., 0., ratio, iterations]

    # Define while loop body function
    @jit
    def _chi_newton_raphson(p):

        chi = p[0]
        ratio = p[-2]
        iterations = p[-1]

        chi2 = chi**2
        psi = alpha * chi2
        c0, c1, c2, c3, c4, c5 = calc_stumpff(psi)

        # Newton-Raphson
        # Equation 3.65 in Curtis (2014) [1]
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

        p[0] = chi
        p[1] = c0
        p[2] = c1
        p[3] = c2
        p[4] = c3
        p[5] = c4
        p[6] = c5
        p[7] = ratio
        p[8] = iterations
        return p

    # Define while loop condition function
    @jit
    def _while_condition(p):
        ratio = p[-2]
        iterations = p[-1]
        return (jnp.abs(ratio) > tol) & (iterations <= max_iter)

    p = lax.while_loop(
        _while_condition,
        _chi_newton_raphson,
        p
    )
    chi = p[0]
    c0 = p[1]
    c1 = p[2]
    c2 = p[3]
    c3 = p[4]
    c4 = p[5]
    c5 = p[6]

    return chi, c0, c1, c2, c3, c4, c5


@jit
def f(r, v, dt):
    return calc_chi(r, v, dt, MU, 100, 1e-6)
# --- end user code ---

import numpy as onp


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
    if kind == 1:   # hyperbolic -> psi < 0
        speed = v_circ * rng.uniform(2.2, 2.8)
    else:           # elliptic -> psi > 0
        speed = v_circ * rng.uniform(0.7, 1.1)
    v = (speed * (0.9 * tangent + 0.3 * rng.uniform(-1, 1) * radial)).astype(onp.float32)
    dt = onp.float32(0.0) if kind == 2 else onp.float32(rng.uniform(100.0, 300.0))
    return (r, v, dt)


INPUTS = make_inputs
