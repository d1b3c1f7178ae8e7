"""A rank-detection helper: `if S[0] > 0` on a singular value and `int(jnp.sum(...))` / `min(...)` on traced values.

source: "Separable and Low Tensor Rank Utility detection" module ("Direct translation of Tractability/SeparableUtility.lean"), public code index file id 59838024651 (functions detect_separability, detect_low_tensor_rank; dataclasses SeparableDecomposition, TensorRankResult); the index does not name the repository or commit.
error: TracerBoolConversionError
category: helper-returning-int
expect: fix
notes: the module verbatim (its docstring placed after the imports as in the original, dataclasses kept);
  the only addition is the entry point `f = jax.jit(detect_low_tensor_rank, static_argnums=(1,))`, so the
  SVD of the utility matrix is traced and max_rank stays a Python int. The conditional expression on S[0],
  the int() of a traced count and the builtin min() must all become array operations (jnp.where,
  jnp.sum, jnp.minimum). Inputs are diagonal matrices with some exact zeros (so the numerical rank varies
  exactly) and sometimes the all-zero matrix, which takes the `else 1e-10` branch.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from dataclasses import dataclass
from typing import Callable

"""
Separable and Low Tensor Rank Utility detection.
Direct translation of Tractability/SeparableUtility.lean.

Key results:
- Separable: u(a,s) = f(a) + g(s) → srank = 0 (all coords sufficient)
- Low rank: u(a,s) = Σᵣ wᵣ·fᵣ(a)·Πᵢ gᵣᵢ(sᵢ) → O(R·n·k) tractable
"""

@dataclass(frozen=True)
class SeparableDecomposition:
    """
    From SeparableUtility.lean::SeparableUtility.
    u(a,s) = actionValue(a) + stateValue(s).
    Optimal actions don't depend on state.
    """
    action_value: Callable  # A → ℝ
    state_value: Callable   # S → ℝ

def detect_separability(
    utility_matrix: jnp.ndarray,
    threshold: float = 1e-10
) -> bool:
    """
    Check if utility matrix U[a,s] is separable (rank 1 up to additive structure).
    
    From SeparableUtility.lean::optimalActions_eq_of_separable:
    If u(a,s) = f(a) + g(s), then optimal actions are the same for all states.
    
    Algorithm: check if argmax_a U[a,s] is the same column for all s.
    """
    optimal_actions = jnp.argmax(utility_matrix, axis=0)
    return bool(jnp.all(optimal_actions == optimal_actions[0]))

def detect_low_tensor_rank(
    utility_matrix: jnp.ndarray,
    max_rank: int
) -> int:
    """
    Estimate tensor rank of utility matrix via SVD.
    
    From TensorRankDecomposition: u = Σᵣ wᵣ·fᵣ(a)·gᵣ(s).
    
    From low_rank_tractability: O(|A|·R·n) when rank is bounded.
    Returns effective rank (number of singular values > threshold).
    """
    U, S, Vt = jnp.linalg.svd(utility_matrix, full_matrices=False)
    # Effective rank = count of significant singular values
    threshold = S[0] * 1e-10 if S[0] > 0 else 1e-10
    effective_rank = int(jnp.sum(S > threshold))
    return min(effective_rank, max_rank)

@dataclass(frozen=True)
class TensorRankResult:
    """Result of tensor rank analysis."""
    rank: int
    is_separable: bool    # rank ≤ 1
    is_low_rank: bool     # rank ≪ min(|A|, |S|)
    complexity_bound: int # O(|A| · rank · n)


f = jax.jit(detect_low_tensor_rank, static_argnums=(1,))
# --- end user code ---

import numpy as np
from functools import partial


def make_inputs(rng):
    n = 6
    d = rng.uniform(0.5, 3.0, size=n) * rng.choice([-1.0, 1.0], size=n)
    n_zero = int(rng.integers(0, n + 1))          # n_zero == n: the all-zero matrix
    d[rng.permutation(n)[:n_zero]] = 0.0
    u = np.diag(d).astype(np.float32)
    max_rank = int(rng.integers(1, n + 1))
    return (u, max_rank)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(1,))
def reference_fix(utility_matrix, max_rank):
    U, S, Vt = jnp.linalg.svd(utility_matrix, full_matrices=False)
    threshold = jnp.where(S[0] > 0, S[0] * 1e-10, 1e-10)
    effective_rank = jnp.sum(S > threshold)
    return jnp.minimum(effective_rank, max_rank)
