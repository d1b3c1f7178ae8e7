"""Natural-parameter continuation tangent: `is not None` guard around a traced sign test, plus try/except around a solve.

source: Ziaeemehr/JaxCont src/jaxcont/core/natural_continuation.py at f841dfb3c21b9f5029ad8ecc48858b061d7c84cf (NaturalContinuation.compute_tangent); ContinuationProblem.evaluate_rhs from src/jaxcont/core/continuation.py; linear_rhs / problem1 (Test 1) from examples/example_06_natural_continuation.py at 032659e1ebd689d708cbf7b3e3d5a302a1cf41d9; called as self.compute_tangent(problem, u_new, param_new, tangent) in PredictorCorrector.run (src/jaxcont/core/predictor_corrector.py at 032659e1ebd689d708cbf7b3e3d5a302a1cf41d9)
error: TracerBoolConversionError
category: if-traced-under-static-guard
expect: fix
notes: compute_tangent verbatim as a method of NaturalContinuation (predict/correct and the PredictorCorrector base
  class with its bifurcation-detector setup dropped). ContinuationProblem is reduced to the fields evaluate_rhs
  uses, with evaluate_rhs verbatim. The problem is the example's Test 1, `r - x` (its
  pitchfork `r x - x^3` was not used: the eps = 1e-6 central difference in float32 amplifies FMA-contraction
  differences between eager and compiled runs to ~1e-2). `_f` makes the call
  PredictorCorrector.run makes after an accepted step (with the previous tangent), f = jax.jit(_f).
  `if prev_tangent is not None:` is static; the inner `if jnp.dot(tangent, prev_tangent) < 0:` is traced.
  The bare try/except never fires (jnp.linalg.solve does not raise on singular input).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Optional

import jax
import jax.numpy as jnp
from jax import Array, jacfwd


class ContinuationProblem:
    def __init__(self, rhs, u0, params, continuation_param, problem_type="equilibrium"):
        self.rhs = rhs
        self.u0 = u0
        self.params = params
        self.continuation_param = continuation_param
        self.problem_type = problem_type

    def evaluate_rhs(self, u: Array, param_value: Optional[float] = None) -> Array:
        """
        Evaluate the right-hand side at given state and parameter value.
        
        Args:
            u: State vector
            param_value: Value of continuation parameter (uses current if None)
        
        Returns:
            Value of f(u, params)
        """
        params = self.params.copy()
        if param_value is not None:
            params[self.continuation_param] = param_value
        return self.rhs(u, params)


class NaturalContinuation:
    def compute_tangent(
        self,
        problem: ContinuationProblem,
        u: Array,
        param: float,
        prev_tangent: Optional[Array] = None
    ) -> Array:
        """
        Compute tangent vector for natural continuation.
        
        The tangent is simply [du/dparam, 1] where du/dparam is computed
        from the implicit function theorem.
        
        Args:
            problem: Continuation problem
            u: Current state
            param: Current parameter value
            prev_tangent: Previous tangent (for orientation)
        
        Returns:
            Tangent vector [du/dparam, 1] (normalized)
        """
        # Compute Jacobian df/du
        def f_u(u_eval):
            return problem.evaluate_rhs(u_eval, param)
        
        jac_u = jacfwd(f_u)(u)
        
        # Compute df/dparam by finite difference
        eps = 1e-6
        f_p_plus = problem.evaluate_rhs(u, param + eps)
        f_p_minus = problem.evaluate_rhs(u, param - eps)
        df_dparam = (f_p_plus - f_p_minus) / (2 * eps)
        
        # Solve: df/du * du/dparam + df/dparam = 0
        # => du/dparam = -(df/du)^{-1} * df/dparam
        try:
            du_dparam = -jnp.linalg.solve(jac_u, df_dparam)
        except:
            # If singular, use small random perturbation
            du_dparam = jnp.zeros_like(u)
        
        # Tangent vector is [du/dparam, 1]
        tangent = jnp.concatenate([du_dparam, jnp.array([1.0])])
        
        # Normalize
        tangent = tangent / jnp.linalg.norm(tangent)
        
        # Orient with previous tangent if available
        if prev_tangent is not None:
            if jnp.dot(tangent, prev_tangent) < 0:
                tangent = -tangent
        
        return tangent


def linear_rhs(state, params):
    return jnp.array([params["r"] - state[0]])


problem1 = ContinuationProblem(
    rhs=linear_rhs, u0=jnp.array([0.0]), params={"r": 0.0},
    continuation_param="r", problem_type="equilibrium",
)
cont1 = NaturalContinuation()


def _f(u_new, param_new, tangent):
    # Compute new tangent
    tangent = cont1.compute_tangent(problem1, u_new, param_new, tangent)
    return tangent


f = jax.jit(_f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    r = rng.uniform(-1.0, 1.0)
    u = np.array([r + 0.01 * rng.normal()], dtype=np.float32)
    prev = rng.normal(size=2)
    prev = (prev / np.linalg.norm(prev)).astype(np.float32)
    return (u, np.float32(r), prev)


INPUTS = make_inputs


@jax.jit
def reference_fix(u_new, param_new, prev_tangent):
    def f_u(u_eval):
        return problem1.evaluate_rhs(u_eval, param_new)

    jac_u = jacfwd(f_u)(u_new)
    eps = 1e-6
    df_dparam = (problem1.evaluate_rhs(u_new, param_new + eps)
                 - problem1.evaluate_rhs(u_new, param_new - eps)) / (2 * eps)
    du_dparam = -jnp.linalg.solve(jac_u, df_dparam)
    tangent = jnp.concatenate([du_dparam, jnp.array([1.0])])
    tangent = tangent / jnp.linalg.norm(tangent)
    return jnp.where(jnp.dot(tangent, prev_tangent) < 0, -tangent, tangent)
