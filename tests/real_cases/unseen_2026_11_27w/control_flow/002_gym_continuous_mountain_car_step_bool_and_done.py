"""Gym's MountainCarContinuous `step` ported to jax.numpy: builtin min/max on the action, if-chain clipping, `bool(a and b)` and `if done:` reward.

source: openai/gym gym/envs/classic_control/continuous_mountain_car.py at 00fe52ac126374b4eedd26f5b89b06752f5c321b (Continuous_MountainCarEnv.step; code-index file id 32228949629)
error: ConcretizationTypeError
category: if-chain-on-state
expect: fix
notes: `step` is verbatim; the class keeps __init__ without gym.Env / spaces (the action/observation space lines dropped) and loses reset/render/close. `import numpy as np` became `import jax.numpy as np`. The entry point `f` builds the env, stores the traced state in `self.state` and jits one step, returning (state, reward, done). Under jit the first failure is the builtin `max(action[0], ...)` (TracerBoolConversionError, a ConcretizationTypeError), then `math.cos`/`math.pow` of tracers, the if-chain and `bool(... and ...)`.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as np


class Continuous_MountainCarEnv:
    metadata = {"render.modes": ["human", "rgb_array"], "video.frames_per_second": 30}

    def __init__(self, goal_velocity=0):
        self.min_action = -1.0
        self.max_action = 1.0
        self.min_position = -1.2
        self.max_position = 0.6
        self.max_speed = 0.07
        self.goal_position = (
            0.45  # was 0.5 in gym, 0.45 in Arnaud de Broissia's version
        )
        self.goal_velocity = goal_velocity
        self.power = 0.0015

        self.low_state = np.array(
            [self.min_position, -self.max_speed], dtype=np.float32
        )
        self.high_state = np.array(
            [self.max_position, self.max_speed], dtype=np.float32
        )

        self.viewer = None

    def step(self, action):

        position = self.state[0]
        velocity = self.state[1]
        force = min(max(action[0], self.min_action), self.max_action)

        velocity += force * self.power - 0.0025 * math.cos(3 * position)
        if velocity > self.max_speed:
            velocity = self.max_speed
        if velocity < -self.max_speed:
            velocity = -self.max_speed
        position += velocity
        if position > self.max_position:
            position = self.max_position
        if position < self.min_position:
            position = self.min_position
        if position == self.min_position and velocity < 0:
            velocity = 0

        # Convert a possible numpy bool to a Python bool.
        done = bool(position >= self.goal_position and velocity >= self.goal_velocity)

        reward = 0
        if done:
            reward = 100.0
        reward -= math.pow(action[0], 2) * 0.1

        self.state = np.array([position, velocity], dtype=np.float32)
        return self.state, reward, done, {}


@jax.jit
def f(state, action):
    env = Continuous_MountainCarEnv()
    env.state = state
    obs, reward, done, _ = env.step(action)
    return obs, reward, done
# --- end user code ---

import numpy


def make_inputs(rng):
    kind = rng.integers(0, 4)
    if kind == 0:    # pressed against the left wall, moving left
        pos, vel = rng.uniform(-1.2, -1.15), rng.uniform(-0.07, -0.06)
    elif kind == 1:  # around the goal, either direction
        pos, vel = rng.uniform(0.42, 0.5), rng.uniform(-0.01, 0.07)
    elif kind == 2:  # over-speed both ways
        pos, vel = rng.uniform(-0.6, 0.3), rng.choice([-1.0, 1.0]) * rng.uniform(0.069, 0.07)
    else:
        pos, vel = rng.uniform(-1.2, 0.6), rng.uniform(-0.07, 0.07)
    state = numpy.array([pos, vel], dtype=numpy.float32)
    action = numpy.array([rng.uniform(-2.0, 2.0)], dtype=numpy.float32)  # out-of-range forces too
    return (state, action)


INPUTS = make_inputs


@jax.jit
def reference_fix(state, action):
    position, velocity = state[0], state[1]
    force = np.clip(action[0], -1.0, 1.0)
    velocity = velocity + force * 0.0015 - 0.0025 * np.cos(3 * position)
    velocity = np.clip(velocity, -0.07, 0.07)
    position = np.clip(position + velocity, -1.2, 0.6)
    velocity = np.where((position == -1.2) & (velocity < 0), 0.0, velocity)
    done = (position >= 0.45) & (velocity >= 0)
    reward = np.where(done, 100.0, 0.0) - action[0] ** 2 * 0.1
    return np.array([position, velocity], dtype=np.float32), reward, done
