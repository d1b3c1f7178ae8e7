"""Already jit-safe: a Nelder-Mead solver whose reflect/expand/contract/shrink branches are nested `lax.cond`s in a `lax.while_loop`.

source: code-index file id 6193116861 (a JAX module `import jax.numpy as jnp; from jax import vmap, lax, jit` with `_vmap_eval`, `solver(initial_guess, f, max_iter=1000, tol=1e-6, reflection_factor=1.0, expansion_factor=2.0, contraction_factor=0.5, shrink_factor=0.5, has_aux=False)` and `solver = jit(solver, static_argnames=('f',))`, plus a `quad` demo under `if __name__ == "__main__" and __debug__:`); the index does not name the repository.
error: none
category: negative-lax-cond-tree-static-shape
expect: untouched
notes: `_vmap_eval`, `solver` and the `solver = jit(solver, static_argnames=('f',))` line are verbatim; the `__main__` demo is dropped. Added the objective `_objective` (a shifted quadratic plus a quartic term) and the entry point `f = jax.jit(lambda x0: solver(x0, _objective, max_iter=30, tol=1e-6))`; 30 iterations stop short of convergence (with more, the float32 spread test can trip one iteration apart in eager and compiled runs), so the result depends on the start. Looks leaky (`n = initial_guess.shape[0]`, a Python `def` per branch, comparisons of function values) but every data-dependent decision is a `lax.cond` or `jnp.logical_and`, the shape is static and the loop is `lax.while_loop`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import vmap, lax, jit
 
def _vmap_eval(f: callable, pts: jnp.ndarray) -> jnp.ndarray:
    """f should accept (n,) and return a scalar jnp.array()"""
    return vmap(f)(pts)

def solver(
    initial_guess: jnp.ndarray,
    f: callable,
    max_iter: int = 1000,
    tol: float = 1e-6,
    reflection_factor: float = 1.0,
    expansion_factor: float = 2.0,
    contraction_factor: float = 0.5,
    shrink_factor: float = 0.5, has_aux: bool = False) -> tuple[jnp.ndarray, jnp.ndarray]:
    """f must be JAX-traceable and return a scalar jnp.ndarray."""
    n = initial_guess.shape[0]

    scale = 0.05 * jnp.maximum(jnp.abs(initial_guess), 1.0)
    perturb = initial_guess[None, :] + (scale[:, None] * jnp.eye(n))
    simplex = jnp.vstack([initial_guess[None, :], perturb])

    fvals = _vmap_eval(f, simplex)
    state = (simplex, fvals, jnp.array(0), jnp.array(False))

    def cond_fun(state):
        _, _, it, done = state
        not_done = jnp.logical_not(done)
        return jnp.logical_and(it < max_iter, not_done)

    def body_fun(state):
        simplex, fvals, it, is_converged = state

        order = jnp.argsort(fvals)
        simplex = simplex[order]
        fvals = fvals[order]

        best = simplex[0]
        f_best = fvals[0]
        f_second = fvals[-2]
        worst = simplex[-1]
        f_worst = fvals[-1]

        spread = jnp.max(fvals) - jnp.min(fvals)
        is_converged = spread <= tol

        def after_converged(_):
            return simplex, fvals, it + 1, jnp.array(True)

        def not_converged(_):
            centroid_noworst = jnp.mean(simplex[:-1], axis=0)
            reflection = centroid_noworst + reflection_factor * (centroid_noworst - worst)
            f_reflection = f(reflection)

            def accept_reflection(_):
                """reflection is between best and second-best"""
                new_simplex = simplex.at[-1].set(reflection)
                new_fvals = fvals.at[-1].set(f_reflection)
                return new_simplex, new_fvals

            def try_expansion(_):
                """reflection better than best"""
                expansion = centroid_noworst + expansion_factor * (reflection - centroid_noworst)
                f_expansion = f(expansion)
                def choose_exp(_):
                    new_simplex = simplex.at[-1].set(expansion)
                    new_fvals = fvals.at[-1].set(f_expansion)
                    return new_simplex, new_fvals
                def choose_ref(_):
                    new_simplex = simplex.at[-1].set(reflection)
                    new_fvals = fvals.at[-1].set(f_reflection)
                    return new_simplex, new_fvals
                take_exp = f_expansion < f_reflection
                return lax.cond(take_exp, choose_exp, choose_ref, operand=None)

            def outside_contraction(_):
                """reflection is better than worst but not better than second"""
                contraction = centroid_noworst + contraction_factor * (reflection - centroid_noworst)
                f_contraction = f(contraction)
                def accept_contract(_):
                    new_simplex = simplex.at[-1].set(contraction)
                    new_fvals = fvals.at[-1].set(f_contraction)
                    return new_simplex, new_fvals
                def shrink_around_best(_):
                    shrunk = best + shrink_factor * (simplex - best)
                    new_fvals = _vmap_eval(f, shrunk)
                    return shrunk, new_fvals
                accept = f_contraction <= f_reflection
                return lax.cond(accept, accept_contract, shrink_around_best, operand=None)

            def inside_contraction(_):
                """reflection >= worst"""
                contraction = centroid_noworst + contraction_factor * (worst - centroid_noworst)
                f_contraction = f(contraction)
                def accept_contract(_):
                    new_simplex = simplex.at[-1].set(contraction)
                    new_fvals = fvals.at[-1].set(f_contraction)
                    return new_simplex, new_fvals
                def do_shrink(_):
                    shrunk = best + shrink_factor * (simplex - best)
                    new_fvals = _vmap_eval(f, shrunk)
                    return shrunk, new_fvals
                accept = f_contraction < f_worst
                return lax.cond(accept, accept_contract, do_shrink, operand=None)

            b1 = jnp.logical_and(f_reflection >= f_best, f_reflection < f_second)
            b2 = f_reflection < f_best
            b3a = jnp.logical_and(f_reflection >= f_second, f_reflection < f_worst)

            def branch1(_): return accept_reflection(None)
            def branch2(_): return try_expansion(None)
            def branch3a(_): return outside_contraction(None)
            def branch3b(_): return inside_contraction(None)

            def arb_choice(_):
                res = lax.cond(b1, branch1,
                        lambda _: lax.cond(b2, branch2,
                            lambda _: lax.cond(b3a, branch3a, branch3b, operand=None),
                        operand=None),
                    operand=None)
                return res

            new_simplex, new_fvals = arb_choice(None)
            return new_simplex, new_fvals, it + 1, jnp.array(False)

        return lax.cond(is_converged, after_converged, not_converged, operand=None)

    simplex, fvals, num_iteration, is_converged = lax.while_loop(cond_fun, body_fun, state)
    order = jnp.argsort(fvals)
    simplex = simplex[order]
    fvals = fvals[order]
    return simplex[0], fvals[0], is_converged, num_iteration

solver = jit(solver, static_argnames=('f',))


def _objective(x):
    return jnp.sum((x - 1.0) ** 2) + 0.5 * jnp.sum(x ** 4)


import jax
f = jax.jit(lambda x0: solver(x0, _objective, max_iter=30, tol=1e-6))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(-4.0, 4.0, size=3).astype(np.float32),)


INPUTS = make_inputs
