"""Dual loss of an alternating proximal step for low-rank OT: branches on a step-type Enum, which is static.

source: public JAX low-rank optimal-transport module in the code index (code-index file id 55114826026: `ProximalDescentStep` Enum, `row_constrained_projection`, `alternating_proximal_descent_compute_L/_R/_loss`, `alternating_pd_compute_grad`, `alternating_proximal_descent_step` jitted with `static_argnums=[6, 7, 8]`, the ADMM variants and `alternating_mirror_descent_low_rank_ot`; the index does not name the repository)
error: none
category: negative-static-enum-branch
expect: untouched
notes: `ProximalDescentStep`, `alternating_proximal_descent_compute_L`, `alternating_proximal_descent_compute_R`,
  `alternating_proximal_descent_compute_loss` and `alternating_pd_compute_grad` are verbatim. Dropped: the optax
  L-BFGS/linesearch optimiser objects and the loops that use them (optax is not installed here), and the cvxpy,
  sklearn, loguru imports, and the module-level `jax.config.update("jax_enable_x64", True)` (a process-wide switch
  that would leak into the other cases). Entry point: `f = jax.jit(alternating_pd_compute_grad, static_argnums=0)`, the way the
  module itself passes `step_type` as a static argument to `alternating_proximal_descent_step`. The
  `if step_type == ProximalDescentStep.L_STEP:` test compares two Enum members (hashable, static), `jnp.maximum`
  does the projection, and `[0,0]` indexes a static shape: nothing here needs a concrete traced value. Both step
  types are drawn.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax

import jax.numpy as jnp
import enum

class ProximalDescentStep(enum.Enum):
    L_STEP = "L_STEP"
    R_STEP = "R_STEP"

@jax.jit
def alternating_proximal_descent_compute_L(C, rho, L, R, alpha, beta):
    """ 
    Computes dual optimal solution L^* given dual variables alpha and beta,
    where L and R are the current iterates.
    """
    n, m = L.shape[0], R.shape[1]
    ones_n = jnp.ones(n).reshape(-1, 1)
    ones_m = jnp.ones(m).reshape(-1, 1)
    L_res = (1 / rho) * jnp.maximum((ones_n @ beta.T + alpha @ ones_m.T) @ R.T - C, 0.0)
    return L_res

@jax.jit
def alternating_proximal_descent_compute_R(C, rho, L, R, alpha, beta):
    """ 
    Computes dual optimal solution R^* given dual variables alpha and beta,
    where L and R are the current iterates.
    """
    n, m = L.shape[0], R.shape[1]
    ones_n = jnp.ones(n).reshape(-1, 1)
    ones_m = jnp.ones(m).reshape(-1, 1)
    R_res = (1 / rho) * jnp.maximum(L.T @ (alpha @ ones_m.T + ones_n @ beta.T) - C, 0.0)
    return R_res

def alternating_proximal_descent_compute_loss(step_type, params, args):
    """
    Computes the dual loss for a given set of dual variables (alpha, beta) where
    the current iterates are L and R.
    """
    alpha, beta = params
    L_prev, R_prev, C, g1, g2, rho = args
    n, m = L_prev.shape[0], R_prev.shape[1]
    ones_n = jnp.ones(n).reshape(-1, 1)
    ones_m = jnp.ones(m).reshape(-1, 1)
    
    if step_type == ProximalDescentStep.L_STEP:
        L = alternating_proximal_descent_compute_L(C, rho, L_prev, R_prev, alpha, beta)
        R = R_prev
        primal_cost = jnp.sum(C * L) + (rho / 2) * jnp.sum(L * L)
    else:
        R = alternating_proximal_descent_compute_R(C, rho, L_prev, R_prev, alpha, beta)
        L = L_prev
        primal_cost = jnp.sum(C * R) + (rho / 2) * jnp.sum(R * R)

    lagrangian_penalty_1 = alpha.T @ (L @ R @ ones_m - g1.reshape(-1, 1))
    lagrangian_penalty_2 = beta.T @ (R.T @ L.T @ ones_n - g2.reshape(-1, 1))
    loss = (primal_cost - (lagrangian_penalty_1 + lagrangian_penalty_2)[0,0])
    return -loss

alternating_pd_compute_grad = jax.value_and_grad(
    alternating_proximal_descent_compute_loss,
    argnums=1
)

f = jax.jit(alternating_pd_compute_grad, static_argnums=0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n, m, r = 5, 4, 3
    step = ProximalDescentStep.L_STEP if rng.uniform() < 0.5 else ProximalDescentStep.R_STEP
    alpha = rng.uniform(0.0, 1.0, size=(n, 1))
    beta = rng.uniform(0.0, 1.0, size=(m, 1))
    L_prev = np.abs(rng.normal(size=(n, r)))
    R_prev = np.abs(rng.normal(size=(r, m)))
    if step is ProximalDescentStep.L_STEP:
        C = rng.uniform(size=(n, r))      # C' = C @ R.T - rho * L has the shape of L
    else:
        C = rng.uniform(size=(r, m))      # C' = L.T @ C - rho * R has the shape of R
    g1 = np.full(n, 1.0 / n)
    g2 = np.full(m, 1.0 / m)
    rho = float(rng.uniform(0.5, 2.0))
    return (step, (alpha, beta), (L_prev, R_prev, C, g1, g2, rho))


INPUTS = make_inputs
