"""Multi-sector trade model ("hat algebra") ported to JAX: fixed-point loop with `if jnp.max(jnp.abs(Pm_new-Pm)) < tol: return`.

source: "equations.py ― JAX version" module of a Caliendo–Parro style trade-policy model (imports `models.ModelParams`, `models.ModelShocks`; calc_c_hat_jax, calc_price_index_jax, calc_Pf_hat_jax, calc_Pm_hat_jax, calc_X_jax, calc_td_prime_jax, solve_price_and_cost_jax, generate_equilibrium_jax), public code index file id 31403770688; the index does not name the repository or commit.
error: TracerBoolConversionError
category: for-early-return-convergence
expect: fix
notes: calc_c_hat_jax, calc_price_index_jax, calc_Pm_hat_jax and solve_price_and_cost_jax are verbatim
  (the module docstring says the NumPy routines were moved to jax.numpy "so they can participate in
  JAX's automatic differentiation and JIT compilation"; the helpers carry @jit, the fixed point does
  not). Stand-ins: ModelParams / ModelShocks as registered dataclasses holding only the fields these
  functions read, with N and J as static metadata (models.py is not in the index). `f` jits
  solve_price_and_cost_jax, the first step of generate_equilibrium_jax. Inputs are a random
  3-country, 2-sector economy whose input shares keep the map a contraction.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass, field
from typing import Tuple

import jax
import jax.numpy as jnp
from jax import jit


# stand-ins for models.ModelParams / models.ModelShocks
@jax.tree_util.register_dataclass
@dataclass
class ModelParams:
    beta: jnp.ndarray     # (N, J) value-added shares
    gamma: jnp.ndarray    # (N, J, J) input-output shares
    theta: jnp.ndarray    # (J,) trade elasticities
    pim: jnp.ndarray      # (N, N, J) intermediate-goods trade shares
    N: int = field(default=0, metadata=dict(static=True))
    J: int = field(default=0, metadata=dict(static=True))


@jax.tree_util.register_dataclass
@dataclass
class ModelShocks:
    lambda_hat: jnp.ndarray  # (N, J)
    dm_hat: jnp.ndarray      # (N, N, J)


# ------------------------------------------------------------------
# (7) Unit-cost index
# ------------------------------------------------------------------
@jit
def calc_c_hat_jax(w_hat: jnp.ndarray,
                   Pm_hat: jnp.ndarray,
                   params: ModelParams) -> jnp.ndarray:
    log_w  = jnp.log(w_hat)[:, None]
    log_Pm = jnp.log(Pm_hat)
    wage   = params.beta * log_w
    inputs = jnp.einsum("nkj,nk->nj", params.gamma, log_Pm)
    return jnp.exp(wage + inputs)

# ------------------------------------------------------------------
# (8) Price-index changes
# ------------------------------------------------------------------
@jit
def calc_price_index_jax(theta: jnp.ndarray,
                         pi: jnp.ndarray,
                         lambda_hat: jnp.ndarray,
                         c_hat: jnp.ndarray,
                         d_hat: jnp.ndarray) -> jnp.ndarray:
    lam_ex = lambda_hat[jnp.newaxis, :, :]
    cost   = (c_hat[:, jnp.newaxis, :] * d_hat) ** (-theta[jnp.newaxis, None, :])
    term   = pi * lam_ex * cost
    return jnp.sum(term, axis=1) ** (-1.0 / theta)

def calc_Pm_hat_jax(c_hat, params, shocks):
    return calc_price_index_jax(params.theta, params.pim,
                                shocks.lambda_hat, c_hat, shocks.dm_hat)

# ------------------------------------------------------------------
# Fixed-point iteration for P̂ᵐ
# ------------------------------------------------------------------
def solve_price_and_cost_jax(w_hat, params, shocks,
                             max_iter=1000, tol=1e-6, mute=True):
    N, J = params.N, params.J
    Pm = jnp.ones((N, J))
    for it in range(max_iter):
        c_hat = calc_c_hat_jax(w_hat, Pm, params)
        Pm_new = calc_Pm_hat_jax(c_hat, params, shocks)
        if jnp.max(jnp.abs(Pm_new-Pm)) < tol:
            if not mute:
                print(f"Pm̂ converged in {it+1} iterations")
            return c_hat, Pm_new
        Pm = Pm_new
    if not mute:
        print("Pm̂ did not converge")
    return calc_c_hat_jax(w_hat, Pm, params), Pm


f = jax.jit(solve_price_and_cost_jax)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    N, J = 3, 2
    beta = rng.uniform(0.3, 0.6, (N, J))
    raw = rng.uniform(0.2, 1.0, (N, J, J))
    gamma = raw / raw.sum(axis=1, keepdims=True) * (1.0 - beta)[:, None, :]
    theta = rng.uniform(4.0, 8.0, J)
    pim = rng.uniform(0.2, 1.0, (N, N, J))
    pim = pim / pim.sum(axis=1, keepdims=True)
    params = ModelParams(beta.astype(np.float32), gamma.astype(np.float32),
                         theta.astype(np.float32), pim.astype(np.float32), N=N, J=J)
    shocks = ModelShocks(rng.uniform(0.8, 1.2, (N, J)).astype(np.float32),
                         rng.uniform(0.8, 1.25, (N, N, J)).astype(np.float32))
    w_hat = rng.uniform(0.8, 1.2, N).astype(np.float32)
    return w_hat, params, shocks


INPUTS = make_inputs


@jax.jit
def reference_fix(w_hat, params, shocks, max_iter=1000, tol=1e-6):
    Pm0 = jnp.ones((params.N, params.J))

    def cond(c):
        it, Pm, c_hat, Pm_new, done = c
        return (~done) & (it < max_iter)

    def body(c):
        it, Pm, _, _, _ = c
        c_hat = calc_c_hat_jax(w_hat, Pm, params)
        Pm_new = calc_Pm_hat_jax(c_hat, params, shocks)
        done = jnp.max(jnp.abs(Pm_new - Pm)) < tol
        return it + 1, jnp.where(done, Pm, Pm_new), c_hat, Pm_new, done

    it, Pm, c_hat, Pm_new, done = lax.while_loop(
        cond, body, (0, Pm0, Pm0, Pm0, jnp.array(False)))
    return lax.cond(done, lambda: (c_hat, Pm_new),
                    lambda: (calc_c_hat_jax(w_hat, Pm, params), Pm))
