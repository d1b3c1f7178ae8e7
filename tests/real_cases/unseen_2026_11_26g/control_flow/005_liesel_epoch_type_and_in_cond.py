"""MCMC epoch predicates `INITIAL_VALUES < epoch_type and epoch_type < BURNIN` feeding `jax.lax.cond` in a jitted transition.

source: liesel-devs/liesel liesel/goose/epoch.py (stored version 4a01b019840e52468369b88ad7715547408a231a; EpochType.is_adaptation / is_warmup, whose stored text says "# using `*` instead of `and` for jax.jit") and liesel/goose/kernel.py (stored version 8faec3311bfb27ba744e393d1be1a56bd97819da; TransitionMixin.transition: `jax.lax.cond(EpochType.is_adaptation(epoch.config.type), self._adaptive_transition, self._standard_transition, ...)`); the repository's tests jit the predicates directly (`jax.jit(EpochType.is_adaptation)`, test_is_epoch_type_jitted)
error: TracerBoolConversionError
category: python-and-of-traced-comparisons, predicate-helper-feeding-lax-cond
expect: fix
notes: RECONSTRUCTED pre-fix: the stored epoch.py already computes `lhs * rhs`, and its comment says `*` is used
  "instead of `and` for jax.jit"; the two static methods here put the `and` back, everything else in them is
  verbatim. TransitionMixin.transition is reduced to a module function with toy adaptive/standard transitions (a
  step-size update vs. a plain step) so that the result depends on the branch; `f` is jitted the way liesel's engine
  jits its transitions. The `EpochType` annotations are quoted (the original module uses `from __future__ import
  annotations`, which cannot follow the case header). Trials draw every epoch type 0..4.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from enum import IntEnum
from typing import cast

import jax
import jax.numpy as jnp


class EpochType(IntEnum):
    """Indicates which MCMC phase the epoch is part of."""

    INITIAL_VALUES = 0
    FAST_ADAPTATION = 1
    SLOW_ADAPTATION = 2
    BURNIN = 3
    POSTERIOR = 4

    @staticmethod
    def is_adaptation(epoch_type: "EpochType") -> bool:
        """
        Returns `True` if the epoch is part of the adaptation phase.
        Implemented as a static method to make it jittable.
        """
        return EpochType.INITIAL_VALUES < epoch_type and epoch_type < EpochType.BURNIN

    @staticmethod
    def is_warmup(epoch_type: "EpochType") -> bool:
        """
        Returns `True` if the epoch is part of the warmup phase.
        Implemented as a static method to make it jittable.
        """
        return EpochType.INITIAL_VALUES < epoch_type and epoch_type < EpochType.POSTERIOR


def _standard_transition(position, step_size, grad):
    return position - step_size * grad, step_size


def _adaptive_transition(position, step_size, grad):
    step_size = step_size * jnp.exp(0.1 * jnp.tanh(jnp.sum(grad * grad) - 1.0))
    return position - step_size * grad, step_size


def transition(epoch_type, position, step_size, grad):
    is_adaptation = EpochType.is_adaptation(epoch_type)

    outcome = jax.lax.cond(
        is_adaptation,
        _adaptive_transition,
        _standard_transition,
        position,
        step_size,
        grad,
    )

    return outcome


@jax.jit
def f(epoch_type, position, step_size, grad):
    new_position, new_step_size = transition(epoch_type, position, step_size, grad)
    return new_position, new_step_size, EpochType.is_warmup(epoch_type)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    epoch_type = np.int32(rng.integers(0, 5))
    position = rng.normal(size=(3,)).astype(np.float32)
    step_size = np.float32(rng.uniform(0.05, 0.5))
    grad = rng.normal(size=(3,)).astype(np.float32)
    return (epoch_type, position, step_size, grad)


INPUTS = make_inputs


@jax.jit
def reference_fix(epoch_type, position, step_size, grad):
    is_adaptation = (EpochType.INITIAL_VALUES < epoch_type) & (epoch_type < EpochType.BURNIN)
    is_warmup = (EpochType.INITIAL_VALUES < epoch_type) & (epoch_type < EpochType.POSTERIOR)
    new_position, new_step_size = jax.lax.cond(
        is_adaptation, _adaptive_transition, _standard_transition, position, step_size, grad)
    return new_position, new_step_size, is_warmup
