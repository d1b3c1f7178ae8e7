"""Gauss-Laguerre nodes by damped Newton: a `for` loop with a traced multi-statement `if` (re-damping), a traced convergence `break`, and a traced post-loop `if` that rescales the weights.

source: code-index file id 2400251737, a JAX research module whose docstring reads "Core quadrature implementations with numerical stability improvements" (`laguerre_function_scaled`, `compute_gauss_laguerre_points_scaled`, aliased there as `compute_gauss_laguerre_points_final`). The index did not name the repository; a later stored revision of the same module (same docstring) starts with `laguerre_function_final`.
error: TracerBoolConversionError
category: for-break-multistatement-if-post-loop-if
expect: fix
notes: the two functions verbatim (the unused NumPy/scipy/lru_cache imports and the other quadrature routines of the module are dropped). The module is written in jax.numpy but never jitted there; `f = jax.jit(compute_gauss_laguerre_points_scaled, static_argnums=(0,))` is added, with the number of points static (6) and the Laguerre parameter `alpha` traced. Leaks: `if jnp.any(nodes_new[1:] - nodes_new[:-1] <= 0): damping *= 0.5; nodes_new = ...` inside the loop, `if jnp.max(jnp.abs(nodes_new - nodes)) < tol: nodes = nodes_new; break`, and after the loop `if cond_num > 1e12:` with two statements. `n == 0`/`n == 1`/`range(1, n)` in the helper are static. In float32 the 1e-12 tolerance is never met, so all 100 iterations run; the reference keeps a `done` flag anyway.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.scipy.special import gamma


def laguerre_function_scaled(n, x, alpha=0.0):
    """
    Scaled version of Laguerre functions with additional error control.
    """
    x = jnp.asarray(x)
    x_scaled = jnp.where(x < 1.0, x, x * (1.0 + jnp.log(x))/x)
    
    L0 = jnp.exp(-x_scaled/2)
    if n == 0:
        return L0, -0.5 * L0
    
    L1 = (alpha + 1 - x_scaled) * jnp.exp(-x_scaled/2)
    if n == 1:
        return L1, -(alpha + 3 - x_scaled)/2 * jnp.exp(-x_scaled/2)
    
    L_prev = L0
    L_curr = L1
    
    for k in range(1, n):
        scale = 1.0 / jnp.maximum(1.0, jnp.sqrt(k))
        term1 = (2*k + alpha + 1 - x_scaled) * L_curr * scale
        term2 = (k + alpha) * L_prev * scale
        L_next = (term1 - term2) / (k + 1)
        L_prev = L_curr
        L_curr = L_next
    
    deriv = -0.5 * L_curr - 0.5 * L_prev
    return L_curr, deriv


def compute_gauss_laguerre_points_scaled(n, alpha=0.0, max_iter=100, tol=1e-12):
    """
    Scaled version of Gauss-Laguerre quadrature points computation with stability improvements.
    """
    j = jnp.arange(1, n + 1)
    theta = jnp.pi * (j - 0.25) / (n + 0.5)
    nodes = (n + alpha/2 + 0.75) * jnp.cos(theta)**2
    
    for iter in range(max_iter):
        L_n, dL_n = laguerre_function_scaled(n, nodes, alpha)
        delta = L_n / dL_n
        damping = 1.0 / (1.0 + 0.2 * iter)
        delta = damping * jnp.clip(delta, -0.5, 0.5)
        
        nodes_new = nodes - delta
        nodes_new = jnp.maximum(nodes_new, 0.0)
        
        if jnp.any(nodes_new[1:] - nodes_new[:-1] <= 0):
            damping *= 0.5
            nodes_new = nodes - damping * delta
        
        if jnp.max(jnp.abs(nodes_new - nodes)) < tol:
            nodes = nodes_new
            break
            
        nodes = nodes_new
    
    idx = jnp.argsort(nodes)
    nodes = nodes[idx]
    
    # Add a small epsilon to prevent taking log of zero
    eps = 1e-15
    safe_nodes = jnp.maximum(nodes, eps)
    
    L_n, _ = laguerre_function_scaled(n, nodes, alpha)
    # Add epsilon to ensure abs(L_n) is non-zero before taking log
    safe_L_n = jnp.maximum(jnp.abs(L_n), eps)
    
    log_weights = (
        -0.5 * nodes
        + jnp.log(safe_nodes)
        + jnp.log(gamma(n + alpha + 1))
        - jnp.log(n * gamma(n))
        - 2 * jnp.log(safe_L_n)
    )
    
    max_log = jnp.max(log_weights)
    weights = jnp.exp(log_weights - max_log)
    weights = weights / jnp.sum(weights)
    
    cond_num = jnp.max(weights) / jnp.min(weights)
    if cond_num > 1e12:
        weights = jnp.sqrt(weights)
        weights = weights / jnp.sum(weights)
    
    return nodes, weights


f = jax.jit(compute_gauss_laguerre_points_scaled, static_argnums=(0,))
# --- end user code ---

import functools

import numpy as np


def make_inputs(rng):
    return (6, np.float32(rng.uniform(0.0, 2.0)))


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnums=(0,))
def reference_fix(n, alpha, max_iter=100, tol=1e-12):
    j = jnp.arange(1, n + 1)
    theta = jnp.pi * (j - 0.25) / (n + 0.5)
    nodes = (n + alpha/2 + 0.75) * jnp.cos(theta)**2
    def body(it, c):
        nodes, done = c
        L_n, dL_n = laguerre_function_scaled(n, nodes, alpha)
        delta = L_n / dL_n
        damping = 1.0 / (1.0 + 0.2 * it)
        delta = damping * jnp.clip(delta, -0.5, 0.5)
        nodes_new = nodes - delta
        nodes_new = jnp.maximum(nodes_new, 0.0)
        bad = jnp.any(nodes_new[1:] - nodes_new[:-1] <= 0)
        damping = jnp.where(bad, damping*0.5, damping)
        nodes_new = jnp.where(bad, nodes - damping*delta, nodes_new)
        conv = jnp.max(jnp.abs(nodes_new - nodes)) < tol
        nodes = jnp.where(done, nodes, nodes_new)
        return nodes, done | conv
    nodes, _ = jax.lax.fori_loop(0, max_iter, body, (nodes, jnp.array(False)))
    idx = jnp.argsort(nodes); nodes = nodes[idx]
    eps = 1e-15
    safe_nodes = jnp.maximum(nodes, eps)
    L_n, _ = laguerre_function_scaled(n, nodes, alpha)
    safe_L_n = jnp.maximum(jnp.abs(L_n), eps)
    log_weights = (-0.5*nodes + jnp.log(safe_nodes) + jnp.log(gamma(n+alpha+1)) - jnp.log(n*gamma(n)) - 2*jnp.log(safe_L_n))
    weights = jnp.exp(log_weights - jnp.max(log_weights)); weights = weights/jnp.sum(weights)
    cond_num = jnp.max(weights)/jnp.min(weights)
    w2 = jnp.sqrt(weights); w2 = w2/jnp.sum(w2)
    return nodes, jnp.where(cond_num > 1e12, w2, weights)
