"""Implicit-midpoint step on a barrier manifold: Newton with a traced convergence break and a domain-check backtracking loop.

source: public JAX research script in the code index ("Universal Newton Solver with Custom Domain Check": phi_linear_cone / in_domain_linear_cone, solve_implicit, step_primal_midpoint, Yoshida compositions and an RK4 ground truth; code-index file id 66456857943; the index does not name its repository or commit)
error: TracerBoolConversionError
category: while-newton-linesearch-break
expect: fix
notes: phi_linear_cone, in_domain_linear_cone, in_domain, phi, grad_phi, hess_phi, solve_implicit and step_primal_midpoint are verbatim. Dropped: the module-level `jax.config.update("jax_enable_x64", True)` (it would switch the whole judge process to float64; in float32 the 1e-12 tolerance is rarely met, so the Newton loop usually runs its 30 iterations), the exponential-cone variant, d3_phi / local_norm, the other integrators, the RK4 reference and the __main__ comparison. Added the entry point `f = jax.jit(step_primal_midpoint)`. Three leaks: `if jnp.linalg.norm(R) < tol: break`, `if domain_check_fn(x_next): break` and the Python `and` chain in in_domain_linear_cone.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def phi_linear_cone(x_vec):
    x, y, z = x_vec[0], x_vec[1], x_vec[2]
    return -jnp.log(x) - jnp.log(y) - jnp.log(z)

def in_domain_linear_cone(x_vec):
    x, y, z = x_vec[0], x_vec[1], x_vec[2]
    return (x > 0) and (y > 0) and  (z > 0)

def initial_linear_cone():
    return jnp.array([3.0, 1.0, 2])

def in_domain(x):
    return in_domain_linear_cone(x)

def phi(x):
    return phi_linear_cone(x)

def initial_point():
    return initial_linear_cone()

grad_phi = jax.jit(jax.grad(phi))
hess_phi = jax.jit(jax.hessian(phi))


# =====================================================================
# 2. Universal Newton Solver with Custom Domain Check
# =====================================================================
def solve_implicit(residual_fn, jacobian_fn, x_guess, domain_check_fn, tol=1e-12, max_iter=30):
    x_k = jnp.array(x_guess)
    for i in range(max_iter):
        R = residual_fn(x_k)
        if jnp.linalg.norm(R) < tol:
            break
            
        J = jacobian_fn(x_k)
        dx = jnp.linalg.solve(J, -R)
        
        # Backtracking line search
        alpha = 1.0
        for _ in range(20):
            x_next = x_k + alpha * dx
            if domain_check_fn(x_next):
                break
            alpha *= 0.5
            
        x_k = x_k + alpha * dx
    return x_k

# =====================================================================
# 3. Integrator 1: Primal Midpoint (Your Original)
# =====================================================================
def step_primal_midpoint(x0, v0, h):
    x_half = x0 + (h / 2.0) * v0
    lam_0 = grad_phi(x0)
    lam_half = grad_phi(x_half)
    lam_1 = 2.0 * lam_half - lam_0
    
    @jax.jit
    def res(x): return grad_phi(x) - lam_1
    @jax.jit
    def jac(x): return hess_phi(x)
    
    x1 = solve_implicit(res, jac, x0 + h * v0, domain_check_fn=in_domain)
    v1 = (x1 - x0) / h
    return x1, v1


f = jax.jit(step_primal_midpoint)
# --- end user code ---

from jax import lax


def make_inputs(rng):
    x0 = rng.uniform(0.5, 3.0, size=3)
    h = float(rng.choice([0.05, 0.1, 0.25]))
    v0 = rng.normal(size=3) * 0.6
    # keep x_half and the first guess inside the cone, and the midpoint target solvable
    v0 = np.maximum(v0, -0.6 * x0 / h)
    if rng.uniform() < 0.4:
        # a large outward first guess: the full Newton step leaves the cone and is halved
        k = rng.integers(3)
        v0[k] = 1.6 * x0[k] / h
    return (x0.astype(np.float32), v0.astype(np.float32), np.float32(h))


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, v0, h):
    x_half = x0 + (h / 2.0) * v0
    lam_1 = 2.0 * grad_phi(x_half) - grad_phi(x0)
    res = lambda x: grad_phi(x) - lam_1
    dom = lambda x: (x[0] > 0) & (x[1] > 0) & (x[2] > 0)
    tol, max_iter = 1e-12, 30

    def outer_cond(s):
        i, x, done = s
        return (i < max_iter) & ~done

    def outer_body(s):
        i, x, _ = s
        R = res(x)
        conv = jnp.linalg.norm(R) < tol
        dx = jnp.linalg.solve(hess_phi(x), -R)

        def ls_cond(t):
            j, alpha, found = t
            return (j < 20) & ~found

        def ls_body(t):
            j, alpha, _ = t
            ok = dom(x + alpha * dx)
            return j + 1, jnp.where(ok, alpha, alpha * 0.5), ok

        _, alpha, _ = lax.while_loop(ls_cond, ls_body, (0, jnp.asarray(1.0, x.dtype), jnp.array(False)))
        x_new = jnp.where(conv, x, x + alpha * dx)
        return i + 1, x_new, conv

    _, x1, _ = lax.while_loop(outer_cond, outer_body, (0, x0 + h * v0, jnp.array(False)))
    return x1, (x1 - x0) / h
