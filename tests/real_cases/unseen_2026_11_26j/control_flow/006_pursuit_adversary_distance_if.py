"""Proportional-navigation adversary for a drone-evasion training loop: a traced `if distance > 1e-6` inside a static time loop.

source: a public JAX training script for the "MIGHTY" evasion policy ("Training Loop with Visualization for MIGHTY Evasion Policy", function simulate_adversary_level2); found by content search in the code index (index file id 62949599962), repository not resolved
error: TracerBoolConversionError
category: for-static-range-traced-if
expect: fix
notes: simulate_adversary_level2 is verbatim (docstring shortened). In the script it is called
  eagerly from the training loop; the case jits it as `f` (T = len(ego_times) is static). The
  `if i < T - 1` test is on the static loop index and is fine; the leak is
  `if distance > 1e-6` on the traced distance to the ego drone.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def simulate_adversary_level2(adv_start: jnp.ndarray,
                               adv_vel_init: jnp.ndarray,
                               ego_trajectory: jnp.ndarray,
                               ego_times: jnp.ndarray,
                               pursuit_gain: float = 2.0) -> jnp.ndarray:
    """
    Level 2 adversary: Proportional navigation toward ego.

    Returns:
        adv_trajectory: (T, 3) adversary positions
    """
    T = len(ego_times)
    adv_trajectory = []
    adv_pos = adv_start
    adv_vel = adv_vel_init

    speed = jnp.linalg.norm(adv_vel_init)  # Maintain constant speed

    for i in range(T):
        adv_trajectory.append(adv_pos)

        if i < T - 1:
            # Proportional navigation: steer toward ego's current position
            dt = ego_times[i+1] - ego_times[i]
            to_ego = ego_trajectory[i] - adv_pos
            distance = jnp.linalg.norm(to_ego)

            # Desired velocity direction (toward ego)
            if distance > 1e-6:
                desired_dir = to_ego / distance
            else:
                desired_dir = adv_vel / (jnp.linalg.norm(adv_vel) + 1e-6)

            # Proportional navigation (blend current velocity with desired)
            adv_vel = adv_vel + pursuit_gain * dt * (desired_dir * speed - adv_vel)
            adv_vel = adv_vel / (jnp.linalg.norm(adv_vel) + 1e-6) * speed  # Normalize to constant speed

            # Update position
            adv_pos = adv_pos + adv_vel * dt

    return jnp.array(adv_trajectory)


f = jax.jit(simulate_adversary_level2)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    T = 8
    ego_times = np.sort(rng.uniform(0.0, 4.0, size=T)).astype(np.float32)
    ego_trajectory = rng.uniform(-5.0, 5.0, size=(T, 3)).astype(np.float32)
    adv_start = rng.uniform(-5.0, 5.0, size=3).astype(np.float32)
    adv_vel_init = rng.uniform(-2.0, 2.0, size=3).astype(np.float32)
    # edge value: the ego drone sits on the adversary's start, so the first step takes the else branch
    if rng.uniform() < 0.5:
        ego_trajectory[0] = adv_start
    return (adv_start, adv_vel_init, ego_trajectory, ego_times)


INPUTS = make_inputs


@jax.jit
def reference_fix(adv_start, adv_vel_init, ego_trajectory, ego_times, pursuit_gain=2.0):
    T = len(ego_times)
    adv_trajectory = []
    adv_pos = adv_start
    adv_vel = adv_vel_init
    speed = jnp.linalg.norm(adv_vel_init)
    for i in range(T):
        adv_trajectory.append(adv_pos)
        if i < T - 1:
            dt = ego_times[i + 1] - ego_times[i]
            to_ego = ego_trajectory[i] - adv_pos
            distance = jnp.linalg.norm(to_ego)
            far = distance > 1e-6
            desired_dir = jnp.where(far, to_ego / jnp.where(far, distance, 1.0),
                                    adv_vel / (jnp.linalg.norm(adv_vel) + 1e-6))
            adv_vel = adv_vel + pursuit_gain * dt * (desired_dir * speed - adv_vel)
            adv_vel = adv_vel / (jnp.linalg.norm(adv_vel) + 1e-6) * speed
            adv_pos = adv_pos + adv_vel * dt
    return jnp.array(adv_trajectory)
