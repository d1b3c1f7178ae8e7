"""poliastro's Kepler solver: traced `if ecc < 0.8` start value, then a Newton `for` loop with an early `return`.

source: poliastro/poliastro src/poliastro/core/angles.py @d215f98a929409a7586cfe44447856165e06c8c4 (`newton`, `M_to_E`, `_kepler_equation`, `_kepler_equation_prime`, `E_to_M`; numba `@njit` code)
error: TracerBoolConversionError
category: for-early-return
expect: fix
notes: NumPy/numba code ported to JAX the way its README-level API invites: `import numpy as np` becomes
  `import jax.numpy as np` and numba's `@jit` becomes `jax.jit` on the entry point only (helpers stay plain).
  The hyperbolic helpers are kept, so `newton` still branches on the static `regime` string. The
  `assert -np.pi <= M <= np.pi` line is dropped (a traced assert is a check, not control flow); inputs keep
  M inside [-pi, pi]. Trials mix ecc < 0.8 and ecc >= 0.8 so both start-value branches run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


def _kepler_equation(E, M, ecc):
    return E_to_M(E, ecc) - M


def _kepler_equation_prime(E, M, ecc):
    return 1 - ecc * np.cos(E)


def _kepler_equation_hyper(F, M, ecc):
    return F_to_M(F, ecc) - M


def _kepler_equation_prime_hyper(F, M, ecc):
    return ecc * np.cosh(F) - 1


def newton(regime, x0, args=(), tol=1.48e-08, maxiter=50):
    p0 = 1.0 * x0
    for iter in range(maxiter):
        if regime == "hyperbolic":
            fval = _kepler_equation_hyper(p0, *args)
            fder = _kepler_equation_prime_hyper(p0, *args)
        else:
            fval = _kepler_equation(p0, *args)
            fder = _kepler_equation_prime(p0, *args)

        newton_step = fval / fder
        p = p0 - newton_step
        if abs(p - p0) < tol:
            return p
        p0 = p

    return np.nan


def E_to_M(E, ecc):
    M = E - ecc * np.sin(E)
    return M


def F_to_M(F, ecc):
    M = ecc * np.sinh(F) - F
    return M


@jax.jit
def M_to_E(M, ecc):
    """Eccentric anomaly from mean anomaly (Newton iteration on Kepler's equation)."""
    if ecc < 0.8:
        E0 = M
    else:
        E0 = np.pi * np.sign(M)
    E = newton("elliptic", E0, args=(M, ecc))
    return E


f = M_to_E
# --- end user code ---

import numpy as onp
import jax.numpy as jnp
from jax import lax


def make_inputs(rng):
    M = onp.float32(rng.uniform(-3.0, 3.0))
    ecc = onp.float32(rng.choice([rng.uniform(0.0, 0.79), rng.uniform(0.8, 0.95)]))
    return (M, ecc)


INPUTS = make_inputs


@jax.jit
def reference_fix(M, ecc):
    E0 = jnp.where(ecc < 0.8, M, jnp.pi * jnp.sign(M))
    p0 = 1.0 * E0
    tol = 1.48e-08
    maxiter = 50

    def cond(c):
        i, p0, done, res = c
        return (i < maxiter) & ~done

    def body(c):
        i, p0, done, res = c
        fval = (p0 - ecc * jnp.sin(p0)) - M
        fder = 1 - ecc * jnp.cos(p0)
        p = p0 - fval / fder
        conv = jnp.abs(p - p0) < tol
        return i + 1, jnp.where(conv, p0, p), conv, jnp.where(conv, p, res)

    init = (0, p0, jnp.array(False), jnp.full_like(p0, jnp.nan))
    _, _, _, res = lax.while_loop(cond, body, init)
    return res
