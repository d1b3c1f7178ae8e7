"""Jitted pseudo-arclength Newton corrector: convergence test inside lax.while_loop, static tol/max_iter: untouched.

source: Ziaeemehr/JaxCont src/jaxcont/core/pseudo_arclength.py at 4271b525f610f016bb9df86e86dc16242623a857 (_correct_jit, `@partial(jit, static_argnums=(0, 8, 9))`); the rhs closure is PseudoArclengthContinuation._get_rhs_fn from the same file, over cubic_rhs from examples/example_06_natural_continuation.py at 032659e1ebd689d708cbf7b3e3d5a302a1cf41d9
error: none
category: negative
expect: untouched
notes: _correct_jit verbatim. The residual function it takes as static argument 0 is the `f(u, p)` closure that
  _get_rhs_fn builds (base params copied, continuation parameter set to `p`), written at module level over the
  example's pitchfork rhs `r x - x^3`. f = _correct_jit (already jitted). Looks like a leak
  (`converged_new = residual_new < tol`, `iteration < max_iter`, `res0 < tol`) but every comparison is
  consumed by lax.while_loop or carried as data; tol and max_iter are static. Inputs: a point on the upper
  branch x = sqrt(r), its unit tangent, an arclength step, tol = 1e-4, max_iter = 20 (Python scalars).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial
from typing import Callable, Tuple

import jax.numpy as jnp
from jax import Array, jacfwd, jit, lax


@partial(jit, static_argnums=(0, 8, 9))
def _correct_jit(
    f: Callable[[Array, Array], Array],
    u_pred: Array,
    p_pred: Array,
    u_prev: Array,
    p_prev: Array,
    du0: Array,
    dp0: Array,
    ds: Array,
    tol: float,
    max_iter: int,
) -> Tuple[Array, Array, Array, Array]:
    """
    JIT-compiled pseudo-arclength corrector.

    Solves the full bordered Newton system at each iteration:

        [ df/du    df/dp ] [ Delta_u ]   [ -f(u, p) ]
        [ du0^T    dp0    ] [ Delta_p ] = [ -g(u, p) ]

    Solving the *full* (n+1)x(n+1) bordered system (rather than eliminating
    through df/du) keeps the solve well-posed at fold points, where df/du
    itself is singular. ``df/dp`` is obtained by autodiff, not finite
    differences. The Newton loop is a ``lax.while_loop`` so the whole
    corrector compiles to a single dispatched kernel.

    Args:
        f: Pure RHS f(u, p) -> residual, closed over the fixed parameters.
        u_pred, p_pred: Predicted state / parameter (Newton initial guess).
        u_prev, p_prev: Previous accepted point (anchors the arclength plane).
        du0, dp0: Tangent components [du0, dp0].
        ds: Arclength step.
        tol: Convergence tolerance on the combined residual norm.
        max_iter: Maximum Newton iterations.

    Returns:
        (u, p, converged, n_iter) with u/p JAX arrays and converged a bool array.
    """

    def residual(u, p):
        f_val = f(u, p)
        g_val = jnp.dot(u - u_prev, du0) + (p - p_prev) * dp0 - ds
        return f_val, g_val

    def res_norm(f_val, g_val):
        return jnp.sqrt(jnp.sum(f_val ** 2) + g_val ** 2)

    def cond_fun(carry):
        _, _, iteration, converged, _ = carry
        return jnp.logical_and(jnp.logical_not(converged), iteration < max_iter)

    def newton_step(carry):
        u, p, iteration, _, _ = carry

        f_val, g_val = residual(u, p)

        # Jacobian blocks via autodiff.
        jac_u = jacfwd(f, argnums=0)(u, p)      # (n, n)
        df_dp = jacfwd(f, argnums=1)(u, p)      # (n,)

        # Assemble and solve the full bordered system.
        top = jnp.concatenate([jac_u, df_dp[:, None]], axis=1)          # (n, n+1)
        bottom = jnp.concatenate([du0, jnp.reshape(dp0, (1,))])[None, :]  # (1, n+1)
        bordered = jnp.concatenate([top, bottom], axis=0)               # (n+1, n+1)
        rhs = -jnp.concatenate([f_val, jnp.reshape(g_val, (1,))])       # (n+1,)

        delta = jnp.linalg.solve(bordered, rhs)
        delta_u = delta[:-1]
        delta_p = delta[-1]

        u_new = u + delta_u
        p_new = p + delta_p

        f_new, g_new = residual(u_new, p_new)
        residual_new = res_norm(f_new, g_new)
        converged_new = residual_new < tol

        return u_new, p_new, iteration + 1, converged_new, residual_new

    f0, g0 = residual(u_pred, p_pred)
    res0 = res_norm(f0, g0)
    init = (u_pred, p_pred, 0, res0 < tol, res0)

    u_f, p_f, iter_f, conv_f, _ = lax.while_loop(cond_fun, newton_step, init)
    return u_f, p_f, conv_f, iter_f


def cubic_rhs(state, params):
    r = params["r"]
    return jnp.array([r * state[0] - state[0] ** 3])


base_params = {"r": 0.5}
cont_param = "r"
rhs = cubic_rhs


def rhs_fn(u: Array, p: Array) -> Array:
    params = dict(base_params)
    params[cont_param] = p
    return rhs(u, params)


f = _correct_jit
# --- end user code ---

import numpy as np


def make_inputs(rng):
    p_prev = rng.uniform(0.5, 2.0)
    u_prev = np.sqrt(p_prev)
    t = np.array([1.0 / (2.0 * np.sqrt(p_prev)), 1.0])
    t /= np.linalg.norm(t)
    ds = rng.uniform(0.05, 0.2)
    u_pred = u_prev + ds * t[0]
    p_pred = p_prev + ds * t[1]
    f32 = np.float32
    return (rhs_fn, np.array([u_pred], f32), f32(p_pred), np.array([u_prev], f32), f32(p_prev),
            np.array([t[0]], f32), f32(t[1]), f32(ds), 1e-4, 20)


INPUTS = make_inputs
