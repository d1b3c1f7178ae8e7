"""unified_opt's ConjugateGradient.solve: a `for` loop with a traced convergence `break` and float() of the residual.

source: ishan-pat/Unified_Optimization_and_SciML unified_opt/optimizers/cg.py at 2fb5a0bd45b2c4e5f14460f9783cfc3b734c9c3a (ConjugateGradient.solve; code-index file id 18879736855); MatrixFreeOperator from unified_opt/core/linear_solver.py at f07eb0a11477090ab65658cd375009127e50c4a4
error: TracerBoolConversionError
category: for-break-convergence
expect: fix
notes: ConjugateGradient (solve and _step) verbatim. The package imports are replaced by small stand-ins:
  MatrixFreeOperator is copied from unified_opt/core/linear_solver.py; LinearSolver (a typing Protocol there),
  BaseOptimizer (unified_opt/optimizers/base.py, whose __init__ only stores geometry/stopping_rule) and
  Objective are reduced to empty classes. Entry point added: a jitted `f(A, b)` that runs a 4-iteration CG
  (tol 1e-3) on the matrix-free operator `v -> A @ v`. Under jit `if jnp.sqrt(rsnew) < self.tol` raises; a fix
  needs lax.while_loop (or a masked fori_loop) carrying the iteration count, the converged flag and the residual
  norm, and must drop the float() conversions. Inputs: half of the trials use A = c*I + u u^T (CG converges in
  two iterations, the `break` path), the rest a spread-spectrum SPD matrix (no convergence in 4 iterations).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Any, Dict, Callable

import jax
import jax.numpy as jnp


class MatrixFreeOperator:
    """
    A matrix-free linear operator A: R^n -> R^n.
    
    Instead of storing a matrix, we only need a function that computes A @ x.
    This enables efficient handling of large-scale problems.
    """
    
    def __init__(self, apply: Callable[[jnp.ndarray], jnp.ndarray]):
        """
        Initialize a matrix-free operator.
        
        Args:
            apply: A function that computes A @ x for any vector x
        """
        self.apply = apply
    
    def __call__(self, x: jnp.ndarray) -> jnp.ndarray:
        """Apply the operator to x."""
        return self.apply(x)


class LinearSolver:
    """Stand-in for unified_opt.core.linear_solver.LinearSolver (a typing Protocol)."""


class Objective:
    """Stand-in for unified_opt.core.objective.Objective."""


class BaseOptimizer:
    """Stand-in for unified_opt.optimizers.base.BaseOptimizer."""

    def __init__(self, geometry=None, stopping_rule=None):
        self.geometry = geometry
        self.stopping_rule = stopping_rule


class ConjugateGradient(LinearSolver, BaseOptimizer):
    """
    Conjugate Gradient method.
    
    Can be used as:
    1. A linear solver for A @ x = b (positive definite systems)
    2. An optimizer for quadratic objectives
    """
    
    def __init__(
        self,
        max_iterations: int = 1000,
        tol: float = 1e-6,
        **kwargs
    ):
        """
        Initialize CG solver/optimizer.
        
        Args:
            max_iterations: Maximum CG iterations
            tol: Convergence tolerance for residual norm
            **kwargs: Additional arguments passed to BaseOptimizer
        """
        super().__init__(**kwargs)
        self.max_iterations = max_iterations
        self.tol = tol
    
    def solve(
        self,
        operator: MatrixFreeOperator | Callable[[jnp.ndarray], jnp.ndarray],
        b: jnp.ndarray,
        x0: jnp.ndarray | None = None,
        **kwargs: Any
    ) -> tuple[jnp.ndarray, Dict[str, Any]]:
        """
        Solve A @ x = b using CG.
        
        Args:
            operator: Matrix-free operator or callable
            b: Right-hand side
            x0: Initial guess (default: zeros)
            **kwargs: Additional options
            
        Returns:
            Tuple of (solution, info_dict)
        """
        # Convert operator to callable if needed
        if isinstance(operator, MatrixFreeOperator):
            A = operator.apply
        else:
            A = operator
        
        # Initialize
        if x0 is None:
            x = jnp.zeros_like(b)
        else:
            x = x0
        
        r = b - A(x)
        p = r.copy()
        rsold = jnp.dot(r, r)
        
        info = {'iterations': 0, 'converged': False}
        
        for i in range(self.max_iterations):
            Ap = A(p)
            alpha = rsold / (jnp.dot(p, Ap) + 1e-12)
            x = x + alpha * p
            r = r - alpha * Ap
            rsnew = jnp.dot(r, r)
            
            info['iterations'] = i + 1
            
            # Check convergence
            if jnp.sqrt(rsnew) < self.tol:
                info['converged'] = True
                info['residual_norm'] = float(jnp.sqrt(rsnew))
                break
            
            p = r + (rsnew / rsold) * p
            rsold = rsnew
        
        if not info['converged']:
            info['residual_norm'] = float(jnp.sqrt(rsold))
        
        return x, info
    
    def _step(
        self,
        x: jnp.ndarray,
        objective: Objective,
        state: Dict[str, Any],
        **kwargs: Any
    ) -> tuple[jnp.ndarray, Dict[str, Any]]:
        """
        CG step for quadratic optimization.
        
        For quadratic objectives f(x) = 0.5 * x^T A x - b^T x,
        CG is equivalent to solving A @ x = b.
        """
        # For general objectives, we use CG as a line search direction finder
        # This is a simplified version - in practice, you'd want more sophisticated CG
        
        if 'p' not in state or 'r' not in state or 'iteration' not in state:
            # Initialize CG state
            grad_x = objective.gradient(x)
            state['r'] = grad_x
            state['p'] = -grad_x
            state['iteration'] = 0
            state['rsold'] = jnp.dot(grad_x, grad_x)
        
        r = state['r']
        p = state['p']
        rsold = state['rsold']
        
        # Approximate Hessian-vector product using finite differences
        # (In practice, you'd use automatic differentiation)
        eps = 1e-5
        grad_x_plus = objective.gradient(x + eps * p)
        Ap = (grad_x_plus - r) / eps
        
        alpha = rsold / (jnp.dot(p, Ap) + 1e-12)
        x_new = x + alpha * p
        
        # Compute new gradient
        r_new = objective.gradient(x_new)
        rsnew = jnp.dot(r_new, r_new)
        
        # Update direction
        p_new = -r_new + (rsnew / rsold) * p
        
        state['r'] = r_new
        state['p'] = p_new
        state['rsold'] = rsnew
        state['iteration'] = state['iteration'] + 1
        
        return x_new, state


@jax.jit
def f(A, b):
    solver = ConjugateGradient(max_iterations=4, tol=1e-3)
    return solver.solve(MatrixFreeOperator(lambda v: A @ v), b)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 8
    b = rng.normal(size=(n,)).astype(np.float32)
    if rng.random() < 0.5:
        # identity plus a rank-one term: CG converges in two iterations (the `break` path)
        u = rng.normal(size=(n,))
        A = (1.0 + rng.random()) * np.eye(n) + np.outer(u, u)
    else:
        # eigenvalues spread over [1, 50]: not converged after 4 iterations
        q, _ = np.linalg.qr(rng.normal(size=(n, n)))
        A = q @ np.diag(np.linspace(1.0, 50.0, n)) @ q.T
    return (A.astype(np.float32), b)


INPUTS = make_inputs


@jax.jit
def reference_fix(A, b):
    max_iterations, tol = 4, 1e-3
    x = jnp.zeros_like(b)
    r = b - A @ x
    p = r
    rsold = jnp.dot(r, r)

    def cond(s):
        i, x, r, p, rsold, conv, res = s
        return (i < max_iterations) & ~conv

    def body(s):
        i, x, r, p, rsold, conv, res = s
        Ap = A @ p
        alpha = rsold / (jnp.dot(p, Ap) + 1e-12)
        x = x + alpha * p
        r = r - alpha * Ap
        rsnew = jnp.dot(r, r)
        conv = jnp.sqrt(rsnew) < tol
        p = jnp.where(conv, p, r + (rsnew / rsold) * p)
        rsold = jnp.where(conv, rsold, rsnew)
        # converged: sqrt(rsnew); not converged: sqrt(rsold) == sqrt(last rsnew)
        return i + 1, x, r, p, rsold, conv, jnp.sqrt(rsnew)

    init = (jnp.int32(0), x, r, p, rsold, jnp.bool_(False), jnp.sqrt(rsold))
    i, x, r, p, rsold, conv, res = jax.lax.while_loop(cond, body, init)
    return x, {'iterations': i, 'converged': conv, 'residual_norm': res}
