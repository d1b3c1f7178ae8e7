"""Shared-autonomy rollout: a 150-step loop that `break`s when the robot reaches the goal and stacks a path of that length.

source: code-index file id 68660096091, a Chinese translation page whose front matter names its source as
  repository "maths-cs-ai-compendium", path "chapter 11 - autonomous systems/05. space and extreme robotics.md",
  revision 9850ee574a370bc1cde59de98b394e953775b67d (owner not given; the index does not name the hosting
  repository of the translation) -- programming task 3, "Shared Autonomy: Blending Human and Robot Control".
error: TracerBoolConversionError
category: for-break-dynamic-length
expect: report
notes: the task is a module-level script looping over alpha in [1.0, 0.5, 0.0] and plotting; the body for one
  alpha is kept verbatim as `shared_autonomy_path(alpha, goal, rng)` returning `path`; plotting dropped, the
  script's `dt = 0.1` kept at module level. Entry point: `jax.jit(..., static_argnums=0)` (alpha static, goal
  and key traced). `if jnp.linalg.norm(pos - goal) < 0.3: break` decides how many rows `jnp.stack(path)` has,
  so the output shape depends on traced data: no jit-safe rewrite returns the same value; report it.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

dt = 0.1


def shared_autonomy_path(alpha, goal, rng):
    pos = jnp.array([0.0, 0.0])
    path = [pos.copy()]

    for step in range(150):
        # Robot autonomy: smooth path to goal
        direction = goal - pos
        u_robot = direction / (jnp.linalg.norm(direction) + 1e-6) * 1.0

        # Human input: roughly correct direction but noisy
        noise = jax.random.normal(jax.random.fold_in(rng, step), (2,)) * 0.5
        u_human = u_robot + noise

        # Blend
        u = alpha * u_human + (1 - alpha) * u_robot
        pos = pos + u * dt
        path.append(pos.copy())

        if jnp.linalg.norm(pos - goal) < 0.3:
            break

    path = jnp.stack(path)
    return path


f = jax.jit(shared_autonomy_path, static_argnums=0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    alpha = float(rng.choice([1.0, 0.5, 0.0]))
    goal = rng.uniform([2.0, -3.0], [10.0, 5.0]).astype(np.float32)  # near goals: reached within 150 steps
    if rng.random() < 0.3:
        goal = np.array([30.0, 20.0], np.float32)  # never reached: full 151-row path
    key = np.asarray(jax.random.PRNGKey(int(rng.integers(0, 1000))))
    return (alpha, goal, key)


INPUTS = make_inputs
