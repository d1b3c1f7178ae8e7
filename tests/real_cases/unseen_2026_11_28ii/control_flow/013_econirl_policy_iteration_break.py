"""econirl: logit dynamic-discrete-choice policy iteration with `float(...)` on the policy change and a convergence `break`.

source: rawatpranjal/econirl src/econirl/core/solvers.py (code-index file id 53567006323, the JAX revision whose module docstring says "All iteration-based solvers use jax.lax.while_loop"; the index lists 991d4e516d2aeba1a68fe75b5d658889e8e7eb71 for one of the path's two stored versions) -- SolverResult, policy_iteration, _policy_evaluation_matrix, _policy_evaluation_iterative; operator semantics from src/econirl/core/bellman.py at cccaf3f4c28c60db68c07da2301d9c8fb1f1957b (SoftBellmanOperator.apply, BellmanResult; torch revision)
error: ConcretizationTypeError
category: for-converge-break-float
expect: fix
notes: SolverResult, policy_iteration and the two policy-evaluation helpers are verbatim. `econirl.core.bellman` /
  `econirl.core.types` are not importable here, so DDCProblem, BellmanResult and SoftBellmanOperator are small
  stand-ins: SoftBellmanOperator.apply is the jnp transcription of the stored torch apply (Q = u + beta*EV^T,
  V = sigma*logsumexp(Q/sigma), policy = softmax(Q/sigma)); the __post_init__ shape check is dropped. Entry point
  added: `f = jax.jit(_solve)`, returning (V, policy, num_iterations, converged) because the SolverResult
  dataclass is not a pytree; beta = 0.9, sigma = 1 and tol = 1e-5 (float32) are fixed there. Also dropped:
  `from __future__ import annotations` (the user section is not a module top; the annotations evaluate fine on
  Python 3.10+), and value_iteration / hybrid_iteration / backward_induction / optimistix_solve / solve. The leak:
  `policy_error = float(jnp.abs(new_policy - policy).max())` then `if policy_error < tol: ... break` inside a
  Python `for` over max_iter; module-level value_iteration in the same file already uses lax.while_loop.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass
from typing import Literal, NamedTuple

import jax
import jax.numpy as jnp


class DDCProblem(NamedTuple):
    # stand-in for econirl.core.types.DDCProblem (fields used by the solvers)
    num_states: int
    num_actions: int
    discount_factor: float
    scale_parameter: float


class BellmanResult(NamedTuple):
    Q: jnp.ndarray
    V: jnp.ndarray
    policy: jnp.ndarray


@dataclass
class SoftBellmanOperator:
    # stand-in for econirl.core.bellman.SoftBellmanOperator (jnp version of `apply`)
    problem: DDCProblem
    transitions: jnp.ndarray

    def apply(self, utility, V):
        beta = self.problem.discount_factor
        sigma = self.problem.scale_parameter
        EV = jnp.einsum("ast,t->as", self.transitions, V)
        Q = utility + beta * EV.T
        V_new = sigma * jax.scipy.special.logsumexp(Q / sigma, axis=1)
        policy = jax.nn.softmax(Q / sigma, axis=1)
        return BellmanResult(Q=Q, V=V_new, policy=policy)


@dataclass
class SolverResult:
    """Result from solving the dynamic programming problem.

    Attributes:
        Q: Converged action-value function, shape (num_states, num_actions)
        V: Converged value function, shape (num_states,)
        policy: Optimal choice probabilities, shape (num_states, num_actions)
        converged: Whether the solver converged within max_iter
        num_iterations: Number of iterations performed
        final_error: Final convergence error (sup norm of value change)
    """

    Q: jnp.ndarray
    V: jnp.ndarray
    policy: jnp.ndarray
    converged: bool
    num_iterations: int
    final_error: float


def policy_iteration(
    operator: SoftBellmanOperator,
    utility: jnp.ndarray,
    V_init: jnp.ndarray | None = None,
    tol: float = 1e-10,
    max_iter: int = 100,
    eval_method: Literal["matrix", "iterative"] = "matrix",
    eval_tol: float = 1e-12,
    eval_max_iter: int = 1000,
) -> SolverResult:
    """Solve for the fixed point using policy iteration.

    Policy iteration alternates between:
    1. Policy evaluation: Given policy, solve for V
    2. Policy improvement: Update policy using new V

    This can converge faster than value iteration, especially for
    high discount factors.

    Args:
        operator: SoftBellmanOperator instance
        utility: Flow utility matrix, shape (num_states, num_actions)
        V_init: Initial value function guess. If None, starts at zeros.
        tol: Convergence tolerance for policy probabilities
        max_iter: Maximum number of policy iterations
        eval_method: "matrix" for direct solve, "iterative" for fixed-point
        eval_tol: Tolerance for iterative policy evaluation
        eval_max_iter: Max iterations for iterative policy evaluation

    Returns:
        SolverResult with converged value function and policy
    """
    problem = operator.problem
    num_states = problem.num_states
    beta = problem.discount_factor
    sigma = problem.scale_parameter

    if V_init is None:
        V = jnp.zeros(num_states, dtype=jnp.float64)
    else:
        V = jnp.array(V_init)

    # Initial policy
    result = operator.apply(utility, V)
    policy = result.policy

    converged = False
    final_error = float("inf")

    for iteration in range(max_iter):
        # Policy evaluation: solve for V given current policy
        if eval_method == "matrix":
            V = _policy_evaluation_matrix(
                utility, policy, operator.transitions, beta, sigma
            )
        else:
            V = _policy_evaluation_iterative(
                utility, policy, operator.transitions, beta, sigma, eval_tol, eval_max_iter
            )

        # Policy improvement
        new_result = operator.apply(utility, V)
        new_policy = new_result.policy

        # Check convergence of policy
        policy_error = float(jnp.abs(new_policy - policy).max())

        policy = new_policy

        if policy_error < tol:
            converged = True
            final_error = policy_error
            break

        final_error = policy_error

    # Final values
    final_result = operator.apply(utility, V)

    return SolverResult(
        Q=final_result.Q,
        V=final_result.V,
        policy=final_result.policy,
        converged=converged,
        num_iterations=iteration + 1,
        final_error=final_error,
    )


def _policy_evaluation_matrix(
    utility: jnp.ndarray,
    policy: jnp.ndarray,
    transitions: jnp.ndarray,
    beta: float,
    sigma: float,
) -> jnp.ndarray:
    """Evaluate policy by solving linear system.

    Given policy pi, solves:
        (I - beta*P_pi) V = r_pi

    where r_pi = E_pi[u] + sigma*H(pi) is expected flow utility plus entropy.
    """
    num_states = utility.shape[0]

    # Expected flow utility under policy (including entropy bonus)
    log_policy = jnp.log(policy + 1e-10)
    expected_utility = (policy * utility).sum(axis=1)
    entropy_bonus = -sigma * (policy * log_policy).sum(axis=1)
    r_pi = expected_utility + entropy_bonus

    # Policy-weighted transition matrix P_pi[s,s'] = sum_a pi(a|s) P(s'|s,a)
    P_pi = jnp.einsum("sa,ast->st", policy, transitions)

    # Solve (I - beta*P_pi) V = r_pi
    A = jnp.eye(num_states) - beta * P_pi
    V = jnp.linalg.solve(A, r_pi)

    return V


def _policy_evaluation_iterative(
    utility: jnp.ndarray,
    policy: jnp.ndarray,
    transitions: jnp.ndarray,
    beta: float,
    sigma: float,
    tol: float,
    max_iter: int,
) -> jnp.ndarray:
    """Evaluate policy by fixed-point iteration.

    Useful when state space is large and matrix solve is expensive.
    """
    num_states = utility.shape[0]

    log_policy = jnp.log(policy + 1e-10)
    expected_utility = (policy * utility).sum(axis=1)
    entropy_bonus = -sigma * (policy * log_policy).sum(axis=1)
    r_pi = expected_utility + entropy_bonus

    P_pi = jnp.einsum("sa,ast->st", policy, transitions)

    # Iterate: V_{k+1} = r_pi + beta * P_pi @ V_k
    V = jnp.zeros(num_states)

    def body_fn(carry):
        V, error, k = carry
        V_new = r_pi + beta * (P_pi @ V)
        error = jnp.max(jnp.abs(V_new - V))
        return V_new, error, k + 1

    def cond_fn(carry):
        _, error, k = carry
        return jnp.logical_and(error > tol, k < max_iter)

    V, _, _ = jax.lax.while_loop(cond_fn, body_fn, (V, jnp.float64(tol + 1.0), jnp.int32(0)))
    return V


def _solve(utility, transitions):
    problem = DDCProblem(
        num_states=utility.shape[0],
        num_actions=utility.shape[1],
        discount_factor=0.9,
        scale_parameter=1.0,
    )
    operator = SoftBellmanOperator(problem, transitions)
    res = policy_iteration(operator, utility, tol=1e-5, max_iter=50)
    return res.V, res.policy, res.num_iterations, res.converged


f = jax.jit(_solve)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    S, A = 6, 3
    utility = rng.normal(0.0, 1.0, size=(S, A)).astype(np.float32)
    raw = rng.gamma(0.5, 1.0, size=(A, S, S)) + 1e-3
    transitions = (raw / raw.sum(axis=-1, keepdims=True)).astype(np.float32)
    return (utility, transitions)


INPUTS = make_inputs


@jax.jit
def reference_fix(utility, transitions, beta=0.9, sigma=1.0, tol=1e-5, max_iter=50):
    def apply(V):
        Q = utility + beta * jnp.einsum("ast,t->as", transitions, V).T
        return Q, sigma * jax.scipy.special.logsumexp(Q / sigma, axis=1), jax.nn.softmax(Q / sigma, axis=1)

    def evaluate(policy):
        r_pi = (policy * utility).sum(axis=1) - sigma * (policy * jnp.log(policy + 1e-10)).sum(axis=1)
        P_pi = jnp.einsum("sa,ast->st", policy, transitions)
        return jnp.linalg.solve(jnp.eye(utility.shape[0]) - beta * P_pi, r_pi)

    V0 = jnp.zeros(utility.shape[0], dtype=jnp.float32)
    policy0 = apply(V0)[2]

    def cond(c):
        k, V, policy, done = c
        return (k < max_iter) & (~done)

    def body(c):
        k, V, policy, done = c
        V = evaluate(policy)
        new_policy = apply(V)[2]
        err = jnp.abs(new_policy - policy).max()
        return k + 1, V, new_policy, err < tol

    k, V, _, done = lax.while_loop(cond, body, (0, V0, policy0, jnp.asarray(False)))
    _, V_fin, policy_fin = apply(V)
    return V_fin, policy_fin, k, done
