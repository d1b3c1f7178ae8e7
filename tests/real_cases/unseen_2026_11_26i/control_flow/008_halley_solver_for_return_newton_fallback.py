"""A JAX Halley root finder: `for` loop with a traced early `return` and a traced if/else fallback to a Newton step.

source: a public repository file whose module docstring reads "Halley's root-finding method (cubic convergence).", defining `solve(f, x0, tol=1e-12, max_iter=50)` with jax.grad derivatives (code-search index file id 51908023770; the index could not name the repository or commit)
error: TracerBoolConversionError
category: for-early-return + if-else-in-loop
expect: fix
notes: `solve` verbatim. The jitted `f` (written for the case) uses it on Kepler's equation E - e sin E = M, starting from E = M, with tol=1e-6 because the judge runs in float32. The `abs(denom) < 1e-30` Newton fallback is part of the leak but never taken for these inputs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def solve(f, x0, tol=1e-12, max_iter=50):
    """Find root near x0 using Halley's method.

    Requires f, f', and f''. Uses JAX AD to compute derivatives.
    Achieves cubic convergence.
    """
    df = jax.grad(f)
    ddf = jax.grad(df)

    x = x0
    for _ in range(max_iter):
        fx = f(x)
        if jnp.abs(fx) < tol:
            return x

        fpx = df(x)
        fppx = ddf(x)

        # Halley's formula: x_{n+1} = x_n - 2*f*f' / (2*f'^2 - f*f'')
        denom = 2.0 * fpx**2 - fx * fppx
        if jnp.abs(denom) < 1e-30:
            # Fallback to Newton
            x = x - fx / fpx
        else:
            x = x - 2.0 * fx * fpx / denom

    return x


@jax.jit
def f(M, e):
    return solve(lambda E: E - e * jnp.sin(E) - M, M, tol=1e-6)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    M = np.float32(rng.uniform(0.0, 2 * np.pi))
    e = np.float32(rng.uniform(0.0, 0.9))
    return (M, e)


INPUTS = make_inputs


@jax.jit
def reference_fix(M, e):
    g = lambda E: E - e * jnp.sin(E) - M
    dg = jax.grad(g)
    ddg = jax.grad(dg)
    tol, max_iter = 1e-6, 50

    def cond(carry):
        i, x = carry
        return (i < max_iter) & ~(jnp.abs(g(x)) < tol)

    def body(carry):
        i, x = carry
        fx = g(x)
        fpx = dg(x)
        fppx = ddg(x)
        denom = 2.0 * fpx**2 - fx * fppx
        x = jnp.where(jnp.abs(denom) < 1e-30, x - fx / fpx, x - 2.0 * fx * fpx / denom)
        return i + 1, x

    _, x = jax.lax.while_loop(cond, body, (0, M))
    return x
