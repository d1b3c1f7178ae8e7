"""Nonlinear-CG restart step: beta helpers return Python floats of traced dot products behind `if`/`max`/`abs` tests.

source: public JAX nonlinear-conjugate-gradient research module in the code index (code-index file id 63297314801:
    restart-cause codes NO_RESTART/COND_A_ONLY/COND_B_ONLY/COND_BOTH, beta_FR, beta_PRP_plus, beta_HZ, BETA_FORMULAS,
    backtracking_armijo, the "Algorithm 1" driver with NCD/NCG steps, gradient_descent and plotting helpers). The index
    does not name the repository.
error: ConcretizationTypeError
category: helper-returns-float / if-on-helper-result
expect: fix
notes: beta_FR, beta_PRP_plus, beta_HZ and BETA_FORMULAS are verbatim: each converts traced dot products with
    `float(...)` and branches on them (`if denom <= 0`, `if abs(dy) < 1e-12`, `max(val, 0.0)`). The entry point
    `ncg_direction` is the driver's NCG-step body verbatim from `beta = beta_func(g, g_new, d)` to `if cond_a or cond_b:
    d_new = -g_new` (the restart test, with its own float() conversions and and/or on the results), with the
    history bookkeeping replaced by returning (d_new, beta, cause); the restart parameters sigma, kappa, p, q (driver
    arguments) are fixed to 0.1, 5.0, 1.0, 1.0 and the three formulas are all evaluated; `f = jax.jit(...)` added.
    Inputs include a zero previous gradient (denominator branch), a zero previous direction (the HZ `dy` branch), and
    random vectors that hit each restart cause.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


#  Restart-cause codes
NO_RESTART  = 0
COND_A_ONLY = 1   # angle condition (a) failed
COND_B_ONLY = 2   # norm condition (b) failed
COND_BOTH   = 3   # both failed


#  Conjugate direction beta formulas
def beta_FR(g, g_new, d):
    denom = float(jnp.dot(g, g))
    if denom <= 0:
        return 0.0
    return float(jnp.dot(g_new, g_new)) / denom


def beta_PRP_plus(g, g_new, d):
    denom = float(jnp.dot(g, g))
    if denom <= 0:
        return 0.0
    val = float(jnp.dot(g_new, g_new - g)) / denom
    return max(val, 0.0)


def beta_HZ(g, g_new, d):
    y = g_new - g
    dy = float(jnp.dot(d, y))
    if abs(dy) < 1e-12:
        return 0.0
    y_norm_sq = float(jnp.dot(y, y))
    return float(jnp.dot(y - 2.0 * d * (y_norm_sq / dy), g_new)) / dy


BETA_FORMULAS = {
    "FR":   beta_FR,
    "PRP+": beta_PRP_plus,
    "HZ":   beta_HZ,
}


def ncg_direction(g, g_new, d, beta_fmla="PRP+", sigma=0.1, kappa=5.0, p=1.0, q=1.0):
    beta_func = BETA_FORMULAS[beta_fmla]

    beta = beta_func(g, g_new, d)

    d_new = -g_new + beta * d

    norm_g_new = float(jnp.linalg.norm(g_new))
    cond_a = float(jnp.dot(g_new, d_new)) >= -sigma * norm_g_new**(1+p)
    cond_b = float(jnp.linalg.norm(d_new)) >= kappa * norm_g_new**q

    if cond_a and cond_b:
        cause = COND_BOTH
    elif cond_a:
        cause = COND_A_ONLY
    elif cond_b:
        cause = COND_B_ONLY
    else:
        cause = NO_RESTART

    if cond_a or cond_b:
        d_new = -g_new

    return d_new, beta, cause


def _all_formulas(g, g_new, d):
    return {name: ncg_direction(g, g_new, d, beta_fmla=name) for name in BETA_FORMULAS}


f = jax.jit(_all_formulas)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 4
    g = rng.normal(size=n).astype(np.float32)
    g_new = (rng.uniform(0.1, 2.0) * rng.normal(size=n)).astype(np.float32)
    d = (rng.uniform(0.1, 6.0) * rng.normal(size=n)).astype(np.float32)
    u = rng.uniform()
    if u < 0.15:
        g = np.zeros(n, np.float32)            # FR / PRP+ denominator branch
    elif u < 0.3:
        d = np.zeros(n, np.float32)            # HZ |dy| < 1e-12 branch
    elif u < 0.45:
        d = (-g_new * rng.uniform(0.5, 2.0)).astype(np.float32)   # a descent direction: often no restart
    return (g, g_new, d)


INPUTS = make_inputs


def _ref_one(g, g_new, d, name, sigma=0.1, kappa=5.0, p=1.0, q=1.0):
    if name == "FR":
        denom = jnp.dot(g, g)
        beta = jnp.where(denom <= 0, 0.0, jnp.dot(g_new, g_new) / jnp.where(denom <= 0, 1.0, denom))
    elif name == "PRP+":
        denom = jnp.dot(g, g)
        val = jnp.dot(g_new, g_new - g) / jnp.where(denom <= 0, 1.0, denom)
        beta = jnp.where(denom <= 0, 0.0, jnp.maximum(val, 0.0))
    else:
        y = g_new - g
        dy = jnp.dot(d, y)
        small = jnp.abs(dy) < 1e-12
        safe = jnp.where(small, 1.0, dy)
        beta = jnp.where(small, 0.0, jnp.dot(y - 2.0 * d * (jnp.dot(y, y) / safe), g_new) / safe)
    d_new = -g_new + beta * d
    norm_g_new = jnp.linalg.norm(g_new)
    cond_a = jnp.dot(g_new, d_new) >= -sigma * norm_g_new ** (1 + p)
    cond_b = jnp.linalg.norm(d_new) >= kappa * norm_g_new ** q
    cause = jnp.where(cond_a & cond_b, COND_BOTH,
                      jnp.where(cond_a, COND_A_ONLY, jnp.where(cond_b, COND_B_ONLY, NO_RESTART)))
    d_new = jnp.where(cond_a | cond_b, -g_new, d_new)
    return d_new, beta, cause


@jax.jit
def reference_fix(g, g_new, d):
    return {name: _ref_one(g, g_new, d, name) for name in BETA_FORMULAS}
