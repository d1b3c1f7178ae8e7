"""astrojax's adaptive RKF45 step: `if config is None`, `if control is not None`, an `error <= 1.0` acceptance test and a retry counter, all already inside lax.while_loop / jnp.where (untouched).

source: duncaneddy/astrojax src/astrojax/integrators/rkf45.py at 3c8d2a33b3bb91e8ac96e8a76270df5c818c6fc3 (rkf45_step), with compute_error_norm / compute_next_step_size from src/astrojax/integrators/_adaptive.py at 3c8d2a33b3bb91e8ac96e8a76270df5c818c6fc3 and AdaptiveConfig / StepResult from src/astrojax/integrators/_types.py at 6a566dcf530cece0f0725a136ffd4c47d36183b2
error: none
category: negative
expect: untouched
notes: The three modules are inlined verbatim (docstrings shortened to their first lines); `from astrojax.config import get_dtype` is replaced by a stand-in returning jnp.float32, and `from __future__ import annotations` is dropped (it must be a file's first statement, which the case layout does not allow). Added a damped-oscillator right-hand side and the jitted entry point `f(t, state, dt)`, which passes an AdaptiveConfig with looser float32-friendly tolerances (the normalised error estimate is returned, and with rel_tol=1e-3 its float32 round-off differs between jit and eager by more than the judge's tolerance). The requested |dt| is drawn from [0.8, 3] so that the accepted error is truncation- rather than round-off-dominated and several trials reject and shrink the step inside the while_loop.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from typing import Callable, NamedTuple, Optional

import jax
import jax.numpy as jnp
from jax import Array
from jax.typing import ArrayLike


def get_dtype():
    return jnp.float32


class StepResult(NamedTuple):
    """Result of a single integrator step."""

    state: Array
    dt_used: Array
    error_estimate: Array
    dt_next: Array


class AdaptiveConfig(NamedTuple):
    """Configuration for adaptive step-size control."""

    abs_tol: float = 1e-6
    rel_tol: float = 1e-3
    safety_factor: float = 0.9
    min_scale_factor: float = 0.2
    max_scale_factor: float = 10.0
    min_step: float = 1e-12
    max_step: float = 900.0
    max_step_attempts: int = 10


def compute_error_norm(
    error_vec: ArrayLike,
    state_new: ArrayLike,
    state_old: ArrayLike,
    abs_tol: float,
    rel_tol: float,
) -> Array:
    """Compute the normalized error norm for adaptive step-size control."""
    error_vec = jnp.asarray(error_vec, dtype=get_dtype())
    state_new = jnp.asarray(state_new, dtype=get_dtype())
    state_old = jnp.asarray(state_old, dtype=get_dtype())

    scale = abs_tol + rel_tol * jnp.maximum(jnp.abs(state_new), jnp.abs(state_old))
    return jnp.max(jnp.abs(error_vec) / scale)


def compute_next_step_size(
    error: ArrayLike,
    h: ArrayLike,
    order: float,
    safety_factor: float,
    min_scale_factor: float,
    max_scale_factor: float,
    min_step: float,
    max_step: float,
) -> Array:
    """Compute the next step size based on the current error estimate."""
    error = jnp.asarray(error, dtype=get_dtype())
    h = jnp.asarray(h, dtype=get_dtype())

    abs_h = jnp.abs(h)
    sign_h = jnp.sign(h)

    exponent = 1.0 / (order + 1.0)
    raw_scale = jnp.where(error > 0.0, jnp.power(1.0 / error, exponent), max_scale_factor)
    scale = safety_factor * raw_scale

    # Clamp scale factor
    scale = jnp.clip(scale, min_scale_factor, max_scale_factor)

    # Compute and clamp absolute step size
    abs_h_next = jnp.clip(abs_h * scale, min_step, max_step)

    return sign_h * abs_h_next


# Butcher tableau coefficients as Python tuples (cast at call time).
# Nodes
_C = (0.0, 1.0 / 4.0, 3.0 / 8.0, 12.0 / 13.0, 1.0, 1.0 / 2.0)

# Coupling coefficients (lower-triangular rows)
_A1 = (1.0 / 4.0,)
_A2 = (3.0 / 32.0, 9.0 / 32.0)
_A3 = (1932.0 / 2197.0, -7200.0 / 2197.0, 7296.0 / 2197.0)
_A4 = (439.0 / 216.0, -8.0, 3680.0 / 513.0, -845.0 / 4104.0)
_A5 = (-8.0 / 27.0, 2.0, -3544.0 / 2565.0, 1859.0 / 4104.0, -11.0 / 40.0)

# 5th-order weights (primary solution)
_B_HIGH = (16.0 / 135.0, 0.0, 6656.0 / 12825.0, 28561.0 / 56430.0, -9.0 / 50.0, 2.0 / 55.0)

# 4th-order weights (error estimation)
_B_LOW = (25.0 / 216.0, 0.0, 1408.0 / 2565.0, 2197.0 / 4104.0, -1.0 / 5.0, 0.0)


def rkf45_step(
    dynamics: Callable[[ArrayLike, ArrayLike], Array],
    t: ArrayLike,
    state: ArrayLike,
    dt: ArrayLike,
    config: Optional[AdaptiveConfig] = None,
    control: Optional[Callable[[ArrayLike, ArrayLike], Array]] = None,
) -> StepResult:
    """Perform a single adaptive RKF45 integration step."""
    if config is None:
        config = AdaptiveConfig()

    dtype = get_dtype()
    t = jnp.asarray(t, dtype=dtype)
    state = jnp.asarray(state, dtype=dtype)
    dt = jnp.asarray(dt, dtype=dtype)

    def f(ti, xi):
        dx = dynamics(ti, xi)
        if control is not None:
            dx = dx + control(ti, xi)
        return dx

    def _attempt_step(h):
        """Compute one RKF45 trial step with step size h."""
        k0 = f(t, state)
        k1 = f(t + _C[1] * h, state + h * _A1[0] * k0)
        k2 = f(t + _C[2] * h, state + h * (_A2[0] * k0 + _A2[1] * k1))
        k3 = f(t + _C[3] * h, state + h * (_A3[0] * k0 + _A3[1] * k1 + _A3[2] * k2))
        k4 = f(
            t + _C[4] * h,
            state + h * (_A4[0] * k0 + _A4[1] * k1 + _A4[2] * k2 + _A4[3] * k3),
        )
        k5 = f(
            t + _C[5] * h,
            state
            + h * (_A5[0] * k0 + _A5[1] * k1 + _A5[2] * k2 + _A5[3] * k3 + _A5[4] * k4),
        )

        # 5th-order solution (primary)
        state_high = state + h * (
            _B_HIGH[0] * k0
            + _B_HIGH[2] * k2
            + _B_HIGH[3] * k3
            + _B_HIGH[4] * k4
            + _B_HIGH[5] * k5
        )

        # 4th-order solution (for error estimation)
        state_low = state + h * (
            _B_LOW[0] * k0 + _B_LOW[2] * k2 + _B_LOW[3] * k3 + _B_LOW[4] * k4
        )

        error_vec = state_high - state_low
        error = compute_error_norm(
            error_vec, state_high, state, config.abs_tol, config.rel_tol
        )
        return state_high, error

    # Adaptive step-rejection loop via lax.while_loop.
    # Carry: (h, attempts, accepted, state_out, error_out)
    def cond_fn(carry):
        _h, attempts, accepted, _state_out, _error_out = carry
        return (~accepted) & (attempts < config.max_step_attempts)

    def body_fn(carry):
        h, attempts, _accepted, _state_out, _error_out = carry
        state_new, error = _attempt_step(h)

        at_min_step = jnp.abs(h) <= config.min_step
        step_accepted = (error <= 1.0) | at_min_step

        # If rejected, shrink step size for next attempt
        h_reduced = compute_next_step_size(
            error, h, 4.0, config.safety_factor,
            config.min_scale_factor, config.max_scale_factor,
            config.min_step, config.max_step,
        )
        h_next = jnp.where(step_accepted, h, h_reduced)

        return (h_next, attempts + 1, step_accepted, state_new, error)

    init_carry = (
        dt,
        jnp.asarray(0, dtype=jnp.int32),
        jnp.asarray(False),
        state,
        jnp.asarray(jnp.inf, dtype=dtype),
    )

    h_final, _attempts, _accepted, state_out, error_out = jax.lax.while_loop(
        cond_fn, body_fn, init_carry
    )

    # Compute suggested next step size from accepted error
    dt_next = compute_next_step_size(
        error_out, h_final, 4.0, config.safety_factor,
        config.min_scale_factor, config.max_scale_factor,
        config.min_step, config.max_step,
    )

    return StepResult(
        state=state_out,
        dt_used=h_final,
        error_estimate=error_out,
        dt_next=dt_next,
    )


def damped_oscillator(t, x):
    return jnp.array([x[1], -x[0] - 0.1 * x[1] + 0.5 * jnp.sin(t)])


@jax.jit
def f(t, state, dt):
    return rkf45_step(damped_oscillator, t, state, dt,
                      config=AdaptiveConfig(abs_tol=1e-3, rel_tol=1e-2))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    t = np.float32(rng.uniform(0.0, 5.0))
    state = rng.normal(size=(2,)).astype(np.float32)
    dt = np.float32(rng.uniform(0.8, 3.0) * rng.choice([-1.0, 1.0]))
    return (t, state, dt)


INPUTS = make_inputs
