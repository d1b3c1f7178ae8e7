"""Gas-in-a-box wall bounce ported to jax.numpy: `if np.any(mask):` guarding boolean-mask writes, per axis.

source: MandoBug/MMV backend/mmv/sim/physics.py and backend/mmv/sim/engine.py at 819002fe3d228ffc66207b2187b66c155d8f4cd5 (wall_bounce, SimulationEngine.step)
error: TracerBoolConversionError
category: if-any-boolean-mask-update
expect: fix
notes: NumPy -> jax.numpy port of wall_bounce. The in-place writes `x[over, axis] = ...` and
  `v[over, axis] *= -1` become `.at[over, axis].set(...)` / `.multiply(-1)`, and the function
  returns (x, v) because JAX arrays are immutable. Comments are verbatim. `f` is the movement
  part of SimulationEngine.step (`s.x += self.dt * s.v; wall_bounce(...)` over `substeps`),
  with dt and L as module constants. Under jit, the first error is `if jnp.any(over)`. The
  boolean-mask gathers and scatters inside the branch would also fail
  (NonConcreteBooleanIndexError); the rewrite is a jnp.where per axis.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def wall_bounce(x, v, L):
    """
    Reflect particles that hit the walls of the box.

    x : (N, 2) array of positions
    v : (N, 2) array of velocities
    L : box length

    If a particle goes past 0 or L, we reflect its position
    and flip the sign of its velocity on that axis.
    """
    for axis in (0, 1):  # x- and y-axes
        # find particles beyond the right/top wall
        over = x[:, axis] > L
        if jnp.any(over):
            x = x.at[over, axis].set(2 * L - x[over, axis])
            v = v.at[over, axis].multiply(-1)

        # find particles beyond the left/bottom wall
        under = x[:, axis] < 0
        if jnp.any(under):
            x = x.at[under, axis].set(-x[under, axis])
            v = v.at[under, axis].multiply(-1)
    return x, v


L = 10.0
dt = 0.05


@jax.jit
def f(x, v):
    substeps = 2
    for _ in range(substeps):
        x = x + dt * v         # move particles
        x, v = wall_bounce(x, v, L)  # reflect off walls
    return x, v
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 12
    x = rng.uniform(0, L, size=(n, 2))
    # push some particles right up against the walls so that both walls are hit
    x[:3, 0] = rng.uniform(9.9, 10.0, size=3)
    x[3:6, 1] = rng.uniform(0.0, 0.1, size=3)
    v = rng.normal(0, 3.0, size=(n, 2))
    v[:3, 0] = np.abs(v[:3, 0]) + 1.0
    v[3:6, 1] = -np.abs(v[3:6, 1]) - 1.0
    if rng.random() < 0.25:      # sometimes nobody is near a wall
        x = rng.uniform(3.0, 7.0, size=(n, 2))
    return x.astype(np.float32), v.astype(np.float32)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, v):
    for _ in range(2):
        x = x + dt * v
        for axis in (0, 1):
            over = x[:, axis] > L
            x = x.at[:, axis].set(jnp.where(over, 2 * L - x[:, axis], x[:, axis]))
            v = v.at[:, axis].set(jnp.where(over, -v[:, axis], v[:, axis]))
            under = x[:, axis] < 0
            x = x.at[:, axis].set(jnp.where(under, -x[:, axis], x[:, axis]))
            v = v.at[:, axis].set(jnp.where(under, -v[:, axis], v[:, axis]))
    return x, v
