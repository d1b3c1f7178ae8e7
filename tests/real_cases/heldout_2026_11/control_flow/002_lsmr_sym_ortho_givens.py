"""LSMR's _sym_ortho Givens rotation: if/elif/else on traced scalars with early returns and multi-statement branches.

source: scipy/scipy scipy/sparse/linalg/_isolve/lsqr.py at 58846f9632e50234c9fe07f3f72e353e76415cad (_sym_ortho), as ported to jax.numpy in a public JAX port of scipy's lsmr (jnp.sign/jnp.abs/jnp.sqrt, nested in lsmr)
error: TracerBoolConversionError
category: if-elif-return
expect: fix
notes: _sym_ortho verbatim from the JAX port (moved to module level); f is the first two rotations of one LSMR iteration (Qhat with the damping term, then Q_i), jitted. Branches: `b == 0` and `a == 0` return early with Python-int zeros, the last two compute tau, then s or c from tau, then the rest from those.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _sym_ortho(a, b):
    """
    Stable implementation of Givens rotation using JAX.
    """
    if b == 0:
        return jnp.sign(a), 0, jnp.abs(a)
    elif a == 0:
        return 0, jnp.sign(b), jnp.abs(b)
    elif jnp.abs(b) > jnp.abs(a):
        tau = a / b
        s = jnp.sign(b) / jnp.sqrt(1 + tau * tau)
        c = s * tau
        r = b / s
    else:
        tau = b / a
        c = jnp.sign(a) / jnp.sqrt(1 + tau * tau)
        s = c * tau
        r = a / c
    return c, s, r


@jax.jit
def f(alphabar, damp, beta):
    # Construct rotation Qhat_{k,2k+1}
    chat, shat, alphahat = _sym_ortho(alphabar, damp)
    # Use a plane rotation (Q_i) to turn B_i to R_i
    c, s, rho = _sym_ortho(alphahat, beta)
    return chat, shat, c, s, rho
# --- end user code ---

import numpy as np


def make_inputs(rng):
    def pick():
        k = rng.integers(0, 4)
        if k == 0:
            return np.float32(0.0)
        return np.float32(rng.normal() * 3.0)
    return (pick(), pick(), pick())


INPUTS = make_inputs


def _sym_ortho_ref(a, b):
    a = jnp.asarray(a, jnp.float32)
    b = jnp.asarray(b, jnp.float32)
    safe_b = jnp.where(b == 0, 1.0, b)
    safe_a = jnp.where(a == 0, 1.0, a)
    tau1 = a / safe_b
    s1 = jnp.sign(b) / jnp.sqrt(1 + tau1 * tau1)
    c1 = s1 * tau1
    r1 = b / jnp.where(s1 == 0, 1.0, s1)
    tau2 = b / safe_a
    c2 = jnp.sign(a) / jnp.sqrt(1 + tau2 * tau2)
    s2 = c2 * tau2
    r2 = a / jnp.where(c2 == 0, 1.0, c2)
    big_b = jnp.abs(b) > jnp.abs(a)
    c = jnp.where(big_b, c1, c2)
    s = jnp.where(big_b, s1, s2)
    r = jnp.where(big_b, r1, r2)
    c = jnp.where(a == 0, 0.0, c)
    s = jnp.where(a == 0, jnp.sign(b), s)
    r = jnp.where(a == 0, jnp.abs(b), r)
    c = jnp.where(b == 0, jnp.sign(a), c)
    s = jnp.where(b == 0, 0.0, s)
    r = jnp.where(b == 0, jnp.abs(a), r)
    return c, s, r


@jax.jit
def reference_fix(alphabar, damp, beta):
    chat, shat, alphahat = _sym_ortho_ref(alphabar, damp)
    c, s, rho = _sym_ortho_ref(alphahat, beta)
    return chat, shat, c, s, rho
