"""Gym's MountainCar `_step` ported to jax.numpy: if-chain velocity/position clipping, a wall stop and `bool(done)`.

source: openai/gym gym/envs/classic_control/mountain_car.py at 00698eddcc68dad31b1732b44a458c860629cf95 (MountainCarEnv._step; code-index file id 13858805908). gymnax later re-wrote the same dynamics jit-safe (gymnax/environments/classic_control/mountain_car.py, jnp.clip / jnp.where).
error: ConcretizationTypeError
category: if-chain-on-state
expect: fix
notes: the class body is verbatim minus gym.Env, seeding, spaces, _reset and _render; `import numpy as np` became `import jax.numpy as np` (the usual first step of such a port). The entry point `f` builds the env, puts the traced (position, velocity) into `self.state` and jits one `_step`, returning (obs, reward, done). Under jit the first failure is `math.cos` of the traced position (ConcretizationTypeError), then the `if (velocity > self.max_speed)` tests (TracerBoolConversionError, a subclass) and `bool(position >= ...)`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""
https://webdocs.cs.ualberta.ca/~sutton/MountainCar/MountainCar1.cp
"""

import math
import jax
import jax.numpy as np


class MountainCarEnv:
    metadata = {
        'render.modes': ['human', 'rgb_array'],
        'video.frames_per_second': 30
    }

    def __init__(self):
        self.min_position = -1.2
        self.max_position = 0.6
        self.max_speed = 0.07
        self.goal_position = 0.5

        self.low = np.array([self.min_position, -self.max_speed])
        self.high = np.array([self.max_position, self.max_speed])

        self.viewer = None

    def _step(self, action):
        # action = np.sign((self.state[0]+math.pi/2) * self.state[1])+1

        position, velocity = self.state
        velocity += (action-1)*0.001 + math.cos(3*position)*(-0.0025)
        if (velocity > self.max_speed): velocity = self.max_speed
        if (velocity < -self.max_speed): velocity = -self.max_speed
        position += velocity
        if (position > self.max_position): position = self.max_position
        if (position < self.min_position): position = self.min_position
        if (position==self.min_position and velocity<0): velocity = 0

        done = bool(position >= self.goal_position)
        reward = -1.0

        self.state = (position, velocity)
        return np.array(self.state), reward, done, {}


@jax.jit
def f(state, action):
    env = MountainCarEnv()
    env.state = state
    obs, reward, done, _ = env._step(action)
    return obs, reward, done
# --- end user code ---

import numpy


def make_inputs(rng):
    kind = rng.integers(0, 4)
    if kind == 0:    # pressed against the left wall, moving left
        pos, vel = rng.uniform(-1.2, -1.15), rng.uniform(-0.07, -0.06)
    elif kind == 1:  # about to reach the goal
        pos, vel = rng.uniform(0.45, 0.55), rng.uniform(0.0, 0.07)
    elif kind == 2:  # over-speed both ways
        pos, vel = rng.uniform(-0.6, 0.3), rng.choice([-1.0, 1.0]) * rng.uniform(0.069, 0.07)
    else:            # anywhere
        pos, vel = rng.uniform(-1.2, 0.6), rng.uniform(-0.07, 0.07)
    state = numpy.array([pos, vel], dtype=numpy.float32)
    action = numpy.array(rng.integers(0, 3), dtype=numpy.int32)
    return (state, action)


INPUTS = make_inputs


@jax.jit
def reference_fix(state, action):
    position, velocity = state[0], state[1]
    velocity = velocity + (action - 1) * 0.001 + np.cos(3 * position) * (-0.0025)
    velocity = np.clip(velocity, -0.07, 0.07)
    position = position + velocity
    position = np.clip(position, -1.2, 0.6)
    velocity = np.where((position == -1.2) & (velocity < 0), 0.0, velocity)
    done = position >= 0.5
    return np.array([position, velocity]), -1.0, done
