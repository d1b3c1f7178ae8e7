"""Screw-axis error metric: traced `if` that flips two vectors, if/else returns, and a traced ternary.

source: SuperN1ck/cat-ind-fg helpers.py at 5b35746acd40c5f9c53ed888f241828890ac35a1 (get_angle, get_distance "ScrewNet Jain et al. 2021, Implementation"), called from error.py joint_error (the "Rot / Helical" branch: angle = get_angle(n_gt, n_est); distance = get_distance(p_gt, n_gt, p_est, n_est); jnp.array([angle, distance]))
error: TracerBoolConversionError
category: if-else-traced-return
expect: fix
notes: get_angle and get_distance verbatim. `_f` is the body of joint_error's last branch (the two calls and the
  jnp.array), with its inputs made arguments instead of coming from jaxlie transforms; wrapped as f = jax.jit(_f).
  get_distance's first `if` rebinds two names (l2, m2) with no else; the second `if` returns from both arms;
  get_angle has `x if angle_ > pi/2 else y`. Inputs are random unit directions, with about a third of the
  trials making the two axes exactly (anti)parallel so the `abs(|dot|-1) < 1e-6` arm runs. The docstring's
  `\\lambda` is written with a doubled backslash (same string value, no invalid-escape warning).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def get_angle(v1: jnp.ndarray, v2: jnp.ndarray):
    """
    Assumes v1 and v2 are unit vectors
    """
    norm_v1 = jnp.linalg.norm(v1)
    norm_v2 = jnp.linalg.norm(v2)
    dot_ = jnp.dot(v1, v2) / (
        norm_v1 * norm_v2
    )  # For whatever reason this can become smaller than -1 or bigger than 1..
    angle_ = jnp.arccos(jnp.clip(dot_, -1.0, 1.0))
    # Account for flipped axis
    angle = (angle_ - jnp.pi) if angle_ > jnp.pi / 2 else angle_
    return angle


def get_distance(p1, l1, p2, l2):
    """
    ScrewNet Jain et al. 2021, Implementation
    Assumes l1 and l2 are unit vectors
    Lines are given by: line1 = p1 + \\lambda_1 l1
    And line2 = p2 + \\lambda_2 l2
    """
    # l1 and l2 intersect --> covered by last case
    m1 = jnp.cross(l1, p1)
    m2 = jnp.cross(l2, p2)
    if jnp.dot(l1, l2) < 0:
        l2 = -l2
        m2 = -m2

    if jnp.abs(jnp.abs(jnp.dot(l1, l2)) - 1.0) < 1e-6:
        return jnp.linalg.norm(jnp.cross(l1, (m1 - m2)))
    else:
        return jnp.linalg.norm(jnp.dot(l1, m2) + jnp.dot(l2, m1)) / jnp.linalg.norm(
            jnp.cross(l1, l2)
        )


def _f(p_gt, n_gt, p_est, n_est):
    # Rot / Helical
    angle = get_angle(n_gt, n_est)
    distance = get_distance(p_gt, n_gt, p_est, n_est)
    return jnp.array([angle, distance])


f = jax.jit(_f)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    def unit(v):
        return (v / np.linalg.norm(v)).astype(np.float32)

    n_gt = unit(rng.normal(size=3))
    if rng.random() < 0.35:
        # exactly parallel or anti-parallel axes
        n_est = (n_gt * (1.0 if rng.random() < 0.5 else -1.0)).astype(np.float32)
    else:
        n_est = unit(rng.normal(size=3))
    p_gt = rng.normal(size=3).astype(np.float32)
    p_est = rng.normal(size=3).astype(np.float32)
    return (p_gt, n_gt, p_est, n_est)


INPUTS = make_inputs


def _ref_angle(v1, v2):
    dot_ = jnp.dot(v1, v2) / (jnp.linalg.norm(v1) * jnp.linalg.norm(v2))
    angle_ = jnp.arccos(jnp.clip(dot_, -1.0, 1.0))
    return jnp.where(angle_ > jnp.pi / 2, angle_ - jnp.pi, angle_)


def _ref_distance(p1, l1, p2, l2):
    m1 = jnp.cross(l1, p1)
    m2 = jnp.cross(l2, p2)
    flip = jnp.dot(l1, l2) < 0
    l2 = jnp.where(flip, -l2, l2)
    m2 = jnp.where(flip, -m2, m2)
    parallel = jnp.abs(jnp.abs(jnp.dot(l1, l2)) - 1.0) < 1e-6
    d_par = jnp.linalg.norm(jnp.cross(l1, (m1 - m2)))
    d_skew = jnp.linalg.norm(jnp.dot(l1, m2) + jnp.dot(l2, m1)) / jnp.linalg.norm(jnp.cross(l1, l2))
    return jnp.where(parallel, d_par, d_skew)


@jax.jit
def reference_fix(p_gt, n_gt, p_est, n_est):
    return jnp.array([_ref_angle(n_gt, n_est), _ref_distance(p_gt, n_gt, p_est, n_est)])
