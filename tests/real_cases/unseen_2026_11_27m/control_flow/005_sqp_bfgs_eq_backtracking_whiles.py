"""Equality-constrained BFGS-SQP: outer `while iter < max_iter and crit > tol`, inner backtracking while, `if backtrack == max_backtrack`.

source: EEA-sensors/parallel-control-codes parallel_control/sqp_np.py at eda668e615d70e2a548ad3837a770cc57e410ecb (lqe_solve, bfgs_basic_update, bfgs_damped_update, bfgs_eq_bt) with the problem of tests/test_sqp_np.py at b58eef25b4744b74bf7622c11c9272dade81000c (test_bfgs_1: fun_quad, con_quad)
error: TracerBoolConversionError
category: while-traced-cond-nested
expect: fix
notes: lqe_solve, bfgs_basic_update, bfgs_damped_update and bfgs_eq_bt verbatim (unused `from scipy import linalg`
  and `numpy` imports dropped). `_f` is the body of test_bfgs_1 (fun_quad, con_quad, bfgs_eq_bt call) with the
  QP data G, c, A, b and x_init as arguments and `quiet=True` passed (the test uses the default quiet=False,
  which prints every iteration); f = jax.jit(_f). The outer loop condition starts on Python values
  (iter = 0, crit = 1.0) and becomes traced after one pass; the inner `while merit(...) > m0 and
  (backtrack < max_backtrack)` is traced from the start; `if damped:` / `if not quiet:` are static. `_f` returns
  (x2, crit), not the iteration count: in float32 the final |grad L| sits near tol = 1e-6, so the count is not
  reproducible between eager and compiled runs (the test itself only asserts on x). The test enables x64;
  this case runs in float32 with a well-conditioned random QP.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def lqe_solve(G, c, A, b):
    """
    Quadratic programming solver for

    min 1/2 x^T G x + c^T x \\
    A x = b

    Parameters:
        G: Quadratic cost matrix.
        c: Linear cost vector.
        A: Equality constraint matrix.
        b: Equality constraint vector.

    Returns:
        x: Optimal solution.
        lam: Lagrange multipliers.
    """

    Z = jnp.zeros((A.shape[0], A.shape[0]))
    Psi = jax.numpy.block([[G, -A.T], [A, Z]])
    xlam = jnp.linalg.solve(Psi, jnp.concatenate((-c, b)))

    x = xlam[:c.shape[0]]
    lam = xlam[c.shape[0]:]

    return x, lam


def bfgs_basic_update(B, s, y, quiet=False):
    """ BFGS update of Hessian approximation.

    Parameters:
        B: Hessian approximation.
        s: Step.
        y: Gradient difference.
        quiet: If True, do not print anything.

    Returns:
        B: Updated Hessian approximation.
    """
    den = jnp.dot(s, y)
#    print(f'den = {den}')
    if den > 0.0:
        Bs = B @ s
        B = B + jnp.outer(y, y) / den - jnp.outer(Bs, Bs) / jnp.dot(s, Bs)
    else:
        if not quiet:
            print(f'Skipped update of B due to den = {den}')
    return B


def bfgs_damped_update(B, s, y, quiet=False):
    """ BFGS update of Hessian approximation with damping.

    Parameters:
        B: Hessian approximation.
        s: Step.
        y: Gradient difference.
        quiet: If True, do not print anything.

    Returns:
        B: Updated Hessian approximation.
    """
    Bs = B @ s
    if jnp.dot(s, y) >= 0.2 * jnp.dot(Bs, s):
        theta = 1.0
    else:
        theta = 0.8 * jnp.dot(Bs, s) / (jnp.dot(Bs, s) - jnp.dot(s, y))
    y = theta * y + (1.0 - theta) * Bs
    den = jnp.dot(s, y)
#    print(f'den = {den}')
    B = B + jnp.outer(y, y) / den - jnp.outer(Bs, Bs) / jnp.dot(s, Bs)
    return B


def bfgs_eq_bt(fun, con, x0, max_iter=10, tol=1e-6, max_backtrack=10, damped=True, quiet=False):
    """
    BFGS sequential linear programming.

    Parameters:
        fun: Objective function.
        con: Equality constraint function.
        x0: Initial guess.
        max_iter: Maximum number of iterations.
        tol: Tolerance for the norm of the Lagrangian gradient.
        max_backtrack: Maximum number of backtracking steps.
        damped: If True, use damped BFGS update.
        quiet: If True, do not print anything.

    Returns:
        x: Optimal solution.
        iter: Number of iterations.
        crit: Final criterion value.
    """

    if not quiet:
        print('BFGS_eq starting.')

    lag = lambda x, lam: fun(x) - jnp.dot(lam, con(x))

    dlag = jax.jacfwd(lag)
    dfun = jax.jacfwd(fun)
    dcon = jax.jacfwd(con)

    mu = 1.0
    merit = lambda x, mu: fun(x) + jnp.sum(jnp.abs(con(x))) / mu

    x = x0
    B = jnp.eye(x.shape[0])
    c = con(x)
    lam = jnp.zeros(c.shape)

    iter = 0
    crit = 1.0

    while iter < max_iter and (crit > tol):
#        f = fun(x)
        Jf = dfun(x)

        c = con(x)
        Jc = dcon(x)

        p, hlam = lqe_solve(B, Jf, Jc, -c)
        plam = hlam - lam

        alf = 1.0
        m0 = merit(x, mu)
        backtrack = 0
        while merit(x + alf * p, mu) > m0 and (backtrack < max_backtrack):
            alf = 0.5 * alf
            backtrack = backtrack + 1

        if backtrack == max_backtrack:
            if not quiet:
                print(f'-> Oops, function did not decrease, taking leap of faith.')
            alf = 1.0

        x_old = x
        s = alf * p
        x = x + s
        lam = lam + alf * plam

        Jl_old = dlag(x_old, lam)
        Jl_new = dlag(x, lam)
        y = Jl_new - Jl_old

        if damped:
            B = bfgs_damped_update(B, s, y, quiet)
        else:
            B = bfgs_basic_update(B, s, y, quiet)

        iter = iter + 1
        crit = jnp.linalg.norm(Jl_new)

        if not quiet:
            print(f'{iter} / {max_iter} : x={x}, |Jl|={jnp.linalg.norm(Jl_new)}, alpha={alf}')

    if not quiet:
        print('BFGS_eq done.')

    return x, iter, crit


def _f(G, c, A, b, x_init):
    fun_quad = lambda x: 0.5 * jnp.dot(x, G @ x) + jnp.dot(c, x)
    con_quad = lambda x: A @ x - b

    x2, iter, crit = bfgs_eq_bt(fun_quad, con_quad, x_init, quiet=True)
    return x2, crit


f = jax.jit(_f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n, m = 3, 2
    M = rng.normal(size=(n, n))
    G = M @ M.T / n + np.eye(n)
    c = rng.normal(size=n)
    A = rng.normal(size=(m, n))
    b = rng.normal(size=m)
    x_init = rng.normal(size=n)
    return tuple(a.astype(np.float32) for a in (G, c, A, b, x_init))


INPUTS = make_inputs


@jax.jit
def reference_fix(G, c, A, b, x_init, max_iter=10, tol=1e-6, max_backtrack=10):
    fun = lambda x: 0.5 * jnp.dot(x, G @ x) + jnp.dot(c, x)
    con = lambda x: A @ x - b
    lag = lambda x, lam: fun(x) - jnp.dot(lam, con(x))
    dlag = jax.jacfwd(lag)
    dfun = jax.jacfwd(fun)
    dcon = jax.jacfwd(con)
    mu = 1.0
    merit = lambda x, mu: fun(x) + jnp.sum(jnp.abs(con(x))) / mu

    x = x_init
    B = jnp.eye(x.shape[0], dtype=x.dtype)
    lam = jnp.zeros(con(x).shape, x.dtype)

    def outer_cond(st):
        x, B, lam, it, crit = st
        return (it < max_iter) & (crit > tol)

    def outer_body(st):
        x, B, lam, it, crit = st
        Jf = dfun(x)
        cc = con(x)
        Jc = dcon(x)
        p, hlam = lqe_solve(B, Jf, Jc, -cc)
        plam = hlam - lam
        m0 = merit(x, mu)

        def bt_cond(s):
            alf, k = s
            return (merit(x + alf * p, mu) > m0) & (k < max_backtrack)

        def bt_body(s):
            alf, k = s
            return 0.5 * alf, k + 1

        alf, k = jax.lax.while_loop(bt_cond, bt_body, (jnp.asarray(1.0, x.dtype), jnp.asarray(0)))
        alf = jnp.where(k == max_backtrack, jnp.asarray(1.0, x.dtype), alf)

        x_old = x
        s = alf * p
        x = x + s
        lam = lam + alf * plam
        y = dlag(x, lam) - dlag(x_old, lam)
        Bs = B @ s
        sy = jnp.dot(s, y)
        sBs = jnp.dot(Bs, s)
        theta = jnp.where(sy >= 0.2 * sBs, 1.0, 0.8 * sBs / (sBs - sy))
        y = theta * y + (1.0 - theta) * Bs
        den = jnp.dot(s, y)
        B = B + jnp.outer(y, y) / den - jnp.outer(Bs, Bs) / jnp.dot(s, Bs)
        crit = jnp.linalg.norm(dlag(x, lam))
        return x, B, lam, it + 1, crit

    st = (x, B, lam, jnp.asarray(0), jnp.asarray(1.0, x.dtype))
    x, B, lam, it, crit = jax.lax.while_loop(outer_cond, outer_body, st)
    return x, crit
