"""A pytree-dataclass config field (`max_iters`) is traced by jit and ends up as an array shape inside the solver.

source: brentyi/egoallo src/egoallo/guidance_optimizer_jax.py at 08b0c98cd78ebe9cc4690a0f05a5cbad543e5117 (JaxGuidanceParams, _optimize_vmapped, the `jaxls.TerminationConfig(max_iterations=guidance_params.max_iters)` call in _optimize); failure reported in https://github.com/brentyi/egoallo/issues/17 ("TypeError: Shapes must be 1D sequences of concrete values of integer type ... while tracing the function _optimize_vmapped ... depends on the value of the argument guidance_params[12]"); the solver side is brentyi/jaxls src/jaxls/_solvers.py (NonlinearSolver.solve: `cost_history = jnp.zeros(self.termination.max_iterations)`)
error: TypeError
category: dataclass-field-as-shape
expect: fix
notes: JaxGuidanceParams keeps its field layout (weights, `jdc.Static[bool]` switches, `lambda_initial`, `max_iters: int = 20`) and `defaults()` for two modes; `_optimize_vmapped` keeps its jit + vmap(partial(_optimize, ...)) structure. Inlined stand-ins: a minimal `jax_dataclasses` (`Static`, `pytree_dataclass` via register_dataclass) and a small jaxls-like Levenberg-Marquardt `NonlinearSolver` whose `solve` allocates its cost/lambda histories with `jnp.zeros(self.termination.max_iterations)` as jaxls does. The SMPL-H costs are replaced by a 1-D trajectory prior + smoothness least-squares problem. `f` plays `do_guidance_optimization` (builds the params outside jit, calls the jitted `_optimize_vmapped`). The fix (as in egoallo) is to make `max_iters` a static field.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
from functools import partial
from typing import Annotated, Literal

import jax
from jax import numpy as jnp

# ---- minimal stand-in for jax_dataclasses -------------------------------------------
Static = Annotated  # used as Static[T, "static"]


def pytree_dataclass(cls):
    cls = dataclasses.dataclass(frozen=True)(cls)
    meta, data = [], []
    for fld in dataclasses.fields(cls):
        (meta if "static" in str(fld.type) else data).append(fld.name)
    return jax.tree_util.register_dataclass(cls, data_fields=data, meta_fields=meta)


# ---- minimal stand-in for jaxls (Levenberg-Marquardt) --------------------------------
@pytree_dataclass
class TerminationConfig:
    max_iterations: int = 100
    cost_tolerance: float = 1e-5


@pytree_dataclass
class TrustRegionConfig:
    lambda_initial: float = 5e-4
    lambda_factor: float = 2.0


@pytree_dataclass
class NonlinearSolver:
    termination: TerminationConfig
    trust_region: TrustRegionConfig

    def solve(self, residual_fn, initial_vals):
        vals = initial_vals
        residual_vector = residual_fn(vals)
        initial_cost = jnp.sum(residual_vector**2)
        cost_history = jnp.zeros(self.termination.max_iterations)
        cost_history = cost_history.at[0].set(initial_cost)
        lambda_history = jnp.zeros(self.termination.max_iterations)
        if self.trust_region is not None:
            lambda_history = lambda_history.at[0].set(self.trust_region.lambda_initial)

        def cond(state):
            vals, cost, lambd, it, done, cost_history, lambda_history = state
            return (it < self.termination.max_iterations - 1) & ~done

        def body(state):
            vals, cost, lambd, it, done, cost_history, lambda_history = state
            r = residual_fn(vals)
            J = jax.jacfwd(residual_fn)(vals)
            A = J.T @ J + lambd * jnp.eye(vals.shape[0])
            delta = jnp.linalg.solve(A, -J.T @ r)
            new_vals = vals + delta
            new_cost = jnp.sum(residual_fn(new_vals) ** 2)
            accept = new_cost < cost
            done = jnp.abs(cost - new_cost) < self.termination.cost_tolerance * cost
            vals = jnp.where(accept, new_vals, vals)
            cost = jnp.where(accept, new_cost, cost)
            lambd = jnp.where(accept, lambd / self.trust_region.lambda_factor,
                              lambd * self.trust_region.lambda_factor)
            it = it + 1
            cost_history = cost_history.at[it].set(cost)
            lambda_history = lambda_history.at[it].set(lambd)
            return vals, cost, lambd, it, done, cost_history, lambda_history

        state = (vals, initial_cost, jnp.asarray(self.trust_region.lambda_initial, jnp.float32),
                 jnp.asarray(0), jnp.asarray(False), cost_history, lambda_history)
        vals, *_ = jax.lax.while_loop(cond, body, state)
        return vals


# ---- egoallo ------------------------------------------------------------------------
GuidanceMode = Literal["no_hands", "aria_wrist_only"]


@pytree_dataclass
class JaxGuidanceParams:
    prior_quat_weight: float = 1.0
    prior_pos_weight: float = 5.0
    body_quat_vel_smoothness_weight: float = 5.0
    body_quat_smoothness_weight: float = 1.0
    body_quat_delta_smoothness_weight: float = 10.0
    skate_weight: float = 30.0

    hand_quats: Static[bool, "static"] = True
    hand_quat_priors: Static[bool, "static"] = True
    aria_wrists: Static[bool, "static"] = True

    # Optimization parameters.
    lambda_initial: float = 0.1
    max_iters: int = 20

    @staticmethod
    def defaults(mode, phase):
        if mode == "no_hands":
            return {
                "inner": JaxGuidanceParams(hand_quats=False, hand_quat_priors=False, aria_wrists=False, max_iters=5),
                "post": JaxGuidanceParams(hand_quats=False, hand_quat_priors=False, aria_wrists=False, max_iters=20),
            }[phase]
        elif mode == "aria_wrist_only":
            return {
                "inner": JaxGuidanceParams(hand_quats=False, hand_quat_priors=True, aria_wrists=True, max_iters=5),
                "post": JaxGuidanceParams(hand_quats=False, hand_quat_priors=True, aria_wrists=True, max_iters=20),
            }[phase]
        raise ValueError(mode)


def _optimize(body_traj, guidance_params):
    def residuals(x):
        return jnp.concatenate([
            guidance_params.prior_quat_weight * (x - body_traj),
            guidance_params.body_quat_smoothness_weight * (x[1:] - x[:-1]),
            guidance_params.body_quat_vel_smoothness_weight * (x[2:] - 2 * x[1:-1] + x[:-2]),
        ])

    solutions = NonlinearSolver(
        termination=TerminationConfig(max_iterations=guidance_params.max_iters),
        trust_region=TrustRegionConfig(lambda_initial=guidance_params.lambda_initial),
    ).solve(residuals, body_traj)
    return solutions


@partial(jax.jit, static_argnames=("verbose",))
def _optimize_vmapped(body_trajs, guidance_params, verbose=False):
    return jax.vmap(partial(_optimize, guidance_params=guidance_params))(body_trajs)


def f(body_trajs, phase):
    guidance_params = JaxGuidanceParams.defaults("no_hands", phase)
    return _optimize_vmapped(body_trajs, guidance_params)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    trajs = np.cumsum(rng.normal(size=(3, 10)), axis=1).astype(np.float32)
    phase = "inner" if rng.random() < 0.5 else "post"
    return (trajs, phase)


INPUTS = make_inputs


@pytree_dataclass
class _FixedGuidanceParams:
    prior_quat_weight: float = 1.0
    prior_pos_weight: float = 5.0
    body_quat_vel_smoothness_weight: float = 5.0
    body_quat_smoothness_weight: float = 1.0
    body_quat_delta_smoothness_weight: float = 10.0
    skate_weight: float = 30.0
    hand_quats: Static[bool, "static"] = True
    hand_quat_priors: Static[bool, "static"] = True
    aria_wrists: Static[bool, "static"] = True
    lambda_initial: float = 0.1
    max_iters: Static[int, "static"] = 20


@partial(jax.jit, static_argnames=("phase",))
def reference_fix(body_trajs, phase):
    params = _FixedGuidanceParams(hand_quats=False, hand_quat_priors=False, aria_wrists=False,
                                  max_iters={"inner": 5, "post": 20}[phase])
    return _optimize_vmapped(body_trajs, params)
