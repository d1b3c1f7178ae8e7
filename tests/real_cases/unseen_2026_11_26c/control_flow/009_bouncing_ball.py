"""Bouncing-ball Euler integrator: `if position[i, 1] <= 0:` flips the velocity inside the time-step loop.

source: Yzagzag/NYU_SPS_JTERM N-Body/BouncingBall.py.py (the "integration loop!")
error: TracerBoolConversionError
category: simulation-for-if
expect: fix
notes: the script's integration loop as a jitted function of the initial conditions; NumPy in-place writes ported to jnp `.at[...].set`, nsteps cut from 1000 to 150 (duration 4.5 s) and the plotting loop dropped.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(h0, x0, vx0, vy0):
    g = -9.8 #meters/second^2

    #integration parameters
    duration = 4.5 #seconds
    nsteps = 150 #steps
    dt = duration/nsteps #seconds

    #initial conditions
    position = jnp.zeros([nsteps, 2])
    velocity = jnp.zeros([nsteps, 2])
    position = position.at[0].set(jnp.stack([x0, h0]))
    velocity = velocity.at[0].set(jnp.stack([vx0, vy0]))

    #integration loop!
    for i in range(1, nsteps):
        position = position.at[i, 0].set(position[i-1, 0] + velocity[i-1, 0]*dt)
        position = position.at[i, 1].set(position[i-1, 1] + velocity[i-1, 1]*dt)

        velocity = velocity.at[i, 0].set(velocity[i-1, 0])
        velocity = velocity.at[i, 1].set(velocity[i-1, 1] + g*dt)

        if position[i, 1] <= 0:
            velocity = velocity.at[i, 1].set(-velocity[i, 1]*0.9)

    return position, velocity
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    h0 = np.float32(rng.uniform(0.5, 3.0))
    x0 = np.float32(rng.uniform(-1.0, 0.0))
    vx0 = np.float32(rng.uniform(0.0, 0.4))
    vy0 = np.float32(rng.uniform(-1.0, 2.0))
    return (h0, x0, vx0, vy0)


INPUTS = make_inputs


@jax.jit
def reference_fix(h0, x0, vx0, vy0):
    g, nsteps = -9.8, 150
    dt = 4.5 / nsteps

    def step(carry, _):
        p, v = carry
        p_new = p + v * dt
        v_new = jnp.stack([v[0], v[1] + g * dt])
        v_new = v_new.at[1].set(jnp.where(p_new[1] <= 0, -v_new[1] * 0.9, v_new[1]))
        return (p_new, v_new), (p_new, v_new)

    p0 = jnp.stack([x0, h0])
    v0 = jnp.stack([vx0, vy0])
    _, (ps, vs) = lax.scan(step, (p0, v0), None, length=nsteps - 1)
    return jnp.concatenate([p0[None], ps]), jnp.concatenate([v0[None], vs])
