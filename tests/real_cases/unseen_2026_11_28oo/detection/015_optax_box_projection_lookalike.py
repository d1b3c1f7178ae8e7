"""Optax-style box-constraint transforms: `if params is None` / `if lower is not None` guards and jnp.where masks (look-alike, no leak).

source: box-constraint GradientTransformation module in the public code index (header "Copyright 2025 DeepMind Technologies Limited"; imports optax._src.base and optax.tree_utils), code-index file id 51767366031 (_EmptyState, _clip_to_bounds, _clip_leaf, project_params_to_bounds, project_gradients_at_bounds, final_clip_params); the index does not name the repository or commit.
error: none
category: lookalike-static-none-checks-and-where
expect: untouched
notes: all functions verbatim. Stand-ins: `base.GradientTransformation` is a NamedTuple of (init, update) as in optax, and `tree_utils.tree_clip` maps jnp.clip over the tree (only _clip_to_bounds uses it, and `f` does not). The `if ... is None` tests are on Python objects fixed when the transform is built (None marks an unbounded leaf), and the per-element decisions on traced values are already jnp.where / jnp.clip / jnp.minimum; `f` runs gradient projection, a plain SGD step and the final clip under jax.jit, with one leaf bounded on both sides, one bounded below only.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import types
from typing import Any, Callable, NamedTuple, Optional

import jax
import jax.numpy as jnp


class GradientTransformation(NamedTuple):
    """Stand-in for optax._src.base.GradientTransformation."""

    init: Callable
    update: Callable


base = types.SimpleNamespace(GradientTransformation=GradientTransformation)
tree_utils = types.SimpleNamespace(
    tree_clip=lambda tree, lo, hi: jax.tree_util.tree_map(lambda x: jnp.clip(x, lo, hi), tree)
)


class _EmptyState(NamedTuple):
    pass


ScalarOrTree = Any  # PyTree of scalars or arrays


def _clip_to_bounds(params, lower_bounds, upper_bounds):
    """Clip parameters to box bounds using native tree operations."""
    if lower_bounds is None and upper_bounds is None:
        return params

    # Use tree_utils.tree_clip for efficient clipping
    return tree_utils.tree_clip(params, lower_bounds, upper_bounds)


def _clip_leaf(param, lower, upper):
    """Clip a single leaf to bounds."""
    if lower is None and upper is None:
        return param
    if lower is None:
        return jnp.minimum(param, upper)
    if upper is None:
        return jnp.maximum(param, lower)
    return jnp.clip(param, lower, upper)


def project_params_to_bounds(
    lower_bounds: Optional[ScalarOrTree],
    upper_bounds: Optional[ScalarOrTree]
) -> base.GradientTransformation:
    """
    Projects parameters into the box constraints [lower_bounds, upper_bounds].

    Args:
        lower_bounds: PyTree of lower bounds (None for unbounded).
        upper_bounds: PyTree of upper bounds (None for unbounded).

    Returns:
        A GradientTransformation that on update ignores incoming updates
        and produces the delta to move params into the feasible region.
    """
    def init_fn(params):
        return _EmptyState()

    def update_fn(updates, state, params=None):
        if params is None:
            raise ValueError("project_params_to_bounds requires current params.")
        clipped = jax.tree_util.tree_map(_clip_leaf, params, lower_bounds, upper_bounds)
        deltas = jax.tree_util.tree_map(lambda c, p: c - p, clipped, params)
        return deltas, state

    return base.GradientTransformation(init_fn, update_fn)


def project_gradients_at_bounds(
    lower_bounds: Optional[ScalarOrTree],
    upper_bounds: Optional[ScalarOrTree],
    tolerance: float = 1e-8
) -> base.GradientTransformation:
    """
    Zeroes gradients at active box constraints.

    For any parameter p at its lower bound (p <= lower+tol) and gradient > 0,
    or p at its upper bound (p >= upper-tol) and gradient < 0,
    sets gradient to 0 to prevent infeasible updates.
    """
    def init_fn(params):
        return _EmptyState()

    def update_fn(updates, state, params=None):
        if params is None:
            raise ValueError("project_gradients_at_bounds requires current params.")

        def proj_grad(grad, param, lower, upper):
            zero = jnp.zeros_like(grad)
            # Check lower bound constraint
            if lower is not None:
                at_lower = (param <= lower + tolerance) & (grad > 0)
            else:
                at_lower = jnp.zeros_like(grad, dtype=bool)

            # Check upper bound constraint
            if upper is not None:
                at_upper = (param >= upper - tolerance) & (grad < 0)
            else:
                at_upper = jnp.zeros_like(grad, dtype=bool)

            # Zero out gradients at active constraints
            return jnp.where(at_lower | at_upper, zero, grad)

        new_updates = jax.tree_util.tree_map(
            proj_grad, updates, params, lower_bounds, upper_bounds)
        return new_updates, state

    return base.GradientTransformation(init_fn, update_fn)


def final_clip_params(
    lower_bounds: Optional[ScalarOrTree],
    upper_bounds: Optional[ScalarOrTree]
) -> base.GradientTransformation:
    """
    Clips parameters to the feasible region after applying updates.

    This transform takes incoming updates and current params, computes
    new_params = params + updates, clips new_params into [lower_bounds,
    upper_bounds], and returns the clipped delta.
    """
    def init_fn(params):
        return _EmptyState()

    def update_fn(updates, state, params=None):
        if params is None:
            raise ValueError("final_clip_params requires current params.")
        new_params = jax.tree_util.tree_map(
            lambda param, update: param + update, params, updates)
        clipped = jax.tree_util.tree_map(
            _clip_leaf, new_params, lower_bounds, upper_bounds)
        new_updates = jax.tree_util.tree_map(
            lambda clipped_param, param: clipped_param - param, clipped, params)
        return new_updates, state

    return base.GradientTransformation(init_fn, update_fn)


LOWER = {"rate": 0.0, "scale": 1e-3}
UPPER = {"rate": 1.0, "scale": None}
project = project_gradients_at_bounds(LOWER, UPPER)
clip = final_clip_params(LOWER, UPPER)


@jax.jit
def f(rate, scale, g_rate, g_scale, learning_rate):
    params = {"rate": rate, "scale": scale}
    grads = {"rate": g_rate, "scale": g_scale}
    grads, _ = project.update(grads, project.init(params), params)
    step = jax.tree_util.tree_map(lambda g: -learning_rate * g, grads)
    updates, _ = clip.update(step, clip.init(params), params)
    return jax.tree_util.tree_map(lambda p, d: p + d, params, updates)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    rate = rng.uniform(0.0, 1.0, size=6).astype(np.float32)
    rate[0], rate[1] = 0.0, 1.0                      # sitting on both bounds
    scale = rng.uniform(1e-3, 2.0, size=6).astype(np.float32)
    scale[2] = 1e-3
    g_rate = rng.normal(scale=3.0, size=6).astype(np.float32)
    g_scale = rng.normal(scale=3.0, size=6).astype(np.float32)
    return (rate, scale, g_rate, g_scale, np.float32(rng.uniform(0.05, 0.5)))


INPUTS = make_inputs
