"""magpylib's scalar Bulirsch `cel` integral: traced `if p > 0.` / else block, then `while True:` with a traced `break`.

source: magpylib/magpylib src/magpylib/_src/fields/special_cel.py @03cee097b18710f97df088b3e7b11dd6ebe8c567 (`_cel0`); the JAX/array-API port was attempted in https://github.com/magpylib/magpylib/pull/844 (its TODO: "Implement a `lazy_while` for the elliptic integrals", see also data-apis/array-api-extra#303)
error: TracerBoolConversionError
category: while-true-break
expect: fix
notes: NumPy code ported as PR #844 does it (`np.` -> a jax.numpy namespace). The jitted `f` is the small-input
  (`n_input < 10`) path of `_cel`: a list comprehension over the zipped arrays, verbatim with `np.array`
  now jax.numpy. The `if kc == 0.: raise RuntimeError` guard at the top is dropped (check-and-raise
  is not control flow to rewrite); inputs keep kc away from 0. Trials mix p > 0 and p <= 0 so both
  pre-loop branches run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np


def _cel0(kc, p, c, s):
    """
    Complete elliptic integral algorithm after
    R. Bulirsch, Numerical Calculation of Elliptic Integrals and Elliptic Functions. III
    Numerische Mathematik 13, 305-315 (1969).
    """
    errtol = 0.000001
    if p > 0.:
        p = np.sqrt(p)
        s = s / p
    else:
        f = kc * kc
        q = 1. - f
        g = 1. - p
        f -= p
        q *= s - c * p
        p = np.sqrt(f / g)
        c = (c - s) / g
        s = -q / (g * g * p) + c * p
    mu = 1.
    nu = abs(kc)
    munu = nu
    while True:
        g = munu / p
        c, s = c + s / p, 2. * (s + c * g)
        p += g
        g = mu
        mu += nu
        if abs(g - nu) <= g * errtol: break
        nu = 2. * np.sqrt(munu)
        munu = mu * nu
    return (np.pi / 2.) * (s + c * mu) / (mu * (mu + p))


@jax.jit
def f(kcv, pv, cv, sv):
    # the small-input path of `_cel` (n_input < 10)
    return np.array(
        [_cel0(kc, p, c, s) for kc, p, c, s in zip(kcv, pv, cv, sv, strict=False)]
    )
# --- end user code ---

import numpy as onp
import jax.numpy as jnp
from jax import lax


def make_inputs(rng):
    n = 6
    kc = rng.uniform(0.05, 1.0, size=n) * rng.choice([-1.0, 1.0], size=n)
    p = rng.uniform(-0.9, 2.0, size=n)
    p[0], p[1] = abs(p[0]) + 0.1, -abs(p[1]) - 0.1
    c = rng.uniform(-1.0, 1.0, size=n)
    s = rng.uniform(-1.0, 1.0, size=n)
    return tuple(a.astype(onp.float32) for a in (kc, p, c, s))


INPUTS = make_inputs


def _cel0_fixed(kc, p, c, s):
    errtol = 0.000001
    pos = p > 0.
    # p > 0 branch
    p1 = jnp.sqrt(jnp.where(pos, p, 1.))
    s1 = s / p1
    c1 = c
    # else branch
    f0 = kc * kc
    q = 1. - f0
    g = 1. - p
    f0 = f0 - p
    q = q * (s - c * p)
    p2 = jnp.sqrt(f0 / g)
    c2 = (c - s) / g
    s2 = -q / (g * g * p2) + c2 * p2
    p = jnp.where(pos, p1, p2)
    s = jnp.where(pos, s1, s2)
    c = jnp.where(pos, c1, c2)
    mu = jnp.ones_like(kc)
    nu = jnp.abs(kc)
    munu = nu

    def step(st):
        c, s, p, mu, nu, munu = st
        g = munu / p
        c, s = c + s / p, 2. * (s + c * g)
        p = p + g
        g = mu
        mu = mu + nu
        done = jnp.abs(g - nu) <= g * errtol
        return (c, s, p, mu, nu, munu), done, g

    def cond(carry):
        return ~carry[1]

    def body(carry):
        st, _ = carry
        (c, s, p, mu, nu, munu), done, _ = step(st)
        nu2 = 2. * jnp.sqrt(munu)
        munu2 = mu * nu2
        nu = jnp.where(done, nu, nu2)
        munu = jnp.where(done, munu, munu2)
        return (c, s, p, mu, nu, munu), done

    (c, s, p, mu, nu, munu), _ = lax.while_loop(cond, body, ((c, s, p, mu, nu, munu), jnp.array(False)))
    return (jnp.pi / 2.) * (s + c * mu) / (mu * (mu + p))


@jax.jit
def reference_fix(kcv, pv, cv, sv):
    return jax.vmap(_cel0_fixed)(kcv, pv, cv, sv)
