"""Twist normalisation already written with nested jnp.where (the old if/elif/else kept as a comment): untouched.

source: SuperN1ck/cat-ind-fg helpers.py at 5b35746acd40c5f9c53ed888f241828890ac35a1 (normalize_twist; error.py joint_error calls helpers.normalize_twist on both twists)
error: none
category: negative
expect: untouched
notes: normalize_twist verbatim, including the commented-out Python `if norm_rot > 1e-6: ... elif ... else` version
  that the jnp.where form replaced, and the commented debug prints. `threshold` is a Python default, not traced.
  f = jax.jit(normalize_twist). Inputs cover the three where-arms (rotation part large, only translation large,
  both tiny).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def normalize_twist(twist_: jnp.ndarray, threshold=1e-3):
    trans = twist_[:3]
    rot = twist_[3:]
    norm_trans = jnp.linalg.norm(trans)
    norm_rot = jnp.linalg.norm(rot)

    # if norm_rot > 1e-6:
    #     return twist_ / norm_rot
    # elif norm_trans > 1e-6:
    #     return twist_ / norm_trans
    # else:
    #     return twist_

    # print(f"{norm_trans = }")
    # print(f"{norm_rot = }")

    return jnp.where(
        norm_rot > threshold,
        twist_ / norm_rot,
        jnp.where(norm_trans > threshold, twist_ / norm_trans, twist_),
    )


f = jax.jit(normalize_twist)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = int(rng.integers(3))
    trans = rng.normal(size=3)
    rot = rng.normal(size=3)
    if kind == 1:
        rot = rot * 1e-5
    elif kind == 2:
        trans = trans * 1e-5
        rot = rot * 1e-5
    return (np.concatenate([trans, rot]).astype(np.float32),)


INPUTS = make_inputs
