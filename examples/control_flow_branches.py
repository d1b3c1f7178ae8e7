"""Branches on traced values that `tracerfix rewrite` turns into selections.

Run `tracerfix rewrite --diff examples/control_flow_branches.py` to see each fix: `jnp.where`
for cheap branches, `jnp.select` for a chain, a folded `return`, `lax.cond` for an expensive
branch. The last function is reported but left alone: `y` exists in one branch only.
"""

import jax
import jax.numpy as jnp


@jax.jit
def piecewise(x):
    t = x.mean()
    if t < -1.0:  # expect: TFX101
        y = -jnp.ones_like(x)
    elif t < 0.0:  # expect: TFX101
        y = jnp.zeros_like(x)
    elif t < 1.0:  # expect: TFX101
        y = x
    else:
        y = 2 * x
    return y


@jax.jit
def clipped_step(params, grad, lr):
    norm = jnp.linalg.norm(grad)
    if norm > 1.0:  # expect: TFX101
        return params - lr * grad / norm
    return params - lr * grad


@jax.jit
def maybe_project(x, basis):
    if jnp.abs(x).max() > 10.0:  # expect: TFX101
        x = basis @ (basis.T @ x)
    return x


@jax.jit
def first_defined_in_one_branch(x):
    if x.sum() > 0:  # expect: TFX101
        y = x * 2
    return y


if __name__ == "__main__":
    x = jnp.array([0.5, -0.25, 2.0])
    try:
        piecewise(x)
    except jax.errors.ConcretizationTypeError as error:
        print(f"piecewise leaks a tracer ({type(error).__name__}); run `tracerfix rewrite` on this file")
