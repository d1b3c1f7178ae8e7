"""Matrix-free 1D bar FEM: Newton loop with a traced-residual `break`, jitted.

source: public JAX script in the code index, "Matrix-free action of the stiffness operator K on u. 1D linear bar" (code-index file id 21225944195: apply_K, residual, Jv, newton_cg with jax.scipy.sparse.linalg.cg; the index does not name the repository or commit)
error: TracerBoolConversionError
category: for-break-on-traced-convergence
expect: fix
notes: apply_K / residual / Jv / newton_cg are verbatim. The script's example run (ne=1000, E=210e9,
  tip load, matplotlib plot) is dropped; `f = jax.jit(newton_cg, static_argnums=(0,))` is added as the
  entry point (num_elems stays static because jnp.arange(1, num_nodes) needs it). Under jit the
  `if jnp.linalg.norm(Rf) < tol: break` after each CG solve needs a concrete residual. Inputs use a
  soft bar and small loads so that some trials converge (break at the second Newton step) and
  others run all max_newton steps.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.scipy.sparse.linalg import cg


def apply_K(u, num_elems, L, E, A=1.0):
    """
    Matrix-free action of the stiffness operator K on u.
    1D linear bar, area A, Young's modulus E, length L, ne elements.
    """
    he = L / num_elems
    R = jnp.zeros_like(u)

    def body(e, R):
        i, j = e, e + 1
        q = (E * A / he) * (u[j] - u[i])
        R = R.at[i].add(-q)
        R = R.at[j].add( q)
        return R

    return jax.lax.fori_loop(0, num_elems, body, R)

def residual(u, num_elems, L, E, A, f):
    """ R(u) = K(u) - f """
    return apply_K(u, num_elems, L, E, A) - f

def Jv(u, v, num_elems, L, E, A, f):
    """
    Jacobian–vector product J(u)·v.
    For linear elasticity this is just apply_K(v).
    """
    return jax.jvp(lambda uu: residual(uu, num_elems, L, E, A, f), (u,), (v,))[1]

def newton_cg(num_elems, L, E, A, f, max_newton=10, tol=1e-8):
    """
    Solve K(u)=f with Dirichlet u[0]=0 via Newton iterations,
    using built-in CG for each linear solve.
    """
    num_nodes = num_elems + 1
    free = jnp.arange(1, num_nodes)
    u = jnp.zeros(num_nodes)

    for _ in range(max_newton):
        R = residual(u, num_elems, L, E, A, f)
        Rf = R[free]

        def apply_Jf(vf):
            v_full = jnp.zeros_like(u).at[free].set(vf)
            return Jv(u, v_full, num_elems, L, E, A, f)[free]

        # built-in CG: solve J·delta = -Rf
        delta_f, info = cg(apply_Jf, -Rf, tol=tol, maxiter=500)
        u = u.at[free].add(delta_f)

        if jnp.linalg.norm(Rf) < tol:
            break

    return u


f = jax.jit(newton_cg, static_argnums=(0,))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    ne = 6
    L = np.float32(rng.uniform(0.5, 2.0))
    E = np.float32(rng.uniform(0.5, 2.0))
    A = np.float32(rng.uniform(0.5, 1.5))
    loads = np.zeros(ne + 1, dtype=np.float32)
    # tiny loads converge after one Newton step (break), larger ones never reach tol in float32
    scale = 1e-6 if rng.uniform() < 0.5 else 1.0
    loads[-1] = np.float32(scale * rng.uniform(0.5, 2.0))
    loads[1:-1] = np.float32(scale) * rng.normal(size=ne - 1).astype(np.float32) * 0.1
    return (ne, L, E, A, loads)


INPUTS = make_inputs


def _reference(num_elems, L, E, A, f, max_newton=10, tol=1e-8):
    num_nodes = num_elems + 1
    free = jnp.arange(1, num_nodes)
    u0 = jnp.zeros(num_nodes)

    def cond_fn(carry):
        it, u, done = carry
        return jnp.logical_and(it < max_newton, jnp.logical_not(done))

    def body_fn(carry):
        it, u, done = carry
        R = residual(u, num_elems, L, E, A, f)
        Rf = R[free]

        def apply_Jf(vf):
            v_full = jnp.zeros_like(u).at[free].set(vf)
            return Jv(u, v_full, num_elems, L, E, A, f)[free]

        delta_f, info = cg(apply_Jf, -Rf, tol=tol, maxiter=500)
        u = u.at[free].add(delta_f)
        return it + 1, u, jnp.linalg.norm(Rf) < tol

    _, u, _ = jax.lax.while_loop(cond_fn, body_fn, (0, u0, jnp.array(False)))
    return u


reference_fix = jax.jit(_reference, static_argnums=(0,))
