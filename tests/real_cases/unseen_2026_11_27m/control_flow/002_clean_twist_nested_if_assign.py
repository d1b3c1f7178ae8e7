"""Twist clean-up for articulated-object estimation: four-leaf nested traced if/else assigning one variable.

source: SuperN1ck/cat-ind-fg helpers.py at 5b35746acd40c5f9c53ed888f241828890ac35a1 (clean_twist with its helpers get_pitch, general_dot, get_normalized_scalar); error.py joint_error calls helpers.clean_twist(helpers.normalize_twist(...), **kwargs)
error: TracerBoolConversionError
category: nested-if-else-assign
expect: fix
notes: clean_twist, get_pitch, general_dot and get_normalized_scalar verbatim (comments kept); f = jax.jit(clean_twist)
  with no kwargs, so both thresholds are the static defaults from kwargs.get. The nested if/else tests traced
  scalars (norm_rot, norm_trans) and traced shape-(1,) arrays (1 / pitch, jnp.abs(scalar)); each leaf assigns
  `twist`, one leaf after several statements (`new_trans *= scaling`). make_inputs draws one of five twist kinds
  (rigid, pure translation, far-away rotation, orthogonal rotation, helical) so every leaf runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def get_pitch(twist: jnp.ndarray):
    trans = twist[..., :3]
    rot = twist[..., 3:]
    norm_trans = jnp.linalg.norm(trans, axis=-1, keepdims=True)
    norm_rot = jnp.linalg.norm(rot, axis=-1, keepdims=True)
    return jnp.where(norm_rot < 1e-6, jnp.inf, norm_trans / norm_rot)


def general_dot(a, b, axis=-1):
    return jnp.sum(a * b, axis=axis, keepdims=True)


def get_normalized_scalar(twist: jnp.ndarray):
    trans = twist[..., :3]
    rot = twist[..., 3:]

    norm_trans = jnp.linalg.norm(trans, axis=-1, keepdims=True)
    norm_rot = jnp.linalg.norm(rot, axis=-1, keepdims=True)

    return jnp.where(
        jnp.logical_or(norm_rot < 1e-6, norm_trans < 1e-6),
        0.0,
        general_dot(trans / norm_trans, rot / norm_rot),
    )
    # return jnp.dot(trans / norm_trans, rot / norm_rot)
    # return jnp.einsum("ij,ij->i", trans / norm_trans, rot / norm_rot)


def clean_twist(twist_: jnp.ndarray, **kwargs) -> jnp.ndarray:
    twist_threshold_pitch = kwargs.get("twist_threshold_pitch", 1e-1)
    twist_threshold_trans = kwargs.get("twist_threshold_trans", 1.5e-1)

    # Remove values close to 0
    twist_ = jnp.where(jnp.abs(twist_) < 1e-6, jnp.zeros_like(twist_), twist_)
    # "Meta" Info of Twist
    pitch = get_pitch(
        twist_
    )  # Determintes the ratio between translation/rotation movements
    scalar = get_normalized_scalar(
        twist_
    )  # When close to 0, rotation otherwise helical movement

    # print(f"{pitch = }")
    # print(f"{scalar = }")

    trans = twist_[:3]
    rot = twist_[3:]
    norm_trans = jnp.linalg.norm(trans)
    norm_rot = jnp.linalg.norm(rot)

    # print(f"{norm_trans = }")
    # print(f"{norm_rot = }")

    if norm_rot < twist_threshold_trans:
        if norm_trans < twist_threshold_trans:  # Rigid
            # print("Cleaned to Rigid")
            twist = jnp.zeros(6)
        else:  # Translation
            # print("Cleaned to Translation 1")
            twist = jnp.concatenate((trans / norm_trans, jnp.zeros(3)))
    else:
        # print(f"Pitch {pitch} {1 / pitch} < {threshold}")
        if 1 / pitch < (
            twist_threshold_pitch
        ):  # Special case where the center of rotation is very far away--> will be a translation motion along the tangent of the rotation axis
            # print("Cleaned to Translation 2")
            twist = jnp.concatenate((trans / norm_trans, jnp.zeros(3)))
        else:
            if (
                jnp.abs(scalar) < twist_threshold_trans
            ):  # Rotation --> The axis are orthogonal
                # We should ensure that dot projection becomes 0 --> "Reject the vector" (inverse of projection)
                new_trans = jnp.cross(
                    jnp.cross(rot, trans), rot
                )  # Double cross product removes the projective part
                norm_new_trans = jnp.linalg.norm(new_trans)
                scaling = norm_trans / norm_new_trans
                new_trans *= scaling

                # print(f"{trans = } --> {new_trans = }")

                twist = jnp.concatenate((new_trans, rot)) / norm_rot
            else:  # Helic
                # print("Cleaned to Helic")
                # print(f"twist = {twist_} / {norm_rot}")
                twist = twist_ / norm_rot
    return twist


f = jax.jit(clean_twist)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = int(rng.integers(6)) % 5  # rigid drawn twice as often
    d1 = rng.normal(size=3)
    d1 /= np.linalg.norm(d1)
    d2 = rng.normal(size=3)
    d2 /= np.linalg.norm(d2)
    if kind == 0:    # rigid: both parts tiny
        trans, rot = 0.05 * d1, 0.05 * d2
    elif kind == 1:  # pure translation
        trans, rot = rng.uniform(0.5, 2.0) * d1, 0.05 * d2
    elif kind == 2:  # rotation about a far-away axis (1 / pitch < 0.1)
        rot = rng.uniform(0.2, 0.5) * d2
        trans = rng.uniform(20.0, 40.0) * d1
    elif kind == 3:  # rotation: translation orthogonal to the axis
        rot = rng.uniform(0.5, 2.0) * d2
        t = np.cross(d2, d1)
        trans = rng.uniform(0.5, 2.0) * t / np.linalg.norm(t)
    else:            # helical: translation along the axis
        rot = rng.uniform(0.5, 2.0) * d2
        trans = rng.uniform(0.5, 2.0) * d2 + 0.1 * d1
    twist = np.concatenate([trans, rot]).astype(np.float32)
    return (twist,)


INPUTS = make_inputs


@jax.jit
def reference_fix(twist_):
    thr_pitch = 1e-1
    thr_trans = 1.5e-1
    twist_ = jnp.where(jnp.abs(twist_) < 1e-6, jnp.zeros_like(twist_), twist_)
    pitch = get_pitch(twist_)
    scalar = get_normalized_scalar(twist_)
    trans = twist_[:3]
    rot = twist_[3:]
    norm_trans = jnp.linalg.norm(trans)
    norm_rot = jnp.linalg.norm(rot)

    rigid = jnp.zeros(6)
    translation = jnp.concatenate((trans / norm_trans, jnp.zeros(3)))
    new_trans = jnp.cross(jnp.cross(rot, trans), rot)
    new_trans = new_trans * (norm_trans / jnp.linalg.norm(new_trans))
    rotation = jnp.concatenate((new_trans, rot)) / norm_rot
    helic = twist_ / norm_rot

    inner = jnp.where(jnp.abs(scalar) < thr_trans, rotation, helic)
    outer_else = jnp.where(1 / pitch < thr_pitch, translation, inner)
    outer_if = jnp.where(norm_trans < thr_trans, rigid, translation)
    return jnp.where(norm_rot < thr_trans, outer_if, outer_else)
