"""opifex ErrorRecoveryManager.apply_gradient_clipping: a Python `if` on the traced global gradient norm.

source: avitai/opifex, the "Error recovery and stability management for training" module (imports opifex.core.training.components.TrainingComponent and, for type checking, flax.nnx and opifex.core.training.monitoring.metrics.TrainingState), public code-index file id 3251585375 (class ErrorRecoveryManager: __init__, setup, check_training_stability, apply_gradient_clipping, recover_from_instability, update_stable_state); the index does not give the commit.
error: TracerBoolConversionError
category: if-on-traced-scalar
expect: fix
notes: ErrorRecoveryManager.__init__ and apply_gradient_clipping verbatim, with the module's imports and TYPE_CHECKING block (its `from __future__ import annotations` is dropped because the user section sits below the case docstring; the annotations evaluate fine on Python >= 3.10); the other methods (check_training_stability, which returns strings, recover_from_instability, setup, update_stable_state) are left out because `f` does not call them. Stand-in: TrainingComponent, which only stores the config dict. `f` applies the clipping to a two-leaf gradient tree inside jax.jit, as a Flax NNX train step would; inputs cover norms below and above the 10.0 threshold.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---

from typing import Any, TYPE_CHECKING

import jax
import jax.numpy as jnp


class TrainingComponent:
    """Stand-in for opifex.core.training.components.TrainingComponent."""

    def __init__(self, config: dict[str, Any] | None = None):
        self.config = {} if config is None else dict(config)


if TYPE_CHECKING:
    from flax import nnx

    from opifex.core.training.monitoring.metrics import TrainingState


class ErrorRecoveryManager(TrainingComponent):
    """Production-grade error handling and recovery mechanisms."""

    def __init__(self, config: dict[str, Any] | None = None):
        """Initialize error recovery manager.

        Args:
            config: Configuration including recovery strategies and thresholds
        """
        super().__init__(config)
        self.max_retries = self.config.get("max_retries", 3)
        self.checkpoint_on_error = self.config.get("checkpoint_on_error", True)
        self.gradient_clip_threshold = self.config.get("gradient_clip_threshold", 10.0)
        self.loss_explosion_threshold = self.config.get("loss_explosion_threshold", 1e6)
        self.recovery_attempts = 0
        self.last_stable_state: TrainingState | None = None

    def apply_gradient_clipping(self, grads: Any) -> Any:
        """Apply gradient clipping for stability.

        Args:
            grads: Raw gradients

        Returns:
            Clipped gradients
        """
        grad_norm = jnp.sqrt(
            sum(jnp.sum(g**2) for g in jax.tree_util.tree_leaves(grads))
        )

        if grad_norm > self.gradient_clip_threshold:
            clip_factor = self.gradient_clip_threshold / grad_norm
            return jax.tree_util.tree_map(lambda g: g * clip_factor, grads)

        return grads


manager = ErrorRecoveryManager()


@jax.jit
def f(grad_kernel, grad_bias):
    return manager.apply_gradient_clipping({"kernel": grad_kernel, "bias": grad_bias})
# --- end user code ---

import numpy as np


def make_inputs(rng):
    scale = rng.choice([0.3, 1.0, 4.0, 12.0])
    k = (rng.normal(size=(4, 3)) * scale).astype(np.float32)
    b = (rng.normal(size=(3,)) * scale).astype(np.float32)
    return (k, b)


INPUTS = make_inputs


@jax.jit
def reference_fix(grad_kernel, grad_bias):
    grads = {"kernel": grad_kernel, "bias": grad_bias}
    grad_norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree_util.tree_leaves(grads)))
    factor = jnp.where(grad_norm > 10.0, 10.0 / grad_norm, 1.0)
    return jax.tree_util.tree_map(lambda g: g * factor, grads)
