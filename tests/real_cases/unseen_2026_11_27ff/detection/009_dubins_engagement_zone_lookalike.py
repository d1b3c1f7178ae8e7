"""Dubins engagement-zone test that is already jit-safe: nested lax.cond, jnp.where, a jit(vmap) entry point.

source: grastagg/Probabilistic-Weapon-Engagement-Zones testDubins.py (stored revision, code-index file id 20300787822; the repository's findDubinsLength.py / dubinsEZ.py carry the same helpers)
error: none
category: negative
expect: untouched
notes: find_counter_clockwise_tangent_point, find_clockwise_tangent_point, clockwise_angle, counterclockwise_angle
  (with the author's commented-out earlier versions), find_dubins_path_length, in_dubins_engagement_zone_single and the
  vmapped in_dubins_engagement_zone verbatim. Dropped: the numpy/time/matplotlib and `fast_pursuer` imports (plotting
  only) and the module-level `jax.config.update("jax_enable_x64", True)` / platform lines (they would change the global
  dtype for every other case in the same process). Everything that looks like control flow on traced values
  (collinearity test, opposite-direction test, clockwise choice, "inside circle" tests) already goes through
  jax.lax.cond / jnp.where / jnp.logical_*; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def find_counter_clockwise_tangent_point(p1, c, r):
    v1 = p1 - c
    normV1 = jnp.linalg.norm(v1)
    v3Perallel = (r**2) / normV1**2 * v1
    vPerpendicularNormalized = jnp.array([-v1[1], v1[0]]) / normV1
    v3Perpendicular = -jnp.sqrt(r**2 - r**4 / normV1**2) * vPerpendicularNormalized
    v3 = v3Perallel + v3Perpendicular
    pt = c + v3
    return pt


@jax.jit
def find_clockwise_tangent_point(p1, c, r):
    v1 = p1 - c
    normV1 = jnp.linalg.norm(v1)
    v3Perallel = (r**2) / normV1**2 * v1
    vPerpendicularNormalized = -jnp.array([v1[1], -v1[0]]) / normV1
    v3Perpendicular = jnp.sqrt(r**2 - r**4 / normV1**2) * vPerpendicularNormalized

    v3 = v3Perallel + v3Perpendicular
    pt = c + v3
    return pt


# @jax.jit
# def clockwise_angle(v1, v2):
#     # Calculate determinant and dot product
#     det = v1[0] * v2[1] - v1[1] * v2[0]
#     dot = v1[0] * v2[0] + v1[1] * v2[1]
#
#     # Compute angle and normalize to [0, 2*pi]
#     angle = jnp.arctan2(det, dot)
#     angle_ccw = (angle + 2 * jnp.pi) % (2 * jnp.pi)
#
#     return angle_ccw


@jax.jit
def clockwise_angle(v1, v2):
    # Calculate determinant and dot product
    det = v1[0] * v2[1] - v1[1] * v2[0]  # 2D cross product (determinant)
    dot = v1[0] * v2[0] + v1[1] * v2[1]  # Dot product

    angle = jax.lax.cond(
        jnp.abs(det) < 1e-8,  # Condition: if det is near zero (collinear)
        lambda _: jax.lax.cond(
            dot < 0,  # Further check if the vectors are in opposite directions
            lambda _: jnp.pi,  # Opposite directions: angle = pi
            lambda _: 0.0,  # Same direction: angle = 0
            operand=None,
        ),
        lambda _: jnp.arctan2(det, dot),  # Standard angle calculation
        operand=None,
    )

    # Normalize to [0, 2*pi] to ensure the result is in a consistent range
    angle_cw = (angle + 2 * jnp.pi) % (2 * jnp.pi)

    return angle_cw


# @jax.jit
# def counterclockwise_angle(v1, v2):
#     # Calculate determinant and dot product
#     det = v1[0] * v2[1] - v1[1] * v2[0]
#     dot = v1[0] * v2[0] + v1[1] * v2[1]
#
#     # Compute clockwise angle
#     angle = jnp.arctan2(-det, dot)
#     angle_cw = (angle + 2 * jnp.pi) % (2 * jnp.pi)
#
#     return angle_cw


@jax.jit
def counterclockwise_angle(v1, v2):
    # Calculate determinant and dot product
    det = v1[0] * v2[1] - v1[1] * v2[0]
    dot = v1[0] * v2[0] + v1[1] * v2[1]

    # Use jax.lax.cond for the collinearity check and handling the angle
    angle = jax.lax.cond(
        jnp.abs(det) < 1e-8,  # Condition: if det is near zero (collinear)
        lambda _: jax.lax.cond(
            dot < 0,  # Further check if the vectors are in opposite directions
            lambda _: jnp.pi,  # Opposite directions: angle = pi
            lambda _: 0.0,  # Same direction: angle = 0
            operand=None,
        ),
        lambda _: jnp.arctan2(-det, dot),  # Standard angle calculation
        operand=None,
    )

    # Ensure the angle is in the range [0, 2*pi)
    angle_cw = (angle + 2 * jnp.pi) % (2 * jnp.pi)

    return angle_cw


@jax.jit
def find_dubins_path_length(startPosition, startHeading, goalPosition, radius):
    # Compute left and right turn centers
    leftCenter = jnp.array(
        [
            startPosition[0] - radius * jnp.sin(startHeading),
            startPosition[1] + radius * jnp.cos(startHeading),
        ]
    )
    rightCenter = jnp.array(
        [
            startPosition[0] + radius * jnp.sin(startHeading),
            startPosition[1] - radius * jnp.cos(startHeading),
        ]
    )

    # Compute distances to goal
    dist_to_left = jnp.linalg.norm(goalPosition - leftCenter)
    dist_to_right = jnp.linalg.norm(goalPosition - rightCenter)

    # Determine which center to use
    # left_closer = dist_to_left < dist_to_right
    right_closer = dist_to_right < dist_to_left
    inside_right_circle = dist_to_right < radius
    inside_left_circle = dist_to_left < radius
    clockwise = jnp.where(
        jnp.logical_or(
            jnp.logical_and(right_closer, jnp.logical_not(inside_right_circle)),
            jnp.logical_and(jnp.logical_not(right_closer), inside_left_circle),
        ),
        True,
        False,
    )
    centerPoint = jnp.where(clockwise, rightCenter, leftCenter)
    # Compute tangent point
    tangentPoint = jax.lax.cond(
        clockwise,
        lambda _: find_clockwise_tangent_point(goalPosition, centerPoint, radius),
        lambda _: find_counter_clockwise_tangent_point(
            goalPosition, centerPoint, radius
        ),
        operand=None,
    )

    # Compute angles for arc length
    v4 = startPosition - centerPoint
    v3 = tangentPoint - centerPoint

    theta = jax.lax.cond(
        clockwise,
        lambda _: clockwise_angle(v3, v4),
        lambda _: counterclockwise_angle(v3, v4),
        operand=None,
    )
    # jax.debug.print(
    #     "goalPosition: {goalPosition}, Theta:{theta}, Clockwise: {cw}",
    #     goalPosition=goalPosition,
    #     theta=theta,
    #     cw=clockwise,
    # )

    # Compute final path length
    straightLineLength = jnp.linalg.norm(goalPosition - tangentPoint)
    arcLength = radius * theta
    totalLength = arcLength + straightLineLength

    return totalLength


@jax.jit
def in_dubins_engagement_zone_single(
    startPosition,
    startHeading,
    turnRadius,
    captureRadius,
    pursuerRange,
    pursuerSpeed,
    evaderPosition,
    evaderHeading,
    evaderSpeed,
):
    speedRatio = evaderSpeed / pursuerSpeed
    goalPosition = evaderPosition + speedRatio * pursuerRange * jnp.array(
        [jnp.cos(evaderHeading), jnp.sin(evaderHeading)]
    )

    dubinsPathLength = find_dubins_path_length(
        startPosition, startHeading, goalPosition, turnRadius
    )

    return dubinsPathLength < (captureRadius + pursuerRange)


# Vectorized function using vmap
in_dubins_engagement_zone = jax.jit(
    jax.vmap(
        in_dubins_engagement_zone_single,
        in_axes=(
            None,
            None,
            None,
            None,
            None,
            None,
            0,
            0,
            None,
        ),  # Vectorizing over evaderPosition & evaderHeading
    )
)

f = in_dubins_engagement_zone
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 64
    startPosition = rng.uniform(-0.2, 0.2, size=(2,)).astype(np.float32)
    startHeading = np.float32(rng.uniform(-np.pi, np.pi))
    turnRadius = np.float32(rng.uniform(0.3, 0.6))
    captureRadius = np.float32(0.1)
    pursuerRange = np.float32(rng.uniform(0.8, 1.5))
    pursuerSpeed = np.float32(2.0)
    evaderSpeed = np.float32(1.0)
    # evaders everywhere around the pursuer: behind it, inside both turn circles, far outside the zone
    evaderPosition = rng.uniform(-2.0, 2.0, size=(n, 2)).astype(np.float32)
    evaderHeading = rng.uniform(-np.pi, np.pi, size=(n,)).astype(np.float32)
    return (startPosition, startHeading, turnRadius, captureRadius, pursuerRange, pursuerSpeed,
            evaderPosition, evaderHeading, evaderSpeed)


INPUTS = make_inputs
