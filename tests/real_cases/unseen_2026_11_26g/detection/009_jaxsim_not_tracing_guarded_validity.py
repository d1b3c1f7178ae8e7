"""A data accessor validates its state with a traced `and`, but only behind a `not_tracing(...)` guard.

source: ami-iit/jaxsim src/jaxsim/api/data.py (revision importing `from jaxsim.utils.tracing import not_tracing`, with JaxSimModelData.valid / standard_gravity / joint_positions; code index file id 3829822742, commit not resolved by the index) and src/jaxsim/utils/tracing.py at 96523f0653065a762488bd54f9542f65e7f1c845 (tracing / not_tracing)
error: none
category: negative / tracer-guard
expect: untouched
notes: `tracing`, `not_tracing`, `valid`, `standard_gravity` and `joint_positions` are verbatim apart from type hints and docstrings. Inlined stand-ins: JaxSimModelData holds `state.physics_model.joint_positions` and `gravity` as a registered pytree (jax_dataclasses in the project); JaxSimModel is a static pytree with joint names; ODEState.valid is the project's shape check; `js.joint.names_to_idxs` is a list lookup of static names. Under jit the guard `not_tracing(joint_positions)` is False, so `not self.valid(...)` (a Python `and` on a traced comparison) never runs; eagerly it runs on concrete values. Everything else branches on `is None` or static names.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
import functools
from typing import Any

import jax
import jax._src.core
import jax.interpreters.partial_eval
import jax.numpy as jnp


def tracing(var: Any) -> bool | jax.Array:
    """Return True if the variable is being traced by JAX, False otherwise."""

    return isinstance(
        var, jax._src.core.Tracer | jax.interpreters.partial_eval.DynamicJaxprTracer
    )


def not_tracing(var: Any) -> bool | jax.Array:
    """Return True if the variable is not being traced by JAX, False otherwise."""

    return True if tracing(var) is False else False


@functools.partial(jax.tree_util.register_dataclass, data_fields=[], meta_fields=["names"])
@dataclasses.dataclass(frozen=True)
class JaxSimModel:
    names: tuple

    def joint_names(self):
        return self.names

    def number_of_joints(self):
        return len(self.names)

    def dofs(self):
        return len(self.names)


def names_to_idxs(joint_names, model):
    return jnp.array([model.joint_names().index(name) for name in joint_names], dtype=int)


@functools.partial(jax.tree_util.register_dataclass,
                   data_fields=["joint_positions", "joint_velocities"], meta_fields=[])
@dataclasses.dataclass(frozen=True)
class PhysicsModelState:
    joint_positions: jax.Array
    joint_velocities: jax.Array

    def valid(self, model):
        shape = (model.dofs(),)
        if self.joint_positions.shape != shape:
            return False
        if self.joint_velocities.shape != shape:
            return False
        return True


@functools.partial(jax.tree_util.register_dataclass, data_fields=["physics_model"], meta_fields=[])
@dataclasses.dataclass(frozen=True)
class ODEState:
    physics_model: PhysicsModelState

    def valid(self, model):
        return self.physics_model.valid(model=model)


@functools.partial(jax.tree_util.register_dataclass, data_fields=["state", "gravity"], meta_fields=[])
@dataclasses.dataclass(frozen=True)
class JaxSimModelData:
    state: ODEState
    gravity: jax.Array

    def valid(self, model=None):
        valid = True
        valid = valid and self.standard_gravity() > 0

        if model is not None:
            valid = valid and self.state.valid(model=model)

        return valid

    def standard_gravity(self):
        return -self.gravity[2]

    @functools.partial(jax.jit, static_argnames=["joint_names"])
    def joint_positions(self, model=None, joint_names=None):
        if model is None:
            if joint_names is not None:
                raise ValueError("Joint names cannot be provided without a model")

            return self.state.physics_model.joint_positions

        if not_tracing(self.state.physics_model.joint_positions) and not self.valid(
            model=model
        ):
            msg = "The data object is not compatible with the provided model"
            raise ValueError(msg)

        joint_idxs = (
            names_to_idxs(joint_names=joint_names, model=model)
            if joint_names is not None
            else jnp.arange(model.number_of_joints())
        )

        return self.state.physics_model.joint_positions[joint_idxs]


model = JaxSimModel(names=("hip", "knee", "ankle", "toe"))


@jax.jit
def f(s, ds, gravity):
    data = JaxSimModelData(
        state=ODEState(physics_model=PhysicsModelState(joint_positions=s, joint_velocities=ds)),
        gravity=gravity,
    )
    return (
        data.joint_positions(),
        data.joint_positions(model=model),
        data.joint_positions(model=model, joint_names=("knee", "toe")),
    )
# --- end user code ---

import numpy as np


def make_inputs(rng):
    s = rng.normal(size=(4,)).astype(np.float32)
    ds = rng.normal(size=(4,)).astype(np.float32)
    gravity = np.array([0.0, 0.0, -9.81 * rng.uniform(0.5, 1.5)], dtype=np.float32)
    return (s, ds, gravity)


INPUTS = make_inputs
