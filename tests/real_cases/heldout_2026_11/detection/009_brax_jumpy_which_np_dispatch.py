"""brax v1 jumpy: NumPy-or-jax.numpy dispatch helpers, `if np is jnp`, and a shape check.

source: google/brax, brax/v1/jumpy.py (_which_np, safe_norm, where, dot, cross, arctan2, sqrt) and brax/v1/math.py (rotate, quat_to_axis_angle)
error: none
category: negative-numpy-dispatch
expect: untouched
notes: the jumpy functions used by the two math functions are copied; _which_np's checker drops jax.interpreters.batching.BatchTracer (gone from jax) and keeps the jnp.ndarray test, which tracers satisfy, so every call dispatches to jax.numpy under jit. `if np is jnp` compares modules and `len(vec.shape)` is static: nothing here concretizes a tracer. f jits rotate + quat_to_axis_angle together.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import builtins

import jax
from jax import numpy as jnp
import numpy as onp

pi = onp.pi


def _which_np(*args):
    checker = lambda a: (
        isinstance(a, jnp.ndarray) and not isinstance(a, onp.ndarray))
    if builtins.any(jax.tree_util.tree_leaves(jax.tree_util.tree_map(checker, args))):
        return jnp
    return onp


def safe_norm(x, axis=None):
    """Calculates a linalg.norm(x) that's safe for gradients at x=0."""
    np = _which_np(x)
    if np is jnp:
        is_zero = jnp.allclose(x, 0.)
        # temporarily swap x with ones if is_zero, then swap back
        x = jnp.where(is_zero, jnp.ones_like(x), x)
        n = jnp.linalg.norm(x, axis=axis)
        n = jnp.where(is_zero, 0., n)
    else:
        n = onp.linalg.norm(x, axis=axis)
    return n


def dot(x, y):
    return _which_np(x, y).dot(x, y)


def cross(x, y):
    return _which_np(x, y).cross(x, y)


def arctan2(x1, x2):
    return _which_np(x1, x2).arctan2(x1, x2)


def sqrt(x):
    return _which_np(x).sqrt(x)


def where(condition, x, y):
    return _which_np(condition, x, y).where(condition, x, y)


def rotate(vec, quat):
    """Rotates a vector vec by a unit quaternion quat."""
    if len(vec.shape) != 1:
        raise AssertionError('vec must have no batch dimensions.')
    s, u = quat[0], quat[1:]
    r = 2 * (dot(u, vec) * u) + (s * s - dot(u, u)) * vec
    r = r + 2 * s * cross(u, vec)
    return r


def quat_to_axis_angle(q):
    """Returns the axis-angle representation of a quaternion."""
    epsilon = 1e-10
    denom = safe_norm(q[1:])
    angle = 2. * arctan2(
        sqrt(epsilon + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]), q[0])
    angle += where(angle > pi, x=-2 * pi, y=0)
    angle += where(angle < -pi, x=2 * pi, y=0)
    scale = where(denom == 0., 0., 1. / denom)
    return q[1:] * scale, angle


@jax.jit
def f(vec, quat):
    axis, angle = quat_to_axis_angle(quat)
    return rotate(vec, quat), axis, angle
# --- end user code ---


def make_inputs(rng):
    q = rng.normal(size=4)
    if rng.random() < 0.2:
        q[1:] = 0.0  # the zero-axis branch of safe_norm / scale
    q = (q / onp.linalg.norm(q)).astype(onp.float32)
    return rng.normal(size=3).astype(onp.float32), q


INPUTS = make_inputs
