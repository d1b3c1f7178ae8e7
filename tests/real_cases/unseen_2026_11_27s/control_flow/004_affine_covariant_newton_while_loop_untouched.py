"""Already jit-safe: an affine-covariant damped Newton built from nested `lax.while_loop`s, `jnp.where` and `if jac is None`.

source: code-index file id 8863738341 (a JAX nonlinear-solver module, `import jax.numpy as np`, with `newton`, `newton_sparse` and `affine_covariant_newton`, each wrapped in `@partial(jax.jit, static_argnums=...)`); the index does not name the repository. Later stored revisions of the module (ids 9104220165, 8930785516, 8950006592) add `newton_rattle` and `gauss_newton`.
error: none
category: negative-while-loop-where-is-none
expect: untouched
notes: `affine_covariant_newton` is verbatim, with its decorator. Dropped the module-level `jax.config.update("jax_enable_x64", True)` (it would switch the whole judge process to 64-bit) and the sibling functions. Added the residual `_circle_hyperbola` (two equations with four roots, so different starts land on different roots) and the entry point `f = jax.jit(lambda x0: affine_covariant_newton(x0, _circle_hyperbola, None, 100, 1e-5, 1e-4))`; the tolerance 1e-4 replaces the 1e-9 default, which float32 cannot reach. Looks leaky but is not: `if jac is None` tests a static argument, `max_iter`, `min_damping_factor` and `tol` are static, the damping decisions are `np.where` and the loops are `jax.lax.while_loop`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np
from functools import partial

@partial(jax.jit, static_argnums=(1, 2, 3, 4, 5))
def affine_covariant_newton(x, resid, jac=None, max_iter=100, min_damping_factor=1e-5, tol=1e-9):
    
    if jac is None:
        jac = jax.jacfwd(resid)
        
    def loop_inner(carry):
        x, x_guess, damping_factor, contraction_factor, trust_factor, dx_prev, dx_init, error, jac_lu = carry
        x_guess = x + damping_factor * dx_init
        error = jax.scipy.linalg.lu_solve(jac_lu, -resid(x_guess))
        contraction_factor = np.linalg.norm(error) / np.linalg.norm(dx_init)
        trust_factor = np.linalg.norm(dx_init) * damping_factor**2 / (2 * np.linalg.norm(error - (1 - damping_factor) * dx_init))
        damping_factor = np.where(contraction_factor >= 1, np.minimum(trust_factor, damping_factor / 2), damping_factor)
        damping_factor = np.where((contraction_factor < 1) * (trust_factor > 4 * damping_factor) * (trust_factor < 1), trust_factor, damping_factor)
        return x, x_guess, damping_factor, contraction_factor, trust_factor, dx_prev, dx_init, error, jac_lu
        
    def cond_inner(carry):
        x, x_guess, damping_factor, contraction_factor, trust_factor, dx_prev, dx_init, error, jac_lu = carry
        return (damping_factor > min_damping_factor) & (np.linalg.norm(error) > tol) & ((trust_factor > 4 * damping_factor) * (trust_factor < 1) + (contraction_factor >= 1))
        
    def loop_outer(carry):
        x, x_guess, step, damping_factor, contraction_factor, trust_factor, dx_prev, dx_init, error, jac_lu = carry
        x, x_guess, damping_factor, contraction_factor, trust_factor, dx_prev, dx_init, error, jac_lu\
            = jax.lax.while_loop(cond_inner, loop_inner, (x, x_guess, damping_factor, contraction_factor, trust_factor, dx_prev, dx_init, error, jac_lu))
        
        x = x_guess
        jac_lu = jax.scipy.linalg.lu_factor(jac(x))
        dx_prev = dx_init
        dx_init = jax.scipy.linalg.lu_solve(jac_lu, -resid(x))
        damping_factor = np.minimum(1, damping_factor * np.linalg.norm(dx_prev) * np.linalg.norm(error) / (np.linalg.norm((error - dx_init)) * np.linalg.norm(dx_init)))
        contraction_factor = 1.
        
        return x, x + damping_factor * dx_init, step + 1, damping_factor, contraction_factor, trust_factor, dx_prev, dx_init, error, jac_lu
        
    def cond_outer(carry):
        x, x_guess, step, damping_factor, contraction_factor, trust_factor, dx_prev, dx_init, error, jac_lu = carry
        err = np.linalg.norm(dx_init)
        return (step < max_iter) & (err > tol)
    
    jac_lu = jac_lu = jax.scipy.linalg.lu_factor(jac(x))
    dx_init = jax.scipy.linalg.lu_solve(jac_lu, -resid(x))
    init = (x, x, 0, 1., 1., 0., dx_init, dx_init, dx_init, jac_lu)
    x, x_guess, step, damping_factor, contraction_factor, trust_factor, dx_prev, dx_init, error, jac_lu = jax.lax.while_loop(cond_outer, loop_outer, init)
    
    return x, np.linalg.norm(dx_init) < tol


def _circle_hyperbola(x):
    return np.array([x[0] ** 2 + x[1] ** 2 - 4.0, x[0] * x[1] - 1.0])


f = jax.jit(lambda x0: affine_covariant_newton(x0, _circle_hyperbola, None, 100, 1e-5, 1e-4))
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    # starts in the four quadrants, away from the singular lines x0 = +-x1
    sx, sy = rng.choice([-1.0, 1.0], size=2)
    a = rng.uniform(1.2, 3.0)
    b = rng.uniform(0.1, 0.6)
    if rng.random() < 0.5:
        a, b = b, a
    return (onp.array([sx * a, sy * b], onp.float32),)


INPUTS = make_inputs
