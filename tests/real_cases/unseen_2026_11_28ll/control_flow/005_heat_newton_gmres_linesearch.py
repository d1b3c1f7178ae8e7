"""Two coupled heat equations (backward Euler): Newton-GMRES with a residual `break` and a backtracking line search.

source: public JAX PDE script in the code index (code-index file id 40333435909: constraint1, constraint2, residual, Jv, newton_solve with jax.scipy.sparse.linalg.gmres; a sibling variant with a Jacobi preconditioner is id 39905410580). The index does not name the repository or commit.
error: TypeError
category: for-break-on-traced-residual-nested-linesearch
expect: fix
notes: constraint1, constraint2, residual, Jv and newton_solve are verbatim, including the
  per-iteration `print(f"... {res_norm:.3e}")`, which is the first thing to fail under jit
  (TypeError: unsupported format string passed to DynamicJaxprTracer.__format__); behind it are
  `if res_norm < tol: break` and the line search's `if jnp.linalg.norm(r_new) < jnp.linalg.norm(r):
  u = u_new; break`. Adapted: `jax.config.update("jax_enable_x64", True)` is dropped (process-wide
  config), the grid is N = 8 instead of 50 so that the eager reference runs quickly, the script's
  top-level run (u_old1 = ones, print of the initial residual) is dropped, and
  `f = jax.jit(newton_solve, static_argnames="maxiter")` is the entry point. tol is passed per
  trial (1e-6 .. 1e3) so that some trials break before the first Newton step, some after one or
  two, and some never (float32 cannot reach 1e-6).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.scipy.sparse.linalg import gmres, cg


# Parameters
N = 8  # number of grid points per variable
dx = 1.0 / (N - 1)
dt = 0.1
alpha1 = 1.0

u_left = 1.0
u_right = 2.0


# Residual for one heat eq, backward Euler in time
def constraint1(u_new, u_old, alpha):
    res = jnp.zeros_like(u_new)

    def laplacian(u):
        u_ghost_left = u_left
        u_ghost_right = u_right
        u_pad = jnp.concatenate(
            [jnp.array([u_ghost_left]), u[0], jnp.array([u_ghost_right])]
        )
        return (u_pad[:-2] - 2 * u_pad[1:-1] + u_pad[2:]) / dx**2

    res = res.at[0].set((u_new[0] - u_old[0]) / dt - alpha * laplacian(u_new))
    # res = - alpha * laplacian(u_new)
    return res


def constraint2(u_new, u_old, alpha):
    res = jnp.zeros_like(u_new)

    def laplacian(u):
        u_ghost_left = u_left
        u_ghost_right = u_right
        u_pad = jnp.concatenate(
            [jnp.array([u_ghost_left]), u[1], jnp.array([u_ghost_right])]
        )
        return (u_pad[:-2] - 2 * u_pad[1:-1] + u_pad[2:]) / dx**2

    res = res.at[1].set(-alpha * laplacian(u_new))
    return res


# Full residual stacking two heat eqs
def residual(q, q_old):
    res = constraint1(q, q_old, alpha1)
    res += constraint2(q, q_old, alpha1)
    return res


# Jacobian-vector product helper
def Jv(u, v, u_old1):
    return jax.jvp(lambda x: residual(x, u_old1), (u,), (v,))[1]


# Newton solver using CG for linear solve
def newton_solve(u0, u_old1, tol=1e-8, maxiter=20):
    u = u0
    for i in range(maxiter):
        r = residual(u, u_old1)
        res_norm = jnp.linalg.norm(r)
        print(f"Iter {i} , residual norm = {res_norm:.3e}")
        if res_norm < tol:
            break

        def lin_op(v):
            return Jv(u, v, u_old1)

        delta, info = gmres(
            lin_op,
            -r,
            x0=jnp.zeros_like(u),
            maxiter=100,
            solve_method="incremental",
            tol=10 ** (-8),
        )

        alpha = 1.0
        for _ in range(10):
            u_new = u + alpha * delta
            r_new = residual(u_new, u_old1)
            if jnp.linalg.norm(r_new) < jnp.linalg.norm(r):
                u = u_new
                break
            alpha *= 0.5

    return u


f = jax.jit(newton_solve, static_argnames="maxiter")
# --- end user code ---

import numpy as np


def make_inputs(rng):
    u_old1 = (1.0 + 0.3 * rng.normal(size=(2, N))).astype(np.float32)
    u0 = (u_old1 + 0.1 * rng.normal(size=(2, N))).astype(np.float32)
    tol = np.float32(10.0 ** rng.uniform(-6, 3))
    return (u0, u_old1, tol, 4)


INPUTS = make_inputs


def _reference(u0, u_old1, tol=1e-8, maxiter=20):
    def line_search(u, r, delta):
        # first alpha in 1, 1/2, ..., 1/512 that lowers the residual; u unchanged if none does
        alphas = 0.5 ** jnp.arange(10)
        trial = u[None] + alphas[:, None, None] * delta[None]
        norms = jax.vmap(lambda un: jnp.linalg.norm(residual(un, u_old1)))(trial)
        ok = norms < jnp.linalg.norm(r)
        k = jnp.argmax(ok)
        return jnp.where(jnp.any(ok), trial[k], u)

    def cond_fn(carry):
        i, u, done = carry
        return jnp.logical_and(i < maxiter, jnp.logical_not(done))

    def body_fn(carry):
        i, u, done = carry
        r = residual(u, u_old1)
        res_norm = jnp.linalg.norm(r)
        jax.debug.print("Iter {i} , residual norm = {n:.3e}", i=i, n=res_norm)
        converged = res_norm < tol

        def newton_step(u):
            delta, info = gmres(lambda v: Jv(u, v, u_old1), -r, x0=jnp.zeros_like(u),
                                maxiter=100, solve_method="incremental", tol=10 ** (-8))
            return line_search(u, r, delta)

        u = jax.lax.cond(converged, lambda u: u, newton_step, u)
        return i + 1, u, converged

    _, u, _ = jax.lax.while_loop(cond_fn, body_fn, (0, u0, jnp.array(False)))
    return u


reference_fix = jax.jit(_reference, static_argnames="maxiter")
