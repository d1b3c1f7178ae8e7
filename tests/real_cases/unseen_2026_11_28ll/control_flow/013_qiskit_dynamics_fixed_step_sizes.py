"""jnp override of Qiskit Dynamics `get_fixed_step_sizes`: per-interval `if n_steps == 0 / elif ...` on traced step counts.

source: faulhornlabs/simphony simphony/_qiskit_dynamics_patch.py at f60fceac7108a8a3bfb40da4abff5236e26a32e4 ("This section overrides specific parts of Qiskit Dynamics 0.5.1 to enable automatic differentiation for Simphony"; get_fixed_step_sizes and merge_t_args; code-index file id 47313102212)
error: TracerBoolConversionError
category: for-per-element-cond
expect: fix
notes: get_fixed_step_sizes and merge_t_args are verbatim. Dropped the qiskit_dynamics / scipy imports, the other overridden solvers and the `qiskit_dynamics.solvers... = ...` monkeypatch assignments (qiskit_dynamics is not installed); `ArrayLike` is aliased to `jax.typing.ArrayLike`. The override replaced Qiskit's NumPy code (whose docstring still says it "is not differentiable or compilable using jax") by jnp so that the time span can be traced; the jitted entry point `f(t_span, max_dt)` calls it with t_eval=None (merge_t_args then returns t_span unchanged; with a t_eval its ValueError checks would also need concrete values). Inputs include intervals shorter than max_dt (n_steps == 0), non-integer ratios (the rounding branch), exact multiples, and backward integration.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Callable, Optional, Tuple

import jax
import jax.numpy as jnp
from jax.typing import ArrayLike


def get_fixed_step_sizes(
    t_span: ArrayLike, t_eval: ArrayLike, max_dt: float
) -> Tuple[ArrayLike, ArrayLike, ArrayLike]:
    """Merge ``t_span`` and ``t_eval``, and determine the number of time steps and
    and step sizes (no larger than ``max_dt``) required to fixed-step integrate between
    each time point.

    Args:
        t_span: Total interval of integration.
        t_eval: Time points within t_span at which the solution should be returned.
        max_dt: Max size step to take.

    Returns:
        Tuple[Array, Array, Array]: with merged time point list, list of step sizes to take
        between time points, and list of corresponding number of steps to take between time steps.
    """
    # time args are non-differentiable
    t_span = jnp.array(t_span)
    max_dt = jnp.array(max_dt)
    t_list = jnp.array(merge_t_args(t_span, t_eval))

    # set the number of time steps required in each interval so that
    # no steps larger than max_dt are taken
    delta_t_list = jnp.diff(t_list)
    n_steps_list = jnp.abs(delta_t_list / max_dt).astype(int)

    # correct potential rounding errors
    for idx, (delta_t, n_steps) in enumerate(zip(delta_t_list, n_steps_list)):
        if n_steps == 0:
            n_steps_list = n_steps_list.at[idx].set(1)
        # absolute value to handle backwards integration
        elif jnp.abs(delta_t / n_steps) / max_dt > 1 + 1e-15:
            n_steps_list = n_steps_list.at[idx].set(n_steps + 1)

    # step size in each interval
    h_list = jnp.array(delta_t_list / n_steps_list)

    return t_list, h_list, n_steps_list


def merge_t_args(t_span: ArrayLike, t_eval: Optional[ArrayLike] = None) -> jnp.ndarray:
    """Merge ``t_span`` and ``t_eval`` into a single array.

    Validition is similar to scipy ``solve_ivp``: ``t_eval`` must be contained in ``t_span``, and be
    increasing if ``t_span[1] > t_span[0]`` or decreasing if ``t_span[1] < t_span[0]``.

    Note: this is done explicitly with ``numpy``, and hence this is not differentiable or compilable
    using jax.

    If ``t_eval is None`` returns ``t_span`` with no modification.

    Args:
        t_span: Interval to solve over.
        t_eval: Time points to include in returned results.

    Returns:
        np.ndarray: Combined list of times.

    Raises:
        ValueError: If one of several validation checks fail.
    """

    if t_eval is None:
        return t_span

    t_span = jnp.array(t_span)

    t_min = jnp.min(t_span)
    t_max = jnp.max(t_span)
    t_direction = jnp.sign(t_span[1] - t_span[0])

    t_eval = jnp.array(t_eval)

    if t_eval.ndim > 1:
        raise ValueError("t_eval must be 1 dimensional.")

    if jnp.min(t_eval) < t_min or jnp.max(t_eval) > t_max:
        raise ValueError("t_eval entries must lie in t_span.")

    diff = jnp.diff(t_eval)

    if jnp.any(t_direction * diff < 0.0):
        raise ValueError("t_eval must be ordered according to the direction of integration.")

    # add endpoints
    t_eval = jnp.append(jnp.append(t_span[0], t_eval), t_span[1])

    return t_eval


@jax.jit
def f(t_span, max_dt):
    return get_fixed_step_sizes(t_span, None, max_dt)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = int(rng.integers(0, 4))
    t0 = float(rng.uniform(-1.0, 1.0))
    max_dt = float(rng.choice([0.1, 0.25, 0.5]))
    if kind == 0:      # shorter than one step
        length = max_dt * float(rng.uniform(0.1, 0.9))
    elif kind == 1:    # exact multiple
        t0 = 0.0
        length = max_dt * int(rng.integers(1, 6))
    else:              # non-integer ratio
        length = max_dt * float(rng.uniform(1.2, 7.7))
    direction = -1.0 if rng.uniform() < 0.3 else 1.0
    t_span = np.array([t0, t0 + direction * length], dtype=np.float32)
    return (t_span, np.float32(max_dt))


INPUTS = make_inputs


@jax.jit
def reference_fix(t_span, max_dt):
    t_list = jnp.array(t_span)
    max_dt = jnp.array(max_dt)
    delta_t_list = jnp.diff(t_list)
    n0 = jnp.abs(delta_t_list / max_dt).astype(int)
    too_big = jnp.abs(delta_t_list / n0) / max_dt > 1 + 1e-15
    n_steps_list = jnp.where(n0 == 0, 1, jnp.where(too_big, n0 + 1, n0))
    h_list = jnp.array(delta_t_list / n_steps_list)
    return t_list, h_list, n_steps_list
