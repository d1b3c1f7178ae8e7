"""A jitted dynamics method calls module-level bound helpers that branch on a traced coordinate.

source: yinji921/NSVIMPC robot_planning/environment/dynamics/point_dynamics.py at 43342a3e002cccd169468a3932d930342786b185 (PointDynamics.propagate under @partial(jax.jit, static_argnums=(0,)), check_bounds_bounce, check_bounds_saturate); the NumPy original it was ported from, GirishJayakumar/machine_learning_robot_planning_public environment/dynamics/point_dynamics.py at 3639d53d56b8f0c67e03b34fd3761a24525ffb35, calls the four check_bounds_* helpers at the end of propagate
error: TracerBoolConversionError
category: helper-traced-if-early-return
expect: fix
notes: In the JAX port the four `# check bounds` calls are commented out (the helpers' `if abs(x) >= max_x:` cannot run under the method's jax.jit); this case restores them exactly as the NumPy original has them. NumpySimulatedDynamics.__init__ / initialize_from_config (config parsing) are replaced by an __init__ that sets delta_t, mass, max_u, max_v and the four bounds directly; accessor methods not used here are dropped. `import jax.numpy as np` kept. f is a jitted wrapper calling the (itself jitted) method with the port's batched layout, state (4, N) and action (2, N), with N = 1: the port's single-state path cannot build its output (it stacks scalars with (1,)/(2,) arrays), and with N > 1 the helpers' `if` is ambiguous even eagerly, so a batch of one is the only layout on which the eager original runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax.numpy as np
from functools import partial
import jax


def check_bounds_bounce(x, max_x):
    if abs(x) >= max_x:
        return (x / (abs(x))) * (2*max_x - abs(x))
    else:
        return x


def check_bounds_saturate(x, max_x):
    if abs(x) >= max_x:
        return (x / (abs(x))) * max_x
    else:
        return x


class PointDynamics:
    def __init__(self, delta_t=0.1, mass=1.0, max_u=(1.0, 1.0), max_v=(2.0, 2.0),
                 max_x=2.0, max_y=2.0, max_vx=1.5, max_vy=1.5):
        self.delta_t = delta_t
        self.mass = mass
        self.max_u = np.asarray(max_u)
        self.max_v = np.asarray(max_v)
        self.max_vx, self.max_vy, self.max_x, self.max_y = max_vx, max_vy, max_x, max_y

    @partial(jax.jit, static_argnums=(0,))
    def propagate(self, state, action, delta_t=None):
        # jax.debug.print("unbounded: {x}", x=action)
        action = np.minimum(np.maximum(action, -self.max_u[:, np.newaxis]), self.max_u[:, np.newaxis])
        # jax.debug.print("clipped: {x}", x=action)
        single_state = False
        if state.ndim == 1:
            single_state = True
        if single_state:
            x = state[0]
            y = state[1]
            vx = state[2]
            vy = state[3]
        else:
            x = state[0, :]
            y = state[1, :]
            vx = state[2, :]
            vy = state[3, :]

        # derivatives
        dxdt = vx
        dydt = vy
        dvxdt = action[0] / self.mass
        dvydt = action[1] / self.mass

        # update states
        x = x + dxdt * self.delta_t
        y = y + dydt * self.delta_t
        vx = vx + dvxdt * self.delta_t
        vy = vy + dvydt * self.delta_t

        # velocity bounds
        vx = np.minimum(np.maximum(vx, -self.max_v[0]), self.max_v[0])
        # jax.debug.print("unbounded: {x}", x=vy)
        vy = np.minimum(np.maximum(vy, -self.max_v[1]), self.max_v[1])
        # jax.debug.print("clipped: {x}", x=vy)

        # check bounds
        x = check_bounds_bounce(x, self.max_x)
        y = check_bounds_bounce(y, self.max_y)
        vx = check_bounds_saturate(vx, self.max_vx)
        vy = check_bounds_saturate(vy, self.max_vy)

        if single_state:
            state_next = np.array([x, y, vx, vy]).reshape((4,))
        else:
            state_next = np.array([x, y, vx, vy]).reshape((4, -1))
        return state_next


dynamics = PointDynamics()


@jax.jit
def f(state, action):
    return dynamics.propagate(state, action)
# --- end user code ---

import numpy as onp


def make_inputs(rng):
    # positions near and beyond the +-2 walls, velocities near the +-1.5 cap
    state = onp.array([[rng.uniform(-2.3, 2.3)], [rng.uniform(-2.3, 2.3)],
                       [rng.uniform(-2.0, 2.0)], [rng.uniform(-2.0, 2.0)]], dtype=onp.float32)
    action = rng.uniform(-1.5, 1.5, size=(2, 1)).astype(onp.float32)
    return (state, action)


INPUTS = make_inputs


def _bounce(x, max_x):
    return np.where(abs(x) >= max_x, (x / abs(x)) * (2 * max_x - abs(x)), x)


def _saturate(x, max_x):
    return np.where(abs(x) >= max_x, (x / abs(x)) * max_x, x)


@jax.jit
def reference_fix(state, action):
    d = dynamics
    action = np.minimum(np.maximum(action, -d.max_u[:, np.newaxis]), d.max_u[:, np.newaxis])
    x, y, vx, vy = state[0, :], state[1, :], state[2, :], state[3, :]
    x = x + vx * d.delta_t
    y = y + vy * d.delta_t
    vx = vx + action[0] / d.mass * d.delta_t
    vy = vy + action[1] / d.mass * d.delta_t
    vx = np.minimum(np.maximum(vx, -d.max_v[0]), d.max_v[0])
    vy = np.minimum(np.maximum(vy, -d.max_v[1]), d.max_v[1])
    x = _bounce(x, d.max_x)
    y = _bounce(y, d.max_y)
    vx = _saturate(vx, d.max_vx)
    vy = _saturate(vy, d.max_vy)
    return np.array([x, y, vx, vy]).reshape((4, -1))
