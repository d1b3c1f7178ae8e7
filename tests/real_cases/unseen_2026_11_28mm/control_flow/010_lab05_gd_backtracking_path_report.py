"""Course lab: gradient descent with a backtracking while-loop and an early break that sets the path length.

source: public code index file id 15221551174, an Italian course script "Script per generare le immagini
    del Lab05: Gradient Descent, SGD, SVR e SVM" (functions rastrigin, ackley, quadratic,
    gradient_descent, gradient_descent_backtracking; writes img/lab05_*.png); the index does not name
    the repository or commit
error: TracerBoolConversionError
category: dynamic-length-output
expect: report
notes: the benchmark functions and both optimisers are verbatim; the plotting, SGD, SVR and SVM parts
    of the script are dropped. The script calls gradient_descent_backtracking(rastrigin,
    grad_rastrigin, x0, max_iter=100) eagerly and plots the returned path; the entry point jits that
    call with x0 traced: f = jax.jit(functools.partial(gradient_descent_backtracking, rastrigin,
    grad_rastrigin, max_iter=100)). The backtracking `while` could become a lax.while_loop, but the
    function returns `path`, a Python list whose length is the number of iterations before the
    data-dependent `break` on the gradient norm, so no jitted rewrite can return the same structure:
    report, not fix.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp


@jax.jit
def rastrigin(x):
    """Funzione di Rastrigin (multi-modale)"""
    return 10 * x.size + jnp.sum(x**2 - 10 * jnp.cos(2 * jnp.pi * x)) + 1e-10

@jax.jit
def ackley(x):
    """Funzione di Ackley (non convessa)"""
    a = 20
    b = 0.2
    c = 2 * jnp.pi
    sum1 = jnp.sum(x**2)
    sum2 = jnp.sum(jnp.cos(c * x))
    return (
        -a * jnp.exp(-b * jnp.sqrt(sum1 / x.size))
        - jnp.exp(sum2 / x.size)
        + a
        + jnp.exp(1)
    )

quadratic_A = jnp.array([[3.0, 0.5], [0.5, 1.0]])
quadratic_b = jnp.array([-1.0, 2.0])
quadratic_c = jnp.dot(quadratic_b, jnp.linalg.solve(quadratic_A, quadratic_b)) / 2

@jax.jit
def quadratic(x):
    """Funzione quadratica (convessa)"""
    return (
        0.5 * jnp.dot(x.T, jnp.dot(quadratic_A, x))
        + jnp.dot(quadratic_b, x)
        + quadratic_c
    )

# ============================================================================
# ALGORITMI DI OTTIMIZZAZIONE
# ============================================================================

def gradient_descent(grad_func, x0, lr=0.01, tol=1e-6, max_iter=1000):
    """Gradient Descent con passo fisso"""
    x = jnp.copy(x0)
    path = [x]
    
    for _ in range(max_iter):
        g = grad_func(x)
        x = x - lr * g
        path.append(x)
        
        if jnp.linalg.norm(g) < tol:
            break
    
    return x, path

def gradient_descent_backtracking(func, grad_func, x0, alpha=0.3, beta=0.8, tol=1e-6, max_iter=100):
    """Gradient Descent con backtracking"""
    x = jnp.copy(x0)
    path = [x]
    
    for _ in range(max_iter):
        g = grad_func(x)
        
        # Backtracking line search
        t = 1.0
        fx = func(x)
        grad_norm_sq = jnp.dot(g, g)
        
        while func(x - t * g) > fx - alpha * t * grad_norm_sq:
            t = beta * t
        
        x = x - t * g
        path.append(x)
        
        if jnp.linalg.norm(g) < tol:
            break
    
    return x, path


grad_rastrigin = jax.jit(jax.grad(rastrigin))
f = jax.jit(functools.partial(gradient_descent_backtracking, rastrigin, grad_rastrigin, max_iter=100))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.uniform(-4.5, 4.5, size=(2,)).astype(np.float32),)


INPUTS = make_inputs
