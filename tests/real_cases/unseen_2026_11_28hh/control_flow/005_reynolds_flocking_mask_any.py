"""Reynolds flocking step: per-agent `for i in range(n)` with `if sep_mask.any(): sep = -diffs[sep_mask].sum(0)`.

source: code-index file id 68421232840 (a Chinese-language robotics course page with JAX exercise solutions:
  swarm consensus, "Reynolds' Flocking: Separation + Alignment + Cohesion", shared autonomy; the index does not
  name the repository/commit) -- exercise 2, the flocking simulation.
error: TracerBoolConversionError
category: for-per-agent-if-mask-any
expect: fix
notes: the exercise is a module-level script; the body of its `for _ in range(200):` time loop is kept verbatim
  as `flock_step(pos, vel)` (returning the new pos, vel) with the script's constants (n = 30, dt,
  separation_radius, neighbour_radius) at module level; plotting and the trajectories list are dropped. Entry
  point: `f = jax.jit(flock_step)`. Inputs: 30 agents in [-5, 5]^2 with a few moved far away so the
  no-neighbour `else` branches run, and some pairs placed very close so separation fires.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp

n = 30
dt = 0.1
separation_radius = 1.0
neighbour_radius = 3.0


def flock_step(pos, vel):
    new_vel = jnp.zeros_like(vel)
    for i in range(n):
        diffs = pos - pos[i]
        dists = jnp.linalg.norm(diffs, axis=1)

        # Neighbours within radius (exclude self)
        nbr_mask = (dists < neighbour_radius) & (dists > 0)
        sep_mask = (dists < separation_radius) & (dists > 0)

        # Separation: steer away from very close neighbours
        if sep_mask.any():
            sep = -diffs[sep_mask].sum(axis=0)
        else:
            sep = jnp.zeros(2)

        # Alignment: match average velocity of neighbours
        if nbr_mask.any():
            align = vel[nbr_mask].mean(axis=0) - vel[i]
        else:
            align = jnp.zeros(2)

        # Cohesion: steer toward average position of neighbours
        if nbr_mask.any():
            cohesion = pos[nbr_mask].mean(axis=0) - pos[i]
        else:
            cohesion = jnp.zeros(2)

        new_vel = new_vel.at[i].set(vel[i] + 1.5 * sep + 0.5 * align + 0.3 * cohesion)

    # Limit speed
    speeds = jnp.linalg.norm(new_vel, axis=1, keepdims=True)
    vel = jnp.where(speeds > 2.0, new_vel / speeds * 2.0, new_vel)
    pos = pos + vel * dt
    return pos, vel


f = jax.jit(flock_step)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    pos = rng.uniform(-5, 5, size=(n, 2)).astype(np.float32)
    far = rng.choice(n, size=3, replace=False)
    pos[far] = rng.uniform(-40, 40, size=(3, 2)) + np.array([60.0, 0.0]) * np.arange(1, 4)[:, None]
    close = rng.choice(n, size=4, replace=False)
    pos[close[1]] = pos[close[0]] + rng.uniform(-0.3, 0.3, size=2)
    pos[close[3]] = pos[close[2]] + rng.uniform(-0.3, 0.3, size=2)
    vel = rng.uniform(-0.5, 0.5, size=(n, 2)).astype(np.float32)
    return (pos.astype(np.float32), vel)


INPUTS = make_inputs


@jax.jit
def reference_fix(pos, vel):
    diffs = pos[None, :, :] - pos[:, None, :]          # diffs[i, j] = pos[j] - pos[i]
    dists = jnp.linalg.norm(diffs, axis=-1)
    nbr = (dists < neighbour_radius) & (dists > 0)
    sepm = (dists < separation_radius) & (dists > 0)
    sep = -jnp.sum(jnp.where(sepm[..., None], diffs, 0.0), axis=1)
    cnt = jnp.sum(nbr, axis=1, keepdims=True)
    has = cnt > 0
    safe = jnp.maximum(cnt, 1)
    align = jnp.where(has, jnp.sum(jnp.where(nbr[..., None], vel[None], 0.0), axis=1) / safe - vel, 0.0)
    cohesion = jnp.where(has, jnp.sum(jnp.where(nbr[..., None], pos[None], 0.0), axis=1) / safe - pos, 0.0)
    new_vel = vel + 1.5 * sep + 0.5 * align + 0.3 * cohesion
    speeds = jnp.linalg.norm(new_vel, axis=1, keepdims=True)
    vel = jnp.where(speeds > 2.0, new_vel / speeds * 2.0, new_vel)
    pos = pos + vel * dt
    return pos, vel
