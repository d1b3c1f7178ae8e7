"""Newton-Raphson constraint solver: `if jnp.linalg.norm(r) < tol: return x` inside the iteration loop.

source: andrinr/jaxcad jaxcad/constraints/solve.py at 395c87b7eb6bfe076867836732d74d33bba0cf4f (newton_raphson; the repo's own notes call the early exit "not JIT-compatible" and later replace it with optimistix)
error: TracerBoolConversionError
category: for-early-return-newton
expect: fix
notes: newton_raphson's loop verbatim; the post-loop `float(...)` / `raise RuntimeError` non-convergence check is dropped (it cannot run under jit); residual_fn is a two-distance-constraint system like a DistanceConstraint pair, built in a jitted caller with tol=1e-4, max_iter=20.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from typing import Callable

import jax
import jax.numpy as jnp
from jax import Array


def newton_raphson(
    residual_fn: Callable[[Array], Array],
    x0: Array,
    *,
    tol: float = 1e-6,
    max_iter: int = 100,
) -> Array:
    """Find x such that residual_fn(x) ≈ 0 using Newton-Raphson."""
    x = x0
    for _ in range(max_iter):
        r = residual_fn(x)
        if jnp.linalg.norm(r) < tol:
            return x
        J = jax.jacobian(residual_fn)(x)
        dx = jnp.linalg.lstsq(J, r, rcond=None)[0]
        x = x - dx
    return x


@jax.jit
def f(x0, anchor_a, anchor_b, dist):
    def residual_fn(p):
        return jnp.stack([
            jnp.linalg.norm(p - anchor_a) - dist[0],
            jnp.linalg.norm(p - anchor_b) - dist[1],
        ])
    return newton_raphson(residual_fn, x0, tol=1e-4, max_iter=20)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    p = rng.normal(size=(2,))
    a = rng.normal(size=(2,)) + np.array([2.0, 0.0])
    b = rng.normal(size=(2,)) + np.array([-2.0, 0.0])
    dist = np.array([np.linalg.norm(p - a), np.linalg.norm(p - b)])
    if rng.uniform() < 0.2:
        x0 = p  # already converged: returns at the first check
    else:
        x0 = p + rng.normal(scale=0.3, size=(2,))
    return (x0.astype(np.float32), a.astype(np.float32), b.astype(np.float32), dist.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(x0, anchor_a, anchor_b, dist):
    def residual_fn(p):
        return jnp.stack([
            jnp.linalg.norm(p - anchor_a) - dist[0],
            jnp.linalg.norm(p - anchor_b) - dist[1],
        ])

    def cond(state):
        i, x = state
        return (i < 20) & (jnp.linalg.norm(residual_fn(x)) >= 1e-4)

    def body(state):
        i, x = state
        J = jax.jacobian(residual_fn)(x)
        dx = jnp.linalg.lstsq(J, residual_fn(x), rcond=None)[0]
        return i + 1, x - dx

    return lax.while_loop(cond, body, (0, x0))[1]
