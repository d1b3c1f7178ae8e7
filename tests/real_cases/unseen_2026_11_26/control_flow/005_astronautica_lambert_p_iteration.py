"""Lambert p-iteration: a traced `while`, multi-statement if/else with a nested if, and an early return.

source: ramonefoster/astronautica cap6/utils.py at 10c8e578d90574232264451f7384f031c993effd (p_NR)
error: TracerBoolConversionError
category: while-traced-cond-nested-if-early-return (orbital mechanics root solver)
expect: fix
notes: p_NR verbatim except `import numpy as np` / `import pandas as pd` become `import jax.numpy as np` (pandas is only used in the printMode == 1 branch, which is not taken: printMode=0 is passed as static config). The jitted f is ours. With printMode=0 the function returns (None, None, numberOfIterations) on both exits (the early return after maxIte iterations, and convergence); the per-iteration lists are built but unused. Inputs are random Lambert geometries (r1, r2, transfer angle, time of flight) whose iterations take the elliptic branch, the dX < 0 wrap, the hyperbolic branch and the maxIte early exit across trials; some guesses go to NaN, which ends the loop as `error > tolerance` is False.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as np

def p_NR(r1, r2, df, k, l, m, dt, tolerance, guess, maxIte, printMode=1):
    mu = 398600  # [km^3/s^2] standard gravitational parameter
    p = guess
    numberOfIterations = 0
    error = 100

    p_vec = []
    a_vec = []
    g_vec = []
    dX_vec = []
    dtn_vec = []
    error_vec = []

    while error > tolerance:
        denominator = ((2 * m - l ** 2) * p ** 2 + 2 * k * l * p - k ** 2)
        a = m * k * p / denominator
        g = r1 * r2 * np.sin(df) / np.sqrt(mu * p)

        if a > 0:
            dX = np.arctan2(-np.tan(df / 2) * (k - l * p) / (p * np.sqrt(p * a)), 1 - k / (p * a))
            if dX < 0:
                dX += 2 * np.pi
            dtn = g + np.sqrt(a ** 3 / mu) * (dX - np.sin(dX))
            ddt = (-g / (2 * p)
                   - (3 / 2) * a * (dtn - g) * ((k ** 2 + (2 * m - l ** 2) * p ** 2) / (m * k * p ** 2))
                   + np.sqrt(a ** 3 / mu) * 2 * k * np.sin(dX) / (p * (k - l * p)))
        else:
            dX = np.arccosh(1 - k / (p * a))
            dtn = g + np.sqrt((-a) ** 3 / mu) * (np.sinh(dX) - dX)
            ddt = (-g / (2 * p)
                   - (3 / 2) * a * (dtn - g) * ((k ** 2 + (2 * m - l ** 2) * p ** 2) / (m * k * p ** 2))
                   + np.sqrt((-a) ** 3 / mu) * 2 * k * np.sinh(dX) / (p * (k - l * p)))

        numberOfIterations += 1
        p_try = p + (dt - dtn) / ddt

        p_vec.append(p_try)
        a_vec.append(a)
        g_vec.append(g)
        dX_vec.append(dX)
        dtn_vec.append(dtn)
        error = abs(dt - dtn)
        error_vec.append(error)

        p = p_try

        if numberOfIterations == maxIte:
            print(f"Did not converge within {maxIte} iterations.")
            return None, None, numberOfIterations

    # Optional detailed printout
    T, Tpres = None, None
    if printMode == 1:
        T = pd.DataFrame({
            'Iteracao': np.arange(1, numberOfIterations + 1),
            'p [km]': np.round(p_vec, 4),
            'a [km]': np.round(a_vec, 4),
            'g [s]': np.round(g_vec, 4),
            'ΔE [rad]': np.round(dX_vec, 4),
            'Δt [s]': np.round(dtn_vec, 4),
            'Δt error [s]': np.round(error_vec, 4)
        })
        Tpres = pd.DataFrame({
            'Iteracao': np.arange(1, numberOfIterations + 1),
            'p [km]': p_vec,
            'a [km]': a_vec,
            'g [s]': g_vec,
            'ΔE [rad]': dX_vec,
            'Δt [s]': dtn_vec,
            'Δt error [s]': error_vec
        })
        print(T)

    return T, Tpres, numberOfIterations


f = jax.jit(p_NR, static_argnames=("tolerance", "maxIte", "printMode"))
# --- end user code ---

import numpy
import jax.numpy as jnp
from jax import lax


def make_inputs(rng):
    r1 = rng.uniform(7000, 9000)
    r2 = rng.uniform(7000, 12000)
    df = rng.uniform(0.5, 2.5)
    k = r1 * r2 * (1 - numpy.cos(df))
    l = r1 + r2
    m = r1 * r2 * (1 + numpy.cos(df))
    p_i = k / (l + numpy.sqrt(2 * m))
    p_ii = k / (l - numpy.sqrt(2 * m))
    guess = p_i + rng.uniform(0.2, 0.8) * (p_ii - p_i)
    dt = rng.uniform(300, 4000)
    arr = lambda v: numpy.asarray(numpy.float32(v))
    return (arr(r1), arr(r2), arr(df), arr(k), arr(l), arr(m), arr(dt), 1e-2, arr(guess), 12, 0)


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("tolerance", "maxIte", "printMode"))
def reference_fix(r1, r2, df, k, l, m, dt, tolerance, guess, maxIte, printMode=1):
    mu = 398600

    def cond(s):
        p, n, error = s
        return (error > tolerance) & (n < maxIte)

    def body(s):
        p, n, error = s
        denominator = ((2 * m - l ** 2) * p ** 2 + 2 * k * l * p - k ** 2)
        a = m * k * p / denominator
        g = r1 * r2 * jnp.sin(df) / jnp.sqrt(mu * p)

        def elliptic(_):
            dX = jnp.arctan2(-jnp.tan(df / 2) * (k - l * p) / (p * jnp.sqrt(p * a)), 1 - k / (p * a))
            dX = jnp.where(dX < 0, dX + 2 * jnp.pi, dX)
            dtn = g + jnp.sqrt(a ** 3 / mu) * (dX - jnp.sin(dX))
            ddt = (-g / (2 * p)
                   - (3 / 2) * a * (dtn - g) * ((k ** 2 + (2 * m - l ** 2) * p ** 2) / (m * k * p ** 2))
                   + jnp.sqrt(a ** 3 / mu) * 2 * k * jnp.sin(dX) / (p * (k - l * p)))
            return dtn, ddt

        def hyperbolic(_):
            dX = jnp.arccosh(1 - k / (p * a))
            dtn = g + jnp.sqrt((-a) ** 3 / mu) * (jnp.sinh(dX) - dX)
            ddt = (-g / (2 * p)
                   - (3 / 2) * a * (dtn - g) * ((k ** 2 + (2 * m - l ** 2) * p ** 2) / (m * k * p ** 2))
                   + jnp.sqrt((-a) ** 3 / mu) * 2 * k * jnp.sinh(dX) / (p * (k - l * p)))
            return dtn, ddt

        dtn, ddt = lax.cond(a > 0, elliptic, hyperbolic, None)
        return p + (dt - dtn) / ddt, n + 1, jnp.abs(dt - dtn)

    _, n, _ = lax.while_loop(cond, body, (guess, 0, jnp.asarray(100.0, dtype=guess.dtype)))
    return None, None, n
