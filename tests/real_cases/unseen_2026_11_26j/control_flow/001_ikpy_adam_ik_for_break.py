"""ikpy's JAX inverse kinematics (Adam branch): a Python for-loop that breaks on a traced gradient test.

source: Phylliade/ikpy src/ikpy/jax_backend.py at 22f7304c4915e76995acab8f9f24ceeecaabb5df (inverse_kinematics_jax, optimizer == "adam" branch; forward_kinematics_jax) and src/ikpy/utils/jax_geometry.py at aa78419671cc118287b0846d8d0c73962e1a1414 (rx/ry/rz_matrix, rpy_matrix, axis_rotation_matrix, homogeneous_translation_matrix, cartesian_to_homogeneous, compute_link_frame_matrix_revolute)
error: TracerBoolConversionError
category: for-break-traced-convergence
expect: fix
notes: The Adam loop (m, v, bias correction, clip, `if jnp.max(jnp.abs(g)) < tol: break`) and the
  position-only part of compute_loss are verbatim. Adaptations: the chain is revolute-only, so the
  per-link `lax.switch` over joint types is replaced by a direct call to
  compute_link_frame_matrix_revolute; extract_chain_parameters (which reads an ikpy Chain object) is
  replaced by passing the link arrays directly, with `n_links` taken from a static shape; all joints
  are active (no active-mask scatter); the final `np.array(result)` conversion is dropped; the jit
  decorators on the geometry helpers are removed (they are jitted as part of `f`). ikpy calls the
  solver eagerly; the case jits it with fixed max_iter/learning_rate/tol.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp


def rx_matrix(theta):
    """Rotation matrix around the X axis"""
    c = jnp.cos(theta)
    s = jnp.sin(theta)
    return jnp.array([
        [1.0, 0.0, 0.0],
        [0.0, c, -s],
        [0.0, s, c]
    ])


def ry_matrix(theta):
    """Rotation matrix around the Y axis"""
    c = jnp.cos(theta)
    s = jnp.sin(theta)
    return jnp.array([
        [c, 0.0, s],
        [0.0, 1.0, 0.0],
        [-s, 0.0, c]
    ])


def rz_matrix(theta):
    """Rotation matrix around the Z axis"""
    c = jnp.cos(theta)
    s = jnp.sin(theta)
    return jnp.array([
        [c, -s, 0.0],
        [s, c, 0.0],
        [0.0, 0.0, 1.0]
    ])


def rpy_matrix(roll, pitch, yaw):
    """Return a rotation matrix described by the extrinsic roll, pitch, yaw coordinates"""
    return jnp.dot(rz_matrix(yaw), jnp.dot(ry_matrix(pitch), rx_matrix(roll)))


def axis_rotation_matrix(axis, theta):
    """Returns a rotation matrix around the given axis using Rodrigues' rotation formula"""
    x, y, z = axis[0], axis[1], axis[2]
    c = jnp.cos(theta)
    s = jnp.sin(theta)

    return jnp.array([
        [x ** 2 + (1 - x ** 2) * c, x * y * (1 - c) - z * s, x * z * (1 - c) + y * s],
        [x * y * (1 - c) + z * s, y ** 2 + (1 - y ** 2) * c, y * z * (1 - c) - x * s],
        [x * z * (1 - c) - y * s, y * z * (1 - c) + x * s, z ** 2 + (1 - z ** 2) * c]
    ])


def homogeneous_translation_matrix(trans_x, trans_y, trans_z):
    """Return a translation matrix in homogeneous space"""
    return jnp.array([
        [1.0, 0.0, 0.0, trans_x],
        [0.0, 1.0, 0.0, trans_y],
        [0.0, 0.0, 1.0, trans_z],
        [0.0, 0.0, 0.0, 1.0]
    ])


def cartesian_to_homogeneous(cartesian_matrix):
    """Converts a 3x3 cartesian matrix to a 4x4 homogeneous matrix"""
    homogeneous_matrix = jnp.eye(4)
    homogeneous_matrix = homogeneous_matrix.at[:3, :3].set(cartesian_matrix)
    return homogeneous_matrix


def compute_link_frame_matrix_revolute(origin_translation, origin_orientation, rotation_axis, theta):
    # Translation matrix
    frame_matrix = homogeneous_translation_matrix(
        origin_translation[0],
        origin_translation[1],
        origin_translation[2]
    )

    # Orientation matrix
    orientation = cartesian_to_homogeneous(
        rpy_matrix(origin_orientation[0], origin_orientation[1], origin_orientation[2])
    )
    frame_matrix = jnp.dot(frame_matrix, orientation)

    # Rotation matrix
    rotation = cartesian_to_homogeneous(axis_rotation_matrix(rotation_axis, theta))
    frame_matrix = jnp.dot(frame_matrix, rotation)

    return frame_matrix


def forward_kinematics_jax(joints, chain_params):
    """
    Compute forward kinematics using JAX.
    """
    frame_matrix = jnp.eye(4)

    def body_fn(i, frame_matrix):
        link_matrix = compute_link_frame_matrix_revolute(
            chain_params['origin_translations'][i],
            chain_params['origin_orientations'][i],
            chain_params['rotation_axes'][i],
            joints[i]
        )
        return jnp.dot(frame_matrix, link_matrix)

    frame_matrix = jax.lax.fori_loop(0, chain_params['n_links'], body_fn, frame_matrix)
    return frame_matrix


def inverse_kinematics_jax(origin_translations, origin_orientations, rotation_axes,
                           target_position, starting_nodes_angles, lower_bounds, upper_bounds,
                           max_iter=100, learning_rate=0.01, tol=1e-6):
    chain_params = {
        'origin_translations': origin_translations,
        'origin_orientations': origin_orientations,
        'rotation_axes': rotation_axes,
        'n_links': origin_translations.shape[0],
    }
    dtype = jnp.float32

    # Define loss function
    def compute_loss(active_joints):
        # Ensure consistent dtype
        active_joints = active_joints.astype(dtype)

        # Compute FK
        fk = forward_kinematics_jax(active_joints, chain_params)

        # Position error
        position_error = fk[:3, 3] - target_position
        loss = jnp.sum(position_error ** 2)

        return loss

    # Compute gradient
    grad_loss = jax.grad(compute_loss)

    # Initial active joints
    x0 = starting_nodes_angles

    # Adam optimizer
    x = x0
    m = jnp.zeros_like(x)
    v = jnp.zeros_like(x)
    beta1, beta2 = 0.9, 0.999
    eps = jnp.array(1e-8, dtype=dtype)

    for t in range(1, max_iter + 1):
        g = grad_loss(x)
        m = beta1 * m + (1 - beta1) * g
        v = beta2 * v + (1 - beta2) * g ** 2
        m_hat = m / (1 - beta1 ** t)
        v_hat = v / (1 - beta2 ** t)
        x = x - learning_rate * m_hat / (jnp.sqrt(v_hat) + eps)
        x = jnp.clip(x, lower_bounds, upper_bounds)

        # Check convergence
        if jnp.max(jnp.abs(g)) < tol:
            break
    optimal_active = x

    return optimal_active


f = jax.jit(functools.partial(inverse_kinematics_jax, max_iter=40, learning_rate=0.05, tol=0.05))
# --- end user code ---

import numpy as np


def _planar_fk(lengths, angles):
    # end-effector position of a planar arm whose links rotate about z
    pos = np.zeros(3)
    cum = 0.0
    for i in range(len(lengths)):
        pos += lengths[i] * np.array([np.cos(cum), np.sin(cum), 0.0])
        cum += angles[i]
    return pos


def make_inputs(rng):
    n = 3
    lengths = rng.uniform(0.5, 1.0, size=n)
    lengths[0] = 0.0
    origin_translations = np.zeros((n, 3), np.float32)
    origin_translations[:, 0] = lengths
    origin_orientations = np.zeros((n, 3), np.float32)
    rotation_axes = np.tile(np.array([0.0, 0.0, 1.0], np.float32), (n, 1))
    start = rng.uniform(-1.0, 1.0, size=n).astype(np.float32)
    # some trials start (almost) at the target, so the break fires on the first iterations;
    # the others are still far from it after max_iter steps
    if rng.uniform() < 0.4:
        target = _planar_fk(lengths, start) + rng.normal(scale=1e-3, size=3)
    else:
        target = _planar_fk(lengths, rng.uniform(-1.5, 1.5, size=n))
    target[2] = 0.0
    lower = np.full(n, -2 * np.pi, np.float32)
    upper = np.full(n, 2 * np.pi, np.float32)
    return (origin_translations, origin_orientations, rotation_axes,
            target.astype(np.float32), start, lower, upper)


INPUTS = make_inputs


@jax.jit
def reference_fix(origin_translations, origin_orientations, rotation_axes,
                  target_position, starting_nodes_angles, lower_bounds, upper_bounds):
    max_iter, learning_rate, tol = 40, 0.05, 0.05
    chain_params = {
        'origin_translations': origin_translations,
        'origin_orientations': origin_orientations,
        'rotation_axes': rotation_axes,
        'n_links': origin_translations.shape[0],
    }
    dtype = jnp.float32

    def compute_loss(active_joints):
        fk = forward_kinematics_jax(active_joints.astype(dtype), chain_params)
        return jnp.sum((fk[:3, 3] - target_position) ** 2)

    grad_loss = jax.grad(compute_loss)
    x = starting_nodes_angles
    m = jnp.zeros_like(x)
    v = jnp.zeros_like(x)
    beta1, beta2 = 0.9, 0.999
    eps = jnp.array(1e-8, dtype=dtype)
    done = jnp.array(False)
    for t in range(1, max_iter + 1):
        g = grad_loss(x)
        m_new = beta1 * m + (1 - beta1) * g
        v_new = beta2 * v + (1 - beta2) * g ** 2
        m_hat = m_new / (1 - beta1 ** t)
        v_hat = v_new / (1 - beta2 ** t)
        x_new = jnp.clip(x - learning_rate * m_hat / (jnp.sqrt(v_hat) + eps), lower_bounds, upper_bounds)
        x = jnp.where(done, x, x_new)
        m = jnp.where(done, m, m_new)
        v = jnp.where(done, v, v_new)
        done = done | (jnp.max(jnp.abs(g)) < tol)
    return x
