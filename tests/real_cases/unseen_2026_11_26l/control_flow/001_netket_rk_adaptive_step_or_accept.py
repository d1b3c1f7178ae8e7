"""NetKet's adaptive Runge-Kutta step before it was jitted: `scaled_err < 1.0 or is_at_min_dt` on a tracer.

source: netket/netket netket/experimental/dynamics/_rk_solver.py at 035285223b6adacfc8df1a23bf7479ea00c12d9c (general_time_step_adaptive, marked "# TODO: Allow JITing"); made jittable in https://github.com/netket/netket/pull/1024 ("JIT-compile the ODE time step functions": `accept_step = jnp.logical_or(scaled_err < 1.0, is_at_min_dt)`), e.g. the revision at 2c8bbc8eff1fbcf88c2384c27c97f7229566024e
error: TracerBoolConversionError
category: traced-or-in-ode-step-controller
expect: fix
notes: general_time_step_adaptive, set_flag_jax, scaled_error and propose_time_step are verbatim; euclidean_norm is verbatim except `jax.tree_map` -> `jax.tree_util.tree_map` (removed from current JAX); SolverFlags drops its `__MESSAGES__`/`message()` text helpers and RungeKuttaState its `__repr__`/`accepted`. Adapted: RungeKuttaState is a plain dataclass registered with jax.tree_util.register_dataclass (netket's struct.dataclass gives the same `.replace`); `t` is a plain scalar instead of nk.utils.KahanSum (so `rk_state.t.value` became `rk_state.t`); nk.jax.tree_size and mpi_all_jax (single process) are inlined as tiny helpers; the step function is a Heun-Euler (RK12) step with embedded error for dy/dt = -y + sin(t), written for the case (netket passes tableau.step_with_error). `f` jits a wrapper that builds the state and calls the step with the integrator's default dt_limits (None, 10 * initial_dt).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
from enum import IntFlag, auto
from functools import partial
from typing import Callable, Optional, Tuple, Union

import jax
import jax.numpy as jnp

Array = jax.Array
PyTree = object


class SolverFlags(IntFlag):
    """
    Enumc class containing flags for signaling solver information from within `jax.jit`ed code.
    """

    NONE = 0
    INFO_STEP_ACCEPTED = auto()
    WARN_MIN_DT = auto()
    WARN_MAX_DT = auto()
    ERROR_INVALID_DT = auto()

    WARNINGS_FLAGS = WARN_MIN_DT | WARN_MAX_DT
    ERROR_FLAGS = ERROR_INVALID_DT


def set_flag_jax(condition, flags, flag):
    """
    If `condition` is true, `flags` is updated by setting `flag` to 1.
    This is equivalent to the following code, but compatible with jax.jit:
        if condition:
            flags |= flag
    """
    return jax.lax.cond(
        condition,
        lambda x: x | flag,
        lambda x: x,
        flags,
    )


def euclidean_norm(x: Union[PyTree, Array]):
    """
    Computes the Euclidean L2 norm of the Array or PyTree intended as a flattened array
    """
    if isinstance(x, jnp.ndarray):
        return jnp.sqrt(jnp.sum(jnp.abs(x) ** 2))
    else:
        return jnp.sqrt(
            jax.tree_util.tree_reduce(
                lambda x, y: x + y,
                jax.tree_util.tree_map(lambda x: jnp.sum(jnp.abs(x) ** 2), x),
            )
        )


def tree_size(tree):
    return sum(leaf.size for leaf in jax.tree_util.tree_leaves(tree))


def mpi_all_jax(x):
    # single process: every rank agrees
    return x, None


@partial(
    jax.tree_util.register_dataclass,
    data_fields=["step_no", "step_no_total", "t", "y", "dt", "last_norm", "flags"],
    meta_fields=[],
)
@dataclasses.dataclass
class RungeKuttaState:
    step_no: int
    """Number of successful steps since the start of the iteration."""
    step_no_total: int
    """Number of steps since the start of the iteration, including rejected steps."""
    t: float
    """Current time."""
    y: Array
    """Solution at current time."""
    dt: float
    """Current step size."""
    last_norm: Optional[float] = None
    """Solution norm at previous time step."""
    flags: SolverFlags = SolverFlags.INFO_STEP_ACCEPTED
    """Flags containing information on the solver state."""

    def replace(self, **kwargs):
        return dataclasses.replace(self, **kwargs)


def scaled_error(y, y_err, atol, rtol, *, last_norm_y=None, norm_fn):
    norm_y = norm_fn(y)
    scale = (atol + jnp.maximum(norm_y, last_norm_y) * rtol) / tree_size(y_err)
    return norm_fn(y_err) / scale, norm_y


LimitsType = Tuple[Optional[float], Optional[float]]
"""Type of the dt limits field, having independently optional upper and lower bounds."""


def propose_time_step(
    dt: float, scaled_error: float, error_order: int, limits: LimitsType
):
    """
    Propose an updated dt based on the scheme suggested in Numerical Recipes, 3rd ed.
    """
    SAFETY_FACTOR = 0.95
    err_exponent = -1.0 / (1 + error_order)
    return jnp.clip(
        dt * SAFETY_FACTOR * scaled_error ** err_exponent,
        limits[0],
        limits[1],
    )


# TODO: Allow JITing
# @partial(jax.jit, static_argnames=["step_fn", "norm_fn"])
def general_time_step_adaptive(
    step_fn: Callable,
    rk_state: RungeKuttaState,
    atol: float,
    rtol: float,
    error_order: int,
    norm_fn: Callable,
    max_dt: Optional[float],
    dt_limits: LimitsType,
):
    flags = SolverFlags(0)

    if max_dt is None:
        actual_dt = rk_state.dt
    else:
        actual_dt = jnp.minimum(rk_state.dt, max_dt)

    next_y, y_err = step_fn(rk_state.t, actual_dt, rk_state.y)

    scaled_err, norm_y = scaled_error(
        next_y,
        y_err,
        atol,
        rtol,
        last_norm_y=rk_state.last_norm,
        norm_fn=norm_fn,
    )

    # Propose the next time step, but limited within [0.1 dt, 5 dt] and potential
    # global limits in dt_limits. Not used when actual_dt < rk_state.dt (i.e., the
    # integrator is doing a smaller step to hit a specific stop).
    next_dt = propose_time_step(
        actual_dt,
        scaled_err,
        error_order,
        limits=(
            jnp.maximum(0.1 * rk_state.dt, dt_limits[0])
            if dt_limits[0]
            else 0.1 * rk_state.dt,
            jnp.minimum(5.0 * rk_state.dt, dt_limits[1])
            if dt_limits[1]
            else 5.0 * rk_state.dt,
        ),
    )

    # check if next dt is NaN
    flags = set_flag_jax(~jnp.isfinite(next_dt), flags, SolverFlags.ERROR_INVALID_DT)

    # check if we are at lower bound for dt
    if dt_limits[0] is not None:
        is_at_min_dt = jnp.isclose(next_dt, dt_limits[0])
        flags = set_flag_jax(is_at_min_dt, flags, SolverFlags.WARN_MIN_DT)
    else:
        is_at_min_dt = False
    if dt_limits[1] is not None:
        is_at_max_dt = jnp.isclose(next_dt, dt_limits[1])
        flags = set_flag_jax(is_at_max_dt, flags, SolverFlags.WARN_MAX_DT)

    # accept if error is within tolerances or we are already at the minimal step
    accept_step = scaled_err < 1.0 or is_at_min_dt
    # accept the time step iff it is accepted by all MPI processes
    accept_step, _ = mpi_all_jax(accept_step)

    return jax.lax.cond(
        accept_step or is_at_min_dt,
        # step accepted
        lambda _: rk_state.replace(
            step_no=rk_state.step_no + 1,
            step_no_total=rk_state.step_no_total + 1,
            y=next_y,
            t=rk_state.t + actual_dt,
            dt=jax.lax.cond(
                actual_dt == rk_state.dt,
                lambda _: next_dt,
                lambda _: rk_state.dt,
                None,
            ),
            last_norm=norm_y,
            flags=flags | SolverFlags.INFO_STEP_ACCEPTED,
        ),
        # step rejected, repeat with lower dt
        lambda _: rk_state.replace(
            step_no_total=rk_state.step_no_total + 1,
            dt=next_dt,
            flags=flags,
        ),
        None,
    )


def rhs(t, y):
    return -y + jnp.sin(t)


def heun_euler_step_with_error(t, dt, y):
    k1 = rhs(t, y)
    k2 = rhs(t + dt, y + dt * k1)
    y_high = y + dt * 0.5 * (k1 + k2)
    y_low = y + dt * k1
    return y_high, y_high - y_low


def _f(y, t, dt, last_norm):
    rk_state = RungeKuttaState(
        step_no=0,
        step_no_total=0,
        t=t,
        y=y,
        dt=dt,
        last_norm=last_norm,
        flags=SolverFlags(0),
    )
    return general_time_step_adaptive(
        heun_euler_step_with_error,
        rk_state,
        atol=0.0,
        rtol=1e-3,
        error_order=1,
        norm_fn=euclidean_norm,
        max_dt=None,
        dt_limits=(None, 1.0),
    )


f = jax.jit(_f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    y = rng.normal(size=(4,)).astype(np.float32)
    t = np.float32(rng.uniform(0.0, 5.0))
    # small steps are accepted, large ones rejected
    dt = np.float32(10.0 ** rng.uniform(-3.0, 0.0))
    last_norm = np.float32(np.linalg.norm(y))
    return (y, t, dt, last_norm)


INPUTS = make_inputs


def _general_time_step_adaptive_fixed(step_fn, rk_state, atol, rtol, error_order, norm_fn, max_dt, dt_limits):
    flags = SolverFlags(0)
    actual_dt = rk_state.dt if max_dt is None else jnp.minimum(rk_state.dt, max_dt)
    next_y, y_err = step_fn(rk_state.t, actual_dt, rk_state.y)
    scaled_err, norm_y = scaled_error(next_y, y_err, atol, rtol, last_norm_y=rk_state.last_norm, norm_fn=norm_fn)
    next_dt = propose_time_step(
        actual_dt,
        scaled_err,
        error_order,
        limits=(
            jnp.maximum(0.1 * rk_state.dt, dt_limits[0]) if dt_limits[0] else 0.1 * rk_state.dt,
            jnp.minimum(5.0 * rk_state.dt, dt_limits[1]) if dt_limits[1] else 5.0 * rk_state.dt,
        ),
    )
    flags = set_flag_jax(~jnp.isfinite(next_dt), flags, SolverFlags.ERROR_INVALID_DT)
    if dt_limits[0] is not None:
        is_at_min_dt = jnp.isclose(next_dt, dt_limits[0])
        flags = set_flag_jax(is_at_min_dt, flags, SolverFlags.WARN_MIN_DT)
    else:
        is_at_min_dt = False
    if dt_limits[1] is not None:
        is_at_max_dt = jnp.isclose(next_dt, dt_limits[1])
        flags = set_flag_jax(is_at_max_dt, flags, SolverFlags.WARN_MAX_DT)
    accept_step = jnp.logical_or(scaled_err < 1.0, is_at_min_dt)
    accept_step, _ = mpi_all_jax(accept_step)
    return jax.lax.cond(
        jnp.logical_or(accept_step, is_at_min_dt),
        lambda _: rk_state.replace(
            step_no=rk_state.step_no + 1,
            step_no_total=rk_state.step_no_total + 1,
            y=next_y,
            t=rk_state.t + actual_dt,
            dt=jax.lax.cond(actual_dt == rk_state.dt, lambda _: next_dt, lambda _: rk_state.dt, None),
            last_norm=norm_y,
            flags=flags | SolverFlags.INFO_STEP_ACCEPTED,
        ),
        lambda _: rk_state.replace(step_no_total=rk_state.step_no_total + 1, dt=next_dt, flags=flags),
        None,
    )


@jax.jit
def reference_fix(y, t, dt, last_norm):
    rk_state = RungeKuttaState(step_no=0, step_no_total=0, t=t, y=y, dt=dt, last_norm=last_norm, flags=SolverFlags(0))
    return _general_time_step_adaptive_fixed(
        heun_euler_step_with_error, rk_state, atol=0.0, rtol=1e-3, error_order=1,
        norm_fn=euclidean_norm, max_dt=None, dt_limits=(None, 1.0),
    )
