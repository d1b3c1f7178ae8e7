"""Safeguarded Newton root finder: two `return x` inside `for _ in range(max_iter)` plus traced if/else updates.

source: code-search index file id 52203148822 (module docstring "Newton-safe root finding — Newton with bisection fallback.", function `solve(f, lower, upper, x0=None, tol=1e-12, max_iter=100)`); repository and commit could not be resolved. A sibling module of the same unresolved repository (Halley's method, file id 51908023770) is already used elsewhere; this is a different file and algorithm.
error: TracerBoolConversionError
category: early-return-in-loop, if-else-bracket-update, static-is-none
expect: fix
notes: solve verbatim (it already uses jnp and jax.grad, so it is meant for JAX). The jitted driver
  `f(c, lower, upper)` that solves x**2 - c = 0 on a traced bracket is written for the case. Leaks:
  `if jnp.abs(fx) < tol: return x`, `if jnp.abs(fpx) > 1e-30:` (else: bisection midpoint),
  `if jnp.sign(fx_new) == jnp.sign(fl):` (two-variable update), `if jnp.abs(upper - lower) < tol: return x`.
  `if x0 is None` is static. make_inputs covers a first-iteration exact root, a zero derivative at the
  midpoint, and ordinary brackets.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def solve(f, lower, upper, x0=None, tol=1e-12, max_iter=100):
    """Newton's method with bisection safeguard.

    Uses Newton when it stays within brackets, falls back to bisection
    when Newton steps outside the bracket.
    """
    if x0 is None:
        x0 = 0.5 * (lower + upper)

    df = jax.grad(f)

    fl = f(lower)
    fu = f(upper)

    x = x0
    for _ in range(max_iter):
        fx = f(x)
        if jnp.abs(fx) < tol:
            return x

        fpx = df(x)

        # Newton step
        if jnp.abs(fpx) > 1e-30:
            x_newton = x - fx / fpx
        else:
            x_newton = 0.5 * (lower + upper)

        # Check if Newton stays in bracket
        in_bracket = (x_newton > lower) & (x_newton < upper)
        x_bisect = 0.5 * (lower + upper)
        x_new = jnp.where(in_bracket, x_newton, x_bisect)

        # Update bracket
        fx_new = f(x_new)
        if jnp.sign(fx_new) == jnp.sign(fl):
            lower = x_new
            fl = fx_new
        else:
            upper = x_new
            fu = fx_new

        x = x_new

        if jnp.abs(upper - lower) < tol:
            return x

    return x


@jax.jit
def f(c, lower, upper):
    return solve(lambda x: x * x - c, lower, upper)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = rng.integers(0, 3)
    if kind == 0:  # midpoint is the exact root: return on the first iteration
        r = float(rng.integers(1, 4))
        c, lower, upper = r * r, 0.0, 2.0 * r
    elif kind == 1:  # symmetric bracket: zero derivative at the midpoint
        u = rng.uniform(1.5, 3.0)
        c, lower, upper = rng.uniform(0.5, 2.0), -u, u
    else:
        c = rng.uniform(0.5, 4.0)
        lower, upper = rng.uniform(0.0, 0.5), rng.uniform(2.5, 4.0)
    as32 = lambda v: np.asarray(v, dtype=np.float32)
    return (as32(c), as32(lower), as32(upper))


INPUTS = make_inputs


@jax.jit
def reference_fix(c, lower, upper):
    func = lambda x: x * x - c
    tol, max_iter = 1e-12, 100
    df = jax.grad(func)
    x0 = 0.5 * (lower + upper)
    fl = func(lower)

    def body(_, state):
        x, lower, upper, fl, done = state
        fx = func(x)
        stop_now = done | (jnp.abs(fx) < tol)
        fpx = df(x)
        x_newton = jnp.where(jnp.abs(fpx) > 1e-30, x - fx / fpx, 0.5 * (lower + upper))
        in_bracket = (x_newton > lower) & (x_newton < upper)
        x_new = jnp.where(in_bracket, x_newton, 0.5 * (lower + upper))
        fx_new = func(x_new)
        same = jnp.sign(fx_new) == jnp.sign(fl)
        n_lower = jnp.where(same, x_new, lower)
        n_fl = jnp.where(same, fx_new, fl)
        n_upper = jnp.where(same, upper, x_new)
        n_done = jnp.abs(n_upper - n_lower) < tol
        keep = lambda old, new: jnp.where(stop_now, old, new)
        return (keep(x, x_new), keep(lower, n_lower), keep(upper, n_upper),
                keep(fl, n_fl), stop_now | n_done)

    x, *_ = jax.lax.fori_loop(0, max_iter, body, (x0, lower, upper, fl, jnp.array(False)))
    return x
