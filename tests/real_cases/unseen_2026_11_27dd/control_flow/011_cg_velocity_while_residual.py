"""Conjugate gradients for the MAC-grid viscous operator: `while jnp.sqrt(rho) > tol * rhs_norm and k < max_iter` with float() pulls.

source: a JAX Stokes solver in the public code index, module "Top-level solvers (JAX)." (code-index file id 29274810639: cg_velocity) with its stencil module "Vectorized stencil operations on the MAC grid (JAX)." (file id 29240482078: apply_viscous); the index does not name the repository
error: ConcretizationTypeError
category: while-convergence-test
expect: fix
notes: cg_velocity and apply_viscous verbatim (apply_viscous keeps its own `@partial(jax.jit, static_argnums=(2,))`); the `from .multigrid import ...` / `from .stencils import ...` lines are replaced by the inlined apply_viscous, and the module's other solvers (solve_vcycle, solve_uzawa, solve_inexact_uzawa) are left out; `from __future__ import annotations` is dropped (it cannot follow the case docstring, and the annotations evaluate fine without it). Added `f = jax.jit(cg_velocity, static_argnums=(2, 3, 4))` (grid size n, tol and max_iter are Python scalars). Under jit the first failure is `float(jnp.sum(...))`, then the traced `while` test. Inputs are random right-hand sides on 4x4 and 5x5 grids with zero boundary rows (homogeneous Dirichlet data, so CG works on the symmetric interior problem), with tol/max_iter chosen so that some trials converge after a data-dependent number of steps and others stop at max_iter; k is returned too.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(2,))
def apply_viscous(ux: jnp.ndarray, vy: jnp.ndarray, n: int) -> tuple[jnp.ndarray, jnp.ndarray]:
    h = 1.0 / n
    au = jnp.zeros((n + 1, n), dtype=ux.dtype)
    av = jnp.zeros((n, n + 1), dtype=vy.dtype)

    au = au.at[1:n, 1:n - 1].set(
        -(1.0 / h**2)
        * (
            ux[1:n, 2:n]
            + ux[1:n, 0:n - 2]
            + ux[0:n - 1, 1:n - 1]
            + ux[2:n + 1, 1:n - 1]
            - 4.0 * ux[1:n, 1:n - 1]
        )
    )
    au = au.at[1:n, 0].set(
        -(1.0 / h**2) * (
            ux[0:n - 1, 0] + ux[2:n + 1, 0] - 2.0 * ux[1:n, 0] + ux[1:n, 1] - ux[1:n, 0]
        )
    )
    au = au.at[1:n, n - 1].set(
        -(1.0 / h**2)
        * (
            ux[0:n - 1, n - 1]
            + ux[2:n + 1, n - 1]
            - 2.0 * ux[1:n, n - 1]
            - ux[1:n, n - 1]
            + ux[1:n, n - 2]
        )
    )
    au = au.at[0, :].set(ux[0, :])
    au = au.at[n, :].set(ux[n, :])

    av = av.at[1:n - 1, 1:n].set(
        -(1.0 / h**2)
        * (
            vy[1:n - 1, 2:n + 1]
            + vy[1:n - 1, 0:n - 1]
            + vy[0:n - 2, 1:n]
            + vy[2:n, 1:n]
            - 4.0 * vy[1:n - 1, 1:n]
        )
    )
    av = av.at[0, 1:n].set(
        -(1.0 / h**2) * (
            vy[1, 1:n] - vy[0, 1:n] + vy[0, 2:n + 1] + vy[0, 0:n - 1] - 2.0 * vy[0, 1:n]
        )
    )
    av = av.at[n - 1, 1:n].set(
        -(1.0 / h**2)
        * (
            vy[n - 2, 1:n]
            - vy[n - 1, 1:n]
            + vy[n - 1, 2:n + 1]
            + vy[n - 1, 0:n - 1]
            - 2.0 * vy[n - 1, 1:n]
        )
    )
    av = av.at[:, 0].set(vy[:, 0])
    av = av.at[:, n].set(vy[:, n])

    return au, av


def cg_velocity(rhs_u: jnp.ndarray, rhs_v: jnp.ndarray, n: int, tol: float, max_iter: int) -> tuple[jnp.ndarray, jnp.ndarray, int]:
    u = jnp.zeros_like(rhs_u)
    v = jnp.zeros_like(rhs_v)
    au, av = apply_viscous(u, v, n)
    r_u = rhs_u - au
    r_v = rhs_v - av
    p_u = r_u
    p_v = r_v
    rho = float(jnp.sum(r_u * r_u) + jnp.sum(r_v * r_v))
    rhs_norm = float(jnp.sqrt(jnp.sum(rhs_u**2) + jnp.sum(rhs_v**2)))
    k = 0

    while jnp.sqrt(rho) > tol * rhs_norm and k < max_iter:
        ap_u, ap_v = apply_viscous(p_u, p_v, n)
        alpha = rho / float(jnp.sum(p_u * ap_u) + jnp.sum(p_v * ap_v))
        u = u + alpha * p_u
        v = v + alpha * p_v
        r_u = r_u - alpha * ap_u
        r_v = r_v - alpha * ap_v
        rho_new = float(jnp.sum(r_u * r_u) + jnp.sum(r_v * r_v))
        beta = rho_new / rho
        p_u = r_u + beta * p_u
        p_v = r_v + beta * p_v
        rho = rho_new
        k += 1

    return u, v, k


f = jax.jit(cg_velocity, static_argnums=(2, 3, 4))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = int(rng.choice([4, 5]))
    rhs_u = rng.normal(size=(n + 1, n)).astype(np.float32)
    rhs_v = rng.normal(size=(n, n + 1)).astype(np.float32)
    # homogeneous boundary data (the operator's identity rows), so CG sees the
    # symmetric interior problem
    rhs_u[0, :] = 0.0
    rhs_u[n, :] = 0.0
    rhs_v[:, 0] = 0.0
    rhs_v[:, n] = 0.0
    # converge early (loose tol) or stop at the iteration cap (tight tol, few steps)
    tol, max_iter = [(1e-2, 40), (1e-3, 40), (1e-6, 4)][int(rng.integers(3))]
    return (rhs_u, rhs_v, n, tol, max_iter)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(2, 3, 4))
def reference_fix(rhs_u, rhs_v, n, tol, max_iter):
    u = jnp.zeros_like(rhs_u)
    v = jnp.zeros_like(rhs_v)
    au, av = apply_viscous(u, v, n)
    r_u = rhs_u - au
    r_v = rhs_v - av
    rho = jnp.sum(r_u * r_u) + jnp.sum(r_v * r_v)
    rhs_norm = jnp.sqrt(jnp.sum(rhs_u**2) + jnp.sum(rhs_v**2))

    def cond(state):
        u, v, r_u, r_v, p_u, p_v, rho, k = state
        return jnp.logical_and(jnp.sqrt(rho) > tol * rhs_norm, k < max_iter)

    def body(state):
        u, v, r_u, r_v, p_u, p_v, rho, k = state
        ap_u, ap_v = apply_viscous(p_u, p_v, n)
        alpha = rho / (jnp.sum(p_u * ap_u) + jnp.sum(p_v * ap_v))
        u = u + alpha * p_u
        v = v + alpha * p_v
        r_u = r_u - alpha * ap_u
        r_v = r_v - alpha * ap_v
        rho_new = jnp.sum(r_u * r_u) + jnp.sum(r_v * r_v)
        beta = rho_new / rho
        p_u = r_u + beta * p_u
        p_v = r_v + beta * p_v
        return u, v, r_u, r_v, p_u, p_v, rho_new, k + 1

    u, v, _, _, _, _, _, k = jax.lax.while_loop(
        cond, body, (u, v, r_u, r_v, r_u, r_v, rho, 0))
    return u, v, k
