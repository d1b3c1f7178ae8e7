"""regularMTW deriv_hyperb: a Python `if p0*p2 < 0` on the traced cost-function parameters picks the root branch.

source: dnguyend/regularMTW test/test_spaceform.py at 0952ad8a2ae54c34be70064e8994b2bf1bae491a (deriv_hyperb; code-index file id 28535526227)
error: TracerBoolConversionError
category: if-on-traced-parameter
expect: fix
notes: deriv_hyperb verbatim. The module's other imports (regularMTW.src.tools / space_form / simple_mtw, jax.scipy
  minimize, and `from jax.config import config; config.update("jax_enable_x64", True)`) are dropped: deriv_hyperb only
  needs jnp, and float32 is enough here. In the repository the function is passed as the `lambda q: ...` derivative
  callback of SimpleKH, whose curvature code is differentiated with jvp; `f = jax.jit(deriv_hyperb)` is added as the
  entry point with pp a tuple of three traced scalars and branch a traced +-1. Inputs draw both regimes: p0*p2 < 0
  (one root, `branch` ignored) and p0, p2 > 0 with s > 2*sqrt(p0*p2) (two roots, `branch` chooses).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def deriv_hyperb(s, pp, branch=None):
    """ function of form s = p0exp(-p3u) + p2exp(p3u)
    thus, p1 = -p3
    if p0p2 < 0 then always has root, one branch, so ignore branch
    if p0p2 > 0 then need s > 4p0p2, two branches
    """
    p0, p1, p2 = pp
    p3 = - p1
    if p0*p2 < 0:
        rt = (s + jnp.sign(p2)*jnp.sqrt(s**2-4*p2*p0))/(2*p2)
        u = 1/p3*jnp.log(rt)
    else:
        u = 1/p3*jnp.log((s + branch*jnp.sign(p2)*jnp.sqrt(s**2-4*p2*p0))/(2*p2))
    h0 = p0*jnp.exp(p1*u) + p2*jnp.exp(p3*u)
    h1 = p0*p1*jnp.exp(p1*u) + p2*p3*jnp.exp(p3*u)
    h2 = p0*p1**2*jnp.exp(p1*u) + p2*p3**2*jnp.exp(p3*u)
    h3 = p0*p1**3*jnp.exp(p1*u) + p2*p3**3*jnp.exp(p3*u)
    h4 = p0*p1**4*jnp.exp(p1*u) + p2*p3**4*jnp.exp(p3*u)

    return u, h0, h1, h2, h3, h4


f = jax.jit(deriv_hyperb)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    p1 = np.float32(-rng.uniform(0.5, 2.0))
    if rng.uniform() < 0.5:
        # opposite signs: one root for any s
        p0 = np.float32(rng.uniform(0.2, 2.0) * rng.choice([-1.0, 1.0]))
        p2 = np.float32(-np.sign(p0) * rng.uniform(0.2, 2.0))
        s = np.float32(rng.uniform(-3.0, 3.0))
    else:
        # same (positive) sign: two roots when s > 2*sqrt(p0*p2)
        p0 = np.float32(rng.uniform(0.2, 2.0))
        p2 = np.float32(rng.uniform(0.2, 2.0))
        s = np.float32(2.0 * np.sqrt(p0 * p2) + rng.uniform(0.1, 3.0))
    branch = np.float32(rng.choice([-1.0, 1.0]))
    return (s, (p0, p1, p2), branch)


INPUTS = make_inputs


@jax.jit
def reference_fix(s, pp, branch=None):
    p0, p1, p2 = pp
    p3 = - p1
    rt = (s + jnp.sign(p2)*jnp.sqrt(s**2-4*p2*p0))/(2*p2)
    u_one = 1/p3*jnp.log(rt)
    u_two = 1/p3*jnp.log((s + branch*jnp.sign(p2)*jnp.sqrt(s**2-4*p2*p0))/(2*p2))
    u = jnp.where(p0*p2 < 0, u_one, u_two)
    h0 = p0*jnp.exp(p1*u) + p2*jnp.exp(p3*u)
    h1 = p0*p1*jnp.exp(p1*u) + p2*p3*jnp.exp(p3*u)
    h2 = p0*p1**2*jnp.exp(p1*u) + p2*p3**2*jnp.exp(p3*u)
    h3 = p0*p1**3*jnp.exp(p1*u) + p2*p3**3*jnp.exp(p3*u)
    h4 = p0*p1**4*jnp.exp(p1*u) + p2*p3**4*jnp.exp(p3*u)
    return u, h0, h1, h2, h3, h4
