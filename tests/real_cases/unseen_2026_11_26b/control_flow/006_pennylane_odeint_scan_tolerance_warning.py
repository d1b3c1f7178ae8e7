"""A fixed-step RK solver whose `lax.scan` body warns with a Python `if` on the traced error ratio.

source: https://github.com/PennyLaneAI/pennylane/pull/3616 ("[WIP] Fix dt ODE solver", review thread on pennylane/math/ode.py:97: `if mean_err_ratio > 1.:` inside `scan_fun` — "This fails unsurprisingly with ConcretizationTypeError"); runge_kutta_step, _abs2 and the warning text from PennyLaneAI/pennylane pennylane/math/ode.py at 07a94ca42995133841e41e99c86bd60519eab7ae, where the check was moved into a host_callback (`_tolerance_warn`)
error: TracerBoolConversionError
category: scan-body-traced-if-side-effect
expect: report
notes: `scan_fun` as in the PR diff; the diff hunk stops at the `if`, so the branch body is the `warnings.warn(...)` call that the merged file makes from `_tolerance_warn` (same message). `runge_kutta_step` verbatim; the ravel_pytree / linear_util wrapping of `odeint` is dropped (y0 is already a flat vector), `odeint` keeps its `partial(jax.jit, static_argnums=0)` decorator and `f` binds the ODE right-hand side. The branch only emits a warning, so there is nothing value-preserving to rewrite it into: it should be reported (jax.debug.callback / io_callback is the fix the project chose).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import warnings
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=0)
def odeint(func, y0, ts, *args, atol=1e-8, rtol=1e-8):
    return _odeint(func, y0, ts, atol, rtol, *args)


def abs2(x):
    """Computing the squared absolute value of x"""
    if jnp.iscomplexobj(x):
        return x.real**2 + x.imag**2
    return x**2


def _odeint(func, y0, ts, atol, rtol, *args):
    def func_(y, t):
        return func(y, t, *args)

    def scan_fun(carry, t1):
        y0, f0, t0 = carry
        dt = t1 - t0
        # not using y1_error and k atm
        y1, f1, y1_error = runge_kutta_step(func_, y0, f0, t0, dt)

        # check error
        #def mean_error_ratio(error_estimate, rtol, atol, y0, y1):
        err_tol = atol + rtol * jnp.maximum(jnp.abs(y0), jnp.abs(y1))
        err_ratio = y1_error / err_tol.astype(y1_error.dtype)
        mean_err_ratio = jnp.sqrt(jnp.mean(abs2(err_ratio)))
        if mean_err_ratio > 1.:
            warnings.warn(
                f"An mean error of {jnp.sqrt(jnp.mean(abs2(y1_error)))} in y occured which exceeds the mean error tolerance {jnp.sqrt(jnp.mean(abs2(err_tol)))} "
                f"based on a tolerance of atol = {atol} and rtol = {rtol}. "
                "Try reducing the step size.",
                UserWarning,
            )

        carry = [y1, f1, t1]
        return carry, y1

    # scan = fancy for-loop in jax, see https://jax.readthedocs.io/en/latest/_autosummary/jax.lax.scan.html
    f0 = func_(y0, ts[0])
    init = [y0, f0, ts[0]]
    carry, _ = jax.lax.scan(scan_fun, init, ts[1:])
    y, _, _ = carry
    return y


def runge_kutta_step(func, y0, f0, t0, dt):
    """Performing the Runge Kutta 45 step

    Butcher table taken from `wikipedia.org/Dormand Prince <https://en.wikipedia.org/wiki/Dormand%E2%80%93Prince_method>`_
    """
    alpha = jnp.array([1 / 5, 3 / 10, 4 / 5, 8 / 9, 1.0, 1.0, 0], dtype=dt.dtype)
    beta = jnp.array(
        [
            [1 / 5, 0, 0, 0, 0, 0, 0],
            [3 / 40, 9 / 40, 0, 0, 0, 0, 0],
            [44 / 45, -56 / 15, 32 / 9, 0, 0, 0, 0],
            [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729, 0, 0, 0],
            [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656, 0, 0],
            [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0],
        ],
        dtype=f0.dtype,
    )
    c_sol = jnp.array(
        [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0], dtype=f0.dtype
    )

    # TODO: include error check
    c_error = jnp.array(
        [
            35 / 384 - 1951 / 21600,
            0,
            500 / 1113 - 22642 / 50085,
            125 / 192 - 451 / 720,
            -2187 / 6784 - -12231 / 42400,
            11 / 84 - 649 / 6300,
            -1.0 / 60.0,
        ],
        dtype=f0.dtype,
    )

    def body_fun(i, k):
        ti = t0 + dt * alpha[i - 1]
        yi = y0 + dt.astype(f0.dtype) * jnp.dot(beta[i - 1, :], k)
        ft = func(yi, ti)
        return k.at[i, :].set(ft)

    k = jnp.zeros((7, f0.shape[0]), f0.dtype).at[0, :].set(f0)
    k = jax.lax.fori_loop(1, 7, body_fun, k)

    y1 = dt.astype(f0.dtype) * jnp.dot(c_sol, k) + y0
    y1_error = dt.astype(f0.dtype) * jnp.dot(c_error, k)  # see coeffs, this is y(coeff) - y(coeff*)
    f1 = k[-1]
    return y1, f1, y1_error


def fun(y, t, params):
    return -params * jnp.sin(t) * y


f = partial(odeint, fun)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    y0 = rng.normal(size=(4,)).astype(np.float32)
    ts = np.linspace(0.0, 2.0, 20).astype(np.float32)
    params = rng.uniform(0.5, 5.0, size=(4,)).astype(np.float32)
    return (y0, ts, params)


INPUTS = make_inputs
