"""Early diffrax's diffeqint: a Python `while jnp.any(not_done) and ...` solve loop that appends every accepted step to ts/ys.

source: patrick-kidger/diffrax diffrax/integrate.py (early revision with `diffeqint`, `autojit` and the comment "We don't use lax.while_loop as it doesn't support reverse-mode autodiff"; later revisions of the same path, such as the one the index holds at 591327b546c92fb03c9dd01637aa3dac87525e31, drive the solve with a lax-based bounded while loop instead)
error: TracerBoolConversionError
category: dynamic-length-while-append
expect: report
notes: the driver loop, the `_step` tail (stop_gradient, clamp to t1, keep/where) and the saving logic are verbatim; the solver (Heun with an embedded Euler error estimate), the step-size controller (an I-controller on the RMS scaled error) and the pytree squashing are inlined as small functions, and SaveAt is reduced to the two flags used here. With steps saved, the number of stacked rows equals the number of accepted steps, which depends on the data: the output shape is data-dependent, so no jit-safe rewrite of f exists (it needs a fixed-size buffer, a different API).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.lax as lax
import jax.numpy as jnp


def vector_field(t, y, args):
    damping, omega = args
    return jnp.stack([y[1], -omega ** 2 * y[0] - damping * y[1]])


def solver_step(tprev, tnext, y, args):
    dt = tnext - tprev
    k1 = vector_field(tprev, y, args)
    y_euler = y + dt * k1
    k2 = vector_field(tnext, y_euler, args)
    y_candidate = y + 0.5 * dt * (k1 + k2)
    return y_candidate, y_candidate - y_euler


def adapt_step_size(tprev, tnext, y, y_candidate, y_error, rtol=1e-3, atol=1e-6):
    scale = atol + rtol * jnp.maximum(jnp.abs(y), jnp.abs(y_candidate))
    err = jnp.sqrt(jnp.mean((y_error / scale) ** 2))
    keep_step = err <= 1
    factor = jnp.clip(0.9 * err ** -0.5, 0.2, 10.0)
    dt = (tnext - tprev) * factor
    new_prev = jnp.where(keep_step, tnext, tprev)
    return keep_step, new_prev, new_prev + dt


def _step(tprev, tnext, y, t1, args):
    y_candidate, y_error = solver_step(tprev, tnext, y, args)
    (keep_step, tprev, tnext) = adapt_step_size(tprev, tnext, y, y_candidate, y_error)
    tprev = lax.stop_gradient(tprev)
    tnext = lax.stop_gradient(tnext)
    tnext = jnp.minimum(tnext, t1)
    not_done = tprev < t1
    keep_step = keep_step & not_done
    keep = lambda a, b: jnp.where(keep_step, a, b)
    y = keep(y_candidate, y)
    return tprev, tnext, y, keep_step, not_done


def diffeqint(t0, t1, y0, dt0, args, save_t0=True, save_steps=True, max_steps=2**31 - 1):
    y = y0
    tprev = t0
    tnext = t0 + dt0

    ts = []
    ys = []
    if save_t0:
        ts.append(t0)
        ys.append(y0)

    not_done = tprev < t1
    num_steps = 0
    # We don't use lax.while_loop as it doesn't support reverse-mode autodiff
    while jnp.any(not_done) and num_steps < max_steps:
        num_steps = num_steps + 1
        (tprev, tnext, y, keep_step, not_done) = _step(tprev, tnext, y, t1, args)
        if save_steps & jnp.any(keep_step):
            ts.append(tprev)
            ys.append(y)

    ts.append(tprev)
    ys.append(y)
    return jnp.stack(ts), jnp.stack(ys)


@jax.jit
def f(y0, t1, damping, omega):
    return diffeqint(0.0, t1, y0, 0.1, (damping, omega))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    y0 = rng.normal(size=(2,)).astype(np.float32)
    t1 = np.float32(rng.uniform(0.5, 3.0))
    damping = np.float32(rng.uniform(0.0, 1.0))
    omega = np.float32(rng.uniform(0.5, 4.0))
    return (y0, t1, damping, omega)


INPUTS = make_inputs
