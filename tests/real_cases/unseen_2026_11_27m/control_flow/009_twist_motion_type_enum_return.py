"""Joint-type classification of a twist: traced if/elif chain whose arms return Python Enum members.

source: SuperN1ck/cat-ind-fg helpers.py at 5b35746acd40c5f9c53ed888f241828890ac35a1 (MotionType, get_motion_type_from_twist); error.py joint_error and twist_metrics compare its result with `==` against helpers.MotionType members
error: TracerBoolConversionError
category: if-elif-return-python-object
expect: report
notes: MotionType and get_motion_type_from_twist verbatim (the unused numeric_mapping dict dropped);
  f = jax.jit(get_motion_type_from_twist). The `and` of two traced comparisons and the nested traced `if` only
  select which Enum member to return; an Enum cannot be a jit output or a jnp.where operand, so no rewrite keeps
  the function's return type (callers compare the members with `==`). Inputs are rigid, translational,
  rotational and helical twists.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
from enum import Enum

import jax
import jax.numpy as jnp


class MotionType(Enum):
    RIGID = "rigid"
    TRANS = "translation"
    ROT = "rotation"
    HELIC = "helical"


def get_motion_type_from_twist(
    twist: jnp.ndarray, threshold: float = 1e-3
) -> MotionType:
    norm_trans = jnp.linalg.norm(twist[:3])
    norm_rot = jnp.linalg.norm(twist[3:])
    scalar_rot_trans = twist[3:].T @ twist[:3]
    # print("<rot, trans>", scalar_rot_trans)

    if norm_rot < threshold and norm_trans > threshold:
        return MotionType.TRANS
    elif norm_rot > threshold:
        if jnp.abs(scalar_rot_trans) < threshold:
            return MotionType.ROT
        else:
            return MotionType.HELIC
    return MotionType.RIGID


f = jax.jit(get_motion_type_from_twist)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = int(rng.integers(4))
    d1 = rng.normal(size=3)
    d2 = rng.normal(size=3)
    if kind == 0:
        trans, rot = np.zeros(3), np.zeros(3)
    elif kind == 1:
        trans, rot = d1, np.zeros(3)
    elif kind == 2:
        trans, rot = np.cross(d2, d1), d2
    else:
        trans, rot = d2 + d1, d2
    return (np.concatenate([trans, rot]).astype(np.float32),)


INPUTS = make_inputs
