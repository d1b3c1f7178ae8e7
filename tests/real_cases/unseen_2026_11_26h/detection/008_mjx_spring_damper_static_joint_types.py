"""MJX's joint spring/damper loop: per-joint Python dispatch on NumPy model fields inside jit.

source: google-deepmind/mujoco mjx/mujoco/mjx/_src/passive.py @05100638229cea8685635dfea356d0c18e951d2f (`_spring_damper` and its inner `fn`), JointType from mjx/mujoco/mjx/_src/types.py and quat_sub/quat_mul/quat_inv/quat_to_axis_angle/normalize_with_norm/norm from mjx/mujoco/mjx/_src/math.py; static NumPy model fields per https://github.com/google-deepmind/mujoco/issues/1615 ("fields that are compiled and static, such as `jnt_limited`, remain numpy arrays, and importantly do not get traced")
error: none
category: numpy-on-static-model-fields
expect: untouched
notes: `fn` and the spring/damper part of `_spring_damper` are verbatim (tendon terms and the backend-type checks dropped). mujoco is not installed: `Model`/`Option` are a minimal stand-in holding the static fields as NumPy arrays / Python ints, as mjx.put_model leaves them, and `scan.flat(m, fn, 'jjqq', 'v', ...)` is replaced by calling `fn` on the whole joint list (what scan.flat does for a single group). Only qpos, qvel and the stiffness/damping values are traced. `JointType(jnt_typs[i])`, `range(len(jnt_typs))`, the `if jnt_typ == ...` chain, the Python list of per-joint forces and the `disableflags` bit tests all see static values, so this runs under jit as is.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import enum
from typing import NamedTuple

import jax
from jax import numpy as jp
import numpy as np


class DisableBit(enum.IntFlag):
    SPRING = 1 << 3
    DAMPER = 1 << 4


class JointType(enum.IntEnum):
    FREE = 0
    BALL = 1
    SLIDE = 2
    HINGE = 3

    def dof_width(self) -> int:
        return {0: 6, 1: 3, 2: 1, 3: 1}[self.value]

    def qpos_width(self) -> int:
        return {0: 7, 1: 4, 2: 1, 3: 1}[self.value]


def norm(x, axis=None):
    is_zero = jp.allclose(x, 0.0)
    # temporarily swap x with ones if is_zero, then swap back
    x = jp.where(is_zero, jp.ones_like(x), x)
    n = jp.linalg.norm(x, axis=axis)
    n = jp.where(is_zero, 0.0, n)
    return n


def normalize_with_norm(x, axis=None):
    n = norm(x, axis=axis)
    x = x / (n + 1e-6 * (n == 0.0))
    return x, n


def quat_inv(q):
    return q * jp.array([1, -1, -1, -1])


def quat_mul(u, v):
    return jp.array([
        u[0] * v[0] - u[1] * v[1] - u[2] * v[2] - u[3] * v[3],
        u[0] * v[1] + u[1] * v[0] + u[2] * v[3] - u[3] * v[2],
        u[0] * v[2] - u[1] * v[3] + u[2] * v[0] + u[3] * v[1],
        u[0] * v[3] + u[1] * v[2] - u[2] * v[1] + u[3] * v[0],
    ])


def quat_to_axis_angle(q):
    axis, sin_a_2 = normalize_with_norm(q[1:])
    angle = 2 * jp.arctan2(sin_a_2, q[0])
    angle = jp.where(angle > jp.pi, angle - 2 * jp.pi, angle)
    return axis, angle


def quat_sub(u, v):
    """Subtracts two quaternions (u - v) as a 3D velocity."""
    q = quat_mul(quat_inv(v), u)
    axis, angle = quat_to_axis_angle(q)
    return axis * angle


class Option(NamedTuple):
    disableflags: int


class Model(NamedTuple):
    nv: int
    jnt_type: np.ndarray  # static: stays NumPy after put_model
    opt: Option


MODEL = Model(
    nv=11,
    jnt_type=np.array([0, 3, 1, 2], dtype=np.int32),  # free, hinge, ball, slide
    opt=Option(disableflags=0),
)


def _spring_damper(m, jnt_stiffness, qpos_spring, dof_damping, qpos, qvel):
    """Applies joint level spring and damping forces."""

    def fn(jnt_typs, stiffness, qpos_spring, qpos):
        qpos_i = 0
        qfrcs = []
        for i in range(len(jnt_typs)):
            jnt_typ = JointType(jnt_typs[i])
            q = qpos[qpos_i : qpos_i + jnt_typ.qpos_width()]
            qs = qpos_spring[qpos_i : qpos_i + jnt_typ.qpos_width()]
            qfrc = jp.zeros(jnt_typ.dof_width())
            if jnt_typ == JointType.FREE:
                qfrc = qfrc.at[:3].set(-stiffness[i] * (q[:3] - qs[:3]))
                qfrc = qfrc.at[3:6].set(-stiffness[i] * quat_sub(q[3:7], qs[3:7]))
            elif jnt_typ == JointType.BALL:
                qfrc = -stiffness[i] * quat_sub(q, qs)
            elif jnt_typ in (
                JointType.SLIDE,
                JointType.HINGE,
            ):
                qfrc = -stiffness[i] * (q - qs)
            else:
                raise RuntimeError(f'unrecognized joint type: {jnt_typ}')
            qfrcs.append(qfrc)
            qpos_i += jnt_typ.qpos_width()
        return jp.concatenate(qfrcs)

    # dof-level springs
    qfrc = jp.zeros(m.nv)
    if not m.opt.disableflags & DisableBit.SPRING:
        qfrc = fn(m.jnt_type, jnt_stiffness, qpos_spring, qpos)

    # dof-level dampers
    if not m.opt.disableflags & DisableBit.DAMPER:
        qfrc -= dof_damping * qvel

    return qfrc


@jax.jit
def f(jnt_stiffness, qpos_spring, dof_damping, qpos, qvel):
    return _spring_damper(MODEL, jnt_stiffness, qpos_spring, dof_damping, qpos, qvel)
# --- end user code ---


def _unit_quat(rng):
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


def _qpos(rng):
    return np.concatenate([
        rng.normal(size=3), _unit_quat(rng),  # free
        rng.normal(size=1),                   # hinge
        _unit_quat(rng),                      # ball
        rng.normal(size=1),                   # slide
    ]).astype(np.float32)


def make_inputs(rng):
    jnt_stiffness = rng.uniform(0.0, 2.0, size=4).astype(np.float32)
    dof_damping = rng.uniform(0.0, 1.0, size=11).astype(np.float32)
    qvel = rng.normal(size=11).astype(np.float32)
    return (jnt_stiffness, _qpos(rng), dof_damping, _qpos(rng), qvel)


INPUTS = make_inputs
