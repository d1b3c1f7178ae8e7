"""An Equinox-style operator checks its rotation matrix in `__check_init__` with `not jnp.allclose(...)`.

source: GalacticDynamics/coordinax src/coordinax/operators/_galilean/rotation.py at 05cc3e704a51c9e7d8b2f3253ecc0393248a755b (GalileanRotationOperator: `converter`, `rotation`/`check_tol` fields, the `__check_init__` kept there commented out under "TODO: fix so that it works in jitted contexts"); removed in https://github.com/GalacticDynamics/coordinax/pull/64 ("fix: temp remove SO(3) check — It's triggering TracerBoolConversionError")
error: TracerBoolConversionError
category: traced-bool-in-module-check
expect: fix
notes: the class body is the project's with the commented-out `__check_init__` restored, as it was before PR #64; docstrings, the Quantity/CartesianPosition3D dispatch overloads and quax are dropped (`vec_matmul` is the plain `jnp.vectorize(jnp.matmul, ...)`). Inlined stand-ins: `eqx.Module` (a frozen dataclass pytree whose `__post_init__` applies field converters then runs `__check_init__`, as Equinox does), `eqx.field`, and `eqx.error_if` (a `jax.debug.callback` that raises when the predicate is true). `f` builds the operator from a traced angle inside jit and rotates points. The fix keeps the check by passing a traced predicate (`jnp.logical_not(jnp.allclose(...))`) to error_if.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses
from collections.abc import Mapping
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np


# ---- minimal stand-ins for equinox --------------------------------------------------
def field(*, converter=None, static=False, **kwargs):
    metadata = {"converter": converter, "static": static}
    return dataclasses.field(metadata=metadata, **kwargs)


def error_if(x, pred, msg):
    def _raise(p):
        if np.any(p):
            raise RuntimeError(msg)

    jax.debug.callback(_raise, pred)
    return x


class Module:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        fields = dataclasses.fields(cls)
        data = [f.name for f in fields if not f.metadata.get("static")]
        meta = [f.name for f in fields if f.metadata.get("static")]
        jax.tree_util.register_dataclass(cls, data_fields=data, meta_fields=meta)

    def __post_init__(self):
        for f in dataclasses.fields(self):
            conv = f.metadata.get("converter")
            if conv is not None:
                object.__setattr__(self, f.name, conv(getattr(self, f.name)))
        if hasattr(self, "__check_init__"):
            self.__check_init__()


# ---- coordinax ----------------------------------------------------------------------
vec_matmul = jnp.vectorize(jnp.matmul, signature="(3,3),(3)->(3)")


def converter(x: Any) -> jax.Array:
    """Convert the input to a rotation matrix."""
    if isinstance(x, GalileanRotationOperator):
        out = x.rotation
    else:
        out = x
    return jnp.asarray(out)


class GalileanRotationOperator(Module):
    rotation: jax.Array = field(converter=converter)
    """The rotation vector."""

    check_tol: Mapping[str, Any] = field(
        default_factory=lambda: {"atol": 1e-7}, repr=False, static=True
    )

    def __check_init__(self) -> None:
        # Check that the rotation matrix is orthogonal.
        _ = error_if(
            self.rotation,
            not jnp.allclose(
                self.rotation @ self.rotation.T, jnp.eye(3), **self.check_tol
            ),
            "The rotation matrix must be orthogonal.",
        )

    @property
    def inverse(self) -> "GalileanRotationOperator":
        return dataclasses.replace(self, rotation=self.rotation.T)

    def __call__(self, q):
        return vec_matmul(self.rotation, q)


@jax.jit
def f(theta, q):
    Rz = jnp.asarray([[jnp.cos(theta), -jnp.sin(theta), 0],
                      [jnp.sin(theta), jnp.cos(theta), 0],
                      [0, 0, 1]])
    op = GalileanRotationOperator(Rz, check_tol={"atol": 1e-5})
    return op(q), op.inverse(op(q))
# --- end user code ---


def make_inputs(rng):
    theta = np.float32(rng.uniform(-np.pi, np.pi))
    q = rng.normal(size=(5, 3)).astype(np.float32)
    return (theta, q)


INPUTS = make_inputs


class _FixedRotationOperator(GalileanRotationOperator):
    def __check_init__(self) -> None:
        _ = error_if(
            self.rotation,
            jnp.logical_not(jnp.allclose(
                self.rotation @ self.rotation.T, jnp.eye(3), **self.check_tol
            )),
            "The rotation matrix must be orthogonal.",
        )


@jax.jit
def reference_fix(theta, q):
    Rz = jnp.asarray([[jnp.cos(theta), -jnp.sin(theta), 0],
                      [jnp.sin(theta), jnp.cos(theta), 0],
                      [0, 0, 1]])
    op = _FixedRotationOperator(Rz, check_tol={"atol": 1e-5})
    return op(q), op.inverse(op(q))
