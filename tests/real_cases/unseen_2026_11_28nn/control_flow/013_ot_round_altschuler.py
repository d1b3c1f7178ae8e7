"""Altschuler-Weed-Rigollet rounding onto the transport polytope: `if norm(err_r) > 0: return ...`.

source: code-index file id 4570264920 (a small entropic-OT module: r_fun, c_fun, cost, xlogx
    (vmapped lax.cond), penality, penalised_cost, Round "Algorithm 2. in Altschuler, Weed,
    Rigollet (2017)"). The index does not name the repository or commit.
error: TracerBoolConversionError
category: early-return-if
expect: fix
notes: the module verbatim (xlogx / penality / penalised_cost kept: they already use lax.cond
    under vmap and are jit-safe); only `f = jax.jit(Round)` is added. The rounding formula is kept
    exactly as written (`err_r.T @ err_c` on 1-D arrays is a dot product). The `else` path
    (err_r == 0 exactly) would divide 0/0 if evaluated, so a jnp.where rewrite must not leak
    that NaN; make_inputs includes an exactly-feasible F (all entries 1/16, r = c = 1/4) so that
    the no-correction return runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def r_fun(A):
    """
    Row sum
    """
    return jnp.sum(A, axis=1)


def c_fun(A):
    """
    Column sum
    """
    return jnp.sum(A, axis=0)


def cost(C, X):
    return jnp.sum(C * X)


@jax.vmap
def xlogx(x):
    return jax.lax.cond(x > 0, lambda x: x * jnp.log(x), lambda x: 0., x)


def penality(X, eta):
    vecX = X.reshape(-1, order='F')
    return eta * jnp.sum(xlogx(vecX))


def penalised_cost(C, X, eta):
    return cost(C, X) + penality(X, eta)


def Round(F, r, c):
    """
    Algorithm 2. in Altschuler, Weed, Rigollet (2017)
    """
    rF = r_fun(F)
    X = jnp.diag(jax.vmap(lambda x: jnp.min(jnp.array([x, 1])))(r / rF))
    F_p = X @ F
    cF_p = c_fun(F_p)
    Y = jnp.diag(jax.vmap(lambda x: jnp.min(jnp.array([x, 1])))(c / cF_p))
    F_pp = F_p @ Y
    err_r = r - r_fun(F_pp)
    err_c = c - c_fun(F_pp)
    if jnp.linalg.norm(err_r) > 0:
        return F_pp + err_r.T @ err_c / jnp.linalg.norm(err_r, ord=1)
    return F_pp


f = jax.jit(Round)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 4
    if rng.random() < 0.25:
        F = np.full((n, n), 1.0 / 16.0, dtype=np.float32)
        r = np.full((n,), 0.25, dtype=np.float32)
        c = np.full((n,), 0.25, dtype=np.float32)
        return (F, r, c)
    F = rng.uniform(0.05, 1.0, size=(n, n)).astype(np.float32)
    F = (F / F.sum()).astype(np.float32)
    r = rng.dirichlet(np.ones(n)).astype(np.float32)
    c = rng.dirichlet(np.ones(n)).astype(np.float32)
    return (F, r, c)


INPUTS = make_inputs


@jax.jit
def reference_fix(F, r, c):
    rF = jnp.sum(F, axis=1)
    X = jnp.diag(jnp.minimum(r / rF, 1))
    F_p = X @ F
    Y = jnp.diag(jnp.minimum(c / jnp.sum(F_p, axis=0), 1))
    F_pp = F_p @ Y
    err_r = r - jnp.sum(F_pp, axis=1)
    err_c = c - jnp.sum(F_pp, axis=0)
    nz = jnp.linalg.norm(err_r) > 0
    l1 = jnp.where(nz, jnp.linalg.norm(err_r, ord=1), 1.0)
    return jnp.where(nz, F_pp + err_r @ err_c / l1, F_pp)
