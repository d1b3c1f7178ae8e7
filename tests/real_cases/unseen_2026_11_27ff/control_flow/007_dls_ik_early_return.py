"""Damped-least-squares inverse kinematics: `for iteration in range(max_iter): if norm(error) < tol: return q, iteration, True`.

source: public robotics interview-problems markdown in the code index (code-index file id 40357875896, section "DLS IK with JAX (Automatic Differentiation) - OPTIONAL": `forward_kinematics_jax`, `dls_ik_jax`); the index does not name its repository
error: TracerBoolConversionError
category: for-early-return-convergence
expect: fix
notes: both functions copied verbatim from the markdown's python block. Added only the entry point `f = jax.jit(functools.partial(dls_ik_jax, tol=1e-3))`: the document's own default tol=1e-6 sits at the float32 rounding floor of the end-effector position, so the iteration count at which it converges would not be reproducible between an eager and a compiled run; with tol=1e-3 the crossing step is well determined. The function has two exits with different flags (True at the converging iteration, False with the last loop index 99); inputs mix reachable targets near the start pose (converge after 0..~60 iterations) and unreachable targets outside the 2-link workspace (never converge).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp
from jax import jacfwd

def forward_kinematics_jax(q, link_lengths):
    """JAX-compatible forward kinematics"""
    x, y = 0.0, 0.0
    angle = 0.0
    for i in range(len(q)):
        angle = angle + q[i]
        x = x + link_lengths[i] * jnp.cos(angle)
        y = y + link_lengths[i] * jnp.sin(angle)
    return jnp.array([x, y])

def dls_ik_jax(target_pos, initial_q, link_lengths, 
                max_iter=100, tol=1e-6, damping=0.1, alpha=0.1):
    """
    DLS IK using JAX automatic differentiation
    JAX is OPTIONAL - provides automatic Jacobian computation
    """
    target_pos = jnp.array(target_pos)
    q = jnp.array(initial_q, dtype=jnp.float32)
    link_lengths = jnp.array(link_lengths)
    
    # Compute Jacobian using automatic differentiation
    jacobian_fn = jacfwd(forward_kinematics_jax, argnums=0)
    
    for iteration in range(max_iter):
        # Current position
        current_pos = forward_kinematics_jax(q, link_lengths)
        
        # Position error
        error = target_pos - current_pos
        
        # Check convergence
        if jnp.linalg.norm(error) < tol:
            return q, iteration, True
        
        # Compute Jacobian
        J = jacobian_fn(q, link_lengths)
        
        # DLS solution
        JJT = J @ J.T
        damping_matrix = damping**2 * jnp.eye(JJT.shape[0])
        inv_term = jnp.linalg.inv(JJT + damping_matrix)
        delta_q = J.T @ inv_term @ error
        
        # Update
        q = q + alpha * delta_q
    
    return q, iteration, False


f = jax.jit(functools.partial(dls_ik_jax, tol=1e-3))
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    q0 = rng.uniform(0.3, 1.2, size=2).astype(np.float32)
    links = np.array([1.0, 1.0], dtype=np.float32)
    kind = rng.integers(0, 3)
    if kind == 2:
        # unreachable: outside the workspace radius 2
        ang = rng.uniform(0, 2 * np.pi)
        target = (2.6 * np.array([np.cos(ang), np.sin(ang)])).astype(np.float32)
    else:
        a1 = q0[0]
        a2 = q0[0] + q0[1]
        p = np.array([np.cos(a1) + np.cos(a2), np.sin(a1) + np.sin(a2)])
        scale = 0.0 if kind == 0 else 0.3
        target = (p + rng.uniform(-scale, scale, size=2)).astype(np.float32)
    return (target, q0, links)


INPUTS = make_inputs


@jax.jit
def reference_fix(target_pos, initial_q, link_lengths):
    max_iter, tol, damping, alpha = 100, 1e-3, 0.1, 0.1
    target_pos = jnp.asarray(target_pos)
    q = jnp.asarray(initial_q, dtype=jnp.float32)
    jacobian_fn = jacfwd(forward_kinematics_jax, argnums=0)

    def err(q):
        return target_pos - forward_kinematics_jax(q, link_lengths)

    def cond(c):
        it, q, done = c
        return (it < max_iter) & ~done

    def body(c):
        it, q, done = c
        e = err(q)
        conv = jnp.linalg.norm(e) < tol
        J = jacobian_fn(q, link_lengths)
        inv_term = jnp.linalg.inv(J @ J.T + damping ** 2 * jnp.eye(2))
        q_new = q + alpha * (J.T @ inv_term @ e)
        return (jnp.where(conv, it, it + 1), jnp.where(conv, q, q_new), conv)

    it, q, done = lax.while_loop(cond, body, (0, q, False))
    return q, jnp.where(done, it, max_iter - 1), done
