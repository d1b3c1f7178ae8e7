"""Planar-arm inverse kinematics by autodiff gradient descent, stopping early when the gradient is tiny.

source: public code index file id 44537091530, a Chinese robotics study-notes markdown page (sections on forward kinematics, trajectory sliders, "有限差分法", "自动微分法" with the jax version `forward_kinematics_jax` / `inverse_kinematics_autodiff`, then a taichi rigid_body.py listing); the index does not name the repository or commit
error: TracerBoolConversionError
category: for-early-break
expect: fix
notes: forward_kinematics_jax and inverse_kinematics_autodiff verbatim from the page's jax listing; the page's globals `n_links` / `link_lengths` (defined earlier on the page for the numpy version) are stand-ins here (3 links of 1.0, 0.8, 0.6). `f` is inverse_kinematics_autodiff with `@partial(jax.jit, static_argnames=("iterations",))` added (make_inputs passes lr=0.05 traced and a static budget of 30 iterations to keep the eager run short); the traced `if jnp.linalg.norm(gradients) < 1e-6: break` leaks first (the final `np.array(angles)` would leak next).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

n_links = 3
link_lengths = [1.0, 0.8, 0.6]


# 前向运动学 (jax 版本)
def forward_kinematics_jax(angles):
    positions = [jnp.array([0.0, 0.0])]
    current_angle = 0.0
    current_pos = jnp.array([0.0, 0.0])
    for i in range(n_links):
        current_angle += angles[i]
        dx = link_lengths[i] * jnp.cos(current_angle)
        dy = link_lengths[i] * jnp.sin(current_angle)
        current_pos = current_pos + jnp.array([dx, dy])
        positions.append(current_pos)
    return jnp.stack(positions)

# 逆向运动学 (jax自动微分)
@partial(jax.jit, static_argnames=("iterations",))
def inverse_kinematics_autodiff(target, initial_angles, lr=0.05, iterations=200):
    angles = jnp.array(initial_angles, dtype=float)

    # 损失函数：末端执行器与目标点的距离平方
    def loss_fn(angles):
        end_pos = forward_kinematics_jax(angles)[-1]
        return jnp.sum((end_pos - target) ** 2)

    grad_fn = jax.grad(loss_fn)

    for _ in range(iterations):
        gradients = grad_fn(angles)
        if jnp.linalg.norm(gradients) < 1e-6:
            break
        angles = angles - lr * gradients

    return np.array(angles)


f = inverse_kinematics_autodiff
# --- end user code ---


def make_inputs(rng):
    initial = rng.uniform(-1.0, 1.0, size=(3,)).astype(np.float32)
    if rng.random() < 0.25:
        # target already reached: the gradient is (numerically) zero at once -> break
        target = np.asarray(forward_kinematics_jax(jnp.asarray(initial))[-1], dtype=np.float32)
    else:
        r = rng.uniform(0.5, 2.2)
        th = rng.uniform(-np.pi, np.pi)
        target = np.array([r * np.cos(th), r * np.sin(th)], dtype=np.float32)
    # lr is traced; the iteration budget stays a static Python int (kept short so the
    # eager reference run is quick)
    return (target, initial, 0.05, 30)


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("iterations",))
def reference_fix(target, initial_angles, lr=0.05, iterations=200):
    angles = jnp.array(initial_angles, dtype=float)

    def loss_fn(angles):
        end_pos = forward_kinematics_jax(angles)[-1]
        return jnp.sum((end_pos - target) ** 2)

    grad_fn = jax.grad(loss_fn)

    def cond(state):
        i, angles, done = state
        return (i < iterations) & ~done

    def body(state):
        i, angles, done = state
        gradients = grad_fn(angles)
        stop = jnp.linalg.norm(gradients) < 1e-6
        angles = jnp.where(stop, angles, angles - lr * gradients)
        return i + 1, angles, stop

    _, angles, _ = jax.lax.while_loop(cond, body, (0, angles, False))
    return angles
