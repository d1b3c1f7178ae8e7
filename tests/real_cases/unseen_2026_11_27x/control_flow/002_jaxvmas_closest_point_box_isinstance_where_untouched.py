"""Look-alike: JaxVMAS closest point on a box, with `if not isinstance(..., Array)`, `if limit_to_line_length:` and a `for p in closest_points` loop whose `d < distance` test goes through jnp.where (correct).

source: jselvaraaj/JaxVMAS jaxvmas/simulator/physics.py at 3e9c49e4be5e710503deada8465b715656987ba8 (_get_closest_point_box, _get_all_lines_box, _get_all_points_box, _get_closest_point_line; code-index file id 19865504957). JaxVMAS ports the PyTorch VMAS simulator (proroklab/VectorizedMultiAgentSimulator vmas/simulator/physics.py) to JAX.
error: none
category: negative
expect: untouched
notes: the four functions are verbatim. `from jaxtyping import Array, Float` is replaced by jax.Array and a tiny `Float[...]` stand-in that returns jax.Array (jaxtyping is not installed); the module-level `batch`/`dim_p`/`n` names are kept. Entry point `f` is a jitted wrapper passing a traced per-env box width and the Python float 0.5 as box length, so both `isinstance` branches run. Every branch is on Python types or a Python bool default; the candidate selection is jnp.where over a Python list of 4 points.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax import Array


class Float:  # stand-in for jaxtyping.Float (annotations only)
    def __class_getitem__(cls, item):
        return Array


# Type dimensions
batch = "batch"
dim_p = "dim_p"
n = "n"


def _get_closest_point_box(
    box_pos: Float[Array, f"{batch} {dim_p}"],
    box_rot: Float[Array, f"{batch} 1"],
    box_width: Float[Array, f"{batch}"] | float,
    box_length: Float[Array, f"{batch}"] | float,
    test_point_pos: Float[Array, f"{batch} {dim_p}"],
) -> Float[Array, f"{batch} {dim_p}"]:

    if not isinstance(box_width, Array):
        box_width = jnp.full(box_pos.shape[0], box_width)
    if not isinstance(box_length, Array):
        box_length = jnp.full(box_pos.shape[0], box_length)

    closest_points = _get_all_points_box(
        box_pos, box_rot, box_width, box_length, test_point_pos
    )
    closest_point = jnp.full_like(box_pos, jnp.inf)
    distance = jnp.full(box_pos.shape[:-1], jnp.inf)

    for p in closest_points:
        d = jnp.linalg.norm(test_point_pos - p, axis=-1)
        is_closest = d < distance
        # Expand is_closest to match the shape of p (for broadcasting along the last dimension).
        is_closest_exp = jnp.broadcast_to(jnp.expand_dims(is_closest, axis=-1), p.shape)
        closest_point = jnp.where(is_closest_exp, p, closest_point)
        distance = jnp.where(is_closest, d, distance)

    return closest_point


def _get_all_lines_box(
    box_pos: Float[Array, f"{batch} {dim_p}"],
    box_rot: Float[Array, f"{batch} 1"],
    box_width: Float[Array, f"{batch}"],
    box_length: Float[Array, f"{batch}"],
) -> tuple[
    Float[Array, f"4 {batch} {dim_p}"],
    Float[Array, f"4 {batch} 1"],
    Float[Array, f"4 {batch}"],
]:
    # Rotate normal vector by the angle of the box
    rotated_vector = jnp.concatenate([jnp.cos(box_rot), jnp.sin(box_rot)], axis=-1)
    rot_2 = box_rot + jnp.pi / 2
    rotated_vector2 = jnp.concatenate([jnp.cos(rot_2), jnp.sin(rot_2)], axis=-1)

    expanded_half_box_length = jnp.broadcast_to(
        box_length[..., None] / 2, rotated_vector.shape
    )
    expanded_half_box_width = jnp.broadcast_to(
        box_width[..., None] / 2, rotated_vector.shape
    )

    # Middle points of the sides
    p1 = box_pos + rotated_vector * expanded_half_box_length
    p2 = box_pos - rotated_vector * expanded_half_box_length
    p3 = box_pos + rotated_vector2 * expanded_half_box_width
    p4 = box_pos - rotated_vector2 * expanded_half_box_width

    ps = jnp.stack([p1, p2, p3, p4])
    rots = jnp.stack([box_rot + jnp.pi / 2, box_rot + jnp.pi / 2, box_rot, box_rot])
    lengths = jnp.stack([box_width, box_width, box_length, box_length])

    return ps, rots, lengths


def _get_all_points_box(
    box_pos: Float[Array, f"{batch} {dim_p}"],
    box_rot: Float[Array, f"{batch} 1"],
    box_width: Float[Array, f"{batch}"],
    box_length: Float[Array, f"{batch}"],
    test_point_pos: Float[Array, f"{batch} {dim_p}"],
) -> Float[Array, f"4 {batch} {dim_p}"]:
    lines_pos, lines_rot, lines_length = _get_all_lines_box(
        box_pos, box_rot, box_width, box_length
    )
    # Expand test_point_pos to match the shape of lines_pos.
    target_test_point_pos = jnp.broadcast_to(
        jnp.expand_dims(test_point_pos, axis=0), lines_pos.shape
    )
    # Compute closest points on the lines to the test point.
    # Assume _get_closest_point_line returns an array of shape (C, batch, dim),
    # where C is the candidate dimension.
    closest_points = _get_closest_point_line(
        lines_pos, lines_rot, lines_length, target_test_point_pos
    )
    # “Unbind” along candidate axis by turning the first axis into a list.
    return [closest_points[i] for i in range(closest_points.shape[0])]


def _get_closest_point_line(
    line_pos: Float[Array, f"{batch} {dim_p}"],
    line_rot: Float[Array, f"{batch} 1"],
    line_length: Float[Array, f"{batch}"] | float,
    test_point_pos: Float[Array, f"{batch} {dim_p}"],
    limit_to_line_length: bool = True,
) -> Float[Array, f"{batch} {dim_p}"]:
    if not isinstance(line_length, Array):
        line_length = jnp.full(line_rot.shape, line_length)

    # Rotate it by the angle of the line
    rotated_vector = jnp.concatenate([jnp.cos(line_rot), jnp.sin(line_rot)], axis=-1)
    # Compute the vector from test point to the line position.
    delta_pos = line_pos - test_point_pos
    # Dot product along the last axis (keep dims for later broadcasting).
    dot_p = jnp.sum(delta_pos * rotated_vector, axis=-1, keepdims=True)
    sign = jnp.sign(dot_p)
    if limit_to_line_length:
        half_line_length = jnp.reshape(line_length / 2, dot_p.shape)
        distance_from_line_center = jnp.minimum(jnp.abs(dot_p), half_line_length)
    else:
        distance_from_line_center = jnp.abs(dot_p)
    closest_point = line_pos - sign * distance_from_line_center * rotated_vector
    return closest_point


@jax.jit
def f(box_pos, box_rot, box_width, test_point_pos):
    return _get_closest_point_box(box_pos, box_rot, box_width, 0.5, test_point_pos)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    b = 6
    box_pos = rng.normal(size=(b, 2)).astype(np.float32)
    box_rot = rng.uniform(-np.pi, np.pi, size=(b, 1)).astype(np.float32)
    box_width = rng.uniform(0.1, 1.5, size=(b,)).astype(np.float32)
    test_point_pos = (box_pos + rng.normal(scale=1.0, size=(b, 2))).astype(np.float32)
    return (box_pos, box_rot, box_width, test_point_pos)


INPUTS = make_inputs
