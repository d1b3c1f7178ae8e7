"""pyQSC's Newton solver with a backtracking line search, "refactored to JAX" by renaming np -> jnp.

source: code-index file id 2949920869 (module "This module contains a function for Newton's method
    refactored to JAX."; functions newton, new_new_newton, new_new_line_search, new_newton,
    calc_residual_norm, compute_newton_step_direction, perform_line_search, check_convergence,
    econ_newton). Sibling revisions of the same module are ids 2519957475, 2396086971 and
    3061539092. The index does not name the repository; the `newton` function is a line-for-line
    port of qsc/newton.py from landreman/pyQSC (NumPy), and the later functions in the same file
    (new_newton with lax.scan / fori_loop) are the author's attempts to make it jittable.
error: TracerBoolConversionError
category: for-break-convergence / nested line search
expect: fix
notes: `newton`, `calc_residual_norm` and `compute_newton_step_direction` are verbatim from id
    2949920869 (the unused imports of toeplitz / numpy kept). The residual system is not in the
    file (pyQSC passes its sigma-equation residual); a small stand-in residual with a known root at
    `c` (arctan makes full Newton steps overshoot, so the line search halves the step) is built in
    `f`, and `f = jax.jit(...)` calls newton with tol=1e-5 (float32 reaches it) so that the
    converged-break, the line-search-break and the step-halving paths all run. Logging is at INFO
    (silent by default); the final logger.warning only fires when the solve stalls.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.linalg import toeplitz
from jax import jit
import logging

#logging.basicConfig(level=logging.INFO)
logger = logging.getLogger(__name__)

def newton(f, x0, jac, niter=20, tol=1e-13, nlinesearch=10):
    """
    Solve a system of nonlinear equations using Newton's method with a
    line search.

    f = function providing the residual vector.
    x0 = initial guess
    jac = function providing the Jacobian.
    niter = max number of Newton iterations.
    tol = stop when the residual norm is less than this.
    """
    x = jnp.copy(x0)
    x_best = jnp.copy(x0)
    residual = f(x0)
    initial_residual_norm = calc_residual_norm(residual)
    residual_norm = initial_residual_norm
    logger.info('Beginning Newton method. residual {}'.format(residual_norm))

    newton_tolerance_achieved = False
    for jnewton in range(niter):
        last_residual_norm = residual_norm
        if residual_norm < tol:
            newton_tolerance_achieved = True
            break

        j = jac(x)
        x0 = jnp.copy(x)
        logger.info('Newton iteration {}'.format(jnewton))
        step_direction = compute_newton_step_direction(j, residual)

        step_scale = 1.0
        for jlinesearch in range(nlinesearch):
            x = x0 + step_scale * step_direction
            residual = f(x)
            residual_norm = calc_residual_norm(residual)
            logger.info('  Line search step {} residual {}'.format(jlinesearch, residual_norm))
            if residual_norm < last_residual_norm:
                x_best = jnp.copy(x)
                break
            
            step_scale /= 2
            
        if residual_norm >= last_residual_norm:
            logger.info('Line search failed to reduce residual')
            break

    if last_residual_norm > tol * 1e4:
        logger.warning('Newton solve did not get close to desired tolerance. '
                       f'Final residual: {last_residual_norm}')

    return x_best

def calc_residual_norm(residual): 
    """
    compute the norm of residual vector. 
    """
    return jnp.sqrt(jnp.sum(residual**2))

def compute_newton_step_direction(jacobian, residual): 
    """
    compute the step direction
    """
    return -jnp.linalg.solve(jacobian, residual)


def _make_residual(c):
    # stand-in residual (root at x = c); not part of the source file
    def residual(x):
        u = x - c
        return jnp.arctan(u) + 0.1 * u + 0.05 * jnp.roll(u, 1)
    return residual


@jax.jit
def f(x0, c):
    residual = _make_residual(c)
    return newton(residual, x0, jax.jacfwd(residual), niter=20, tol=1e-5, nlinesearch=10)
# --- end user code ---


def make_inputs(rng):
    c = rng.uniform(-2.0, 2.0, size=(3,)).astype(np.float32)
    u = rng.random()
    if u < 0.15:
        x0 = c.copy()                                   # already converged: first break
    elif u < 0.5:
        x0 = (c + rng.uniform(-0.5, 0.5, size=(3,))).astype(np.float32)   # near: full steps
    else:
        x0 = (c + rng.choice([-1.0, 1.0], size=(3,)) * rng.uniform(3.0, 12.0, size=(3,))).astype(np.float32)  # far: line search halves
    return (x0, c)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, c):
    fres = _make_residual(c)
    jac = jax.jacfwd(fres)
    niter, tol, nlinesearch = 20, 1e-5, 10

    residual = fres(x0)
    rn = calc_residual_norm(residual)
    # state: it, x, x_best, residual, residual_norm, done
    def outer_cond(s):
        it, x, x_best, residual, rn, done = s
        return jnp.logical_and(it < niter, jnp.logical_not(done))

    def outer_body(s):
        it, x, x_best, residual, rn, done = s
        last = rn
        conv = rn < tol

        def do_step(_):
            x0_ = x
            d = compute_newton_step_direction(jac(x), residual)

            def in_cond(t):
                k, scale, xt, rt, rnt, ok = t
                return jnp.logical_and(k < nlinesearch, jnp.logical_not(ok))

            def in_body(t):
                k, scale, xt, rt, rnt, ok = t
                xt = x0_ + scale * d
                rt = fres(xt)
                rnt = calc_residual_norm(rt)
                ok = rnt < last
                scale = jnp.where(ok, scale, scale / 2)
                return k + 1, scale, xt, rt, rnt, ok

            _, _, xt, rt, rnt, ok = jax.lax.while_loop(
                in_cond, in_body, (0, jnp.float32(1.0), x, residual, rn, False))
            new_best = jnp.where(ok, xt, x_best)
            return xt, new_best, rt, rnt, jnp.logical_not(ok)

        def skip(_):
            return x, x_best, residual, rn, True

        x, x_best, residual, rn, stop = jax.lax.cond(conv, skip, do_step, None)
        return it + 1, x, x_best, residual, rn, stop

    out = jax.lax.while_loop(outer_cond, outer_body, (0, x0, x0, residual, rn, False))
    return out[2]
