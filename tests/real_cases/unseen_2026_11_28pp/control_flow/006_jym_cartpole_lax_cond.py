"""CartPole env step with `lax.cond` for the push direction and for reset-on-done.

source: RPegoud/jym, the CartPole control environment (src/envs/control/cartpole.py in the repository
  listing; this stored revision, importing `from ..base_envs import BaseEnv`, is public code-index file
  id 5851765273; an earlier copy with a `theta += theta + ...` typo is id 5771770320).
error: none
category: negative-lax-cond-env
expect: untouched
notes: class CartPole verbatim (_get_obs, _reset, _reset_if_done, step, reset) except the long
  Gymnasium docstring, shortened to its first line; `BaseEnv` (from ..base_envs) is an empty stand-in.
  The file's earlier grid-world / Q-learning modules are already in the judge (different functions);
  this is the env step, which already routes every traced branch through lax.cond and jitted methods
  with `self` static. `f` is the bound jitted `CartPole().step`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import math
from functools import partial

import jax.numpy as jnp
from jax import jit, lax, random


class BaseEnv:  # stand-in for ..base_envs.BaseEnv
    pass


class CartPole(BaseEnv):
    """
    Copied from https://github.com/Farama-Foundation/Gymnasium/blob/main/gymnasium/envs/classic_control/cartpole.py
    """

    def __init__(self) -> None:
        self.gravity = 9.8
        self.masscart = 1.0
        self.masspole = 0.1
        self.total_mass = self.masspole + self.masscart
        self.length = 0.5  # half the pole's length
        self.polemass_length = self.masspole * self.length
        self.force_mag = 10.0
        self.tau = 0.02  # seconds between state updates
        self.reset_bounds = 0.05

        # Limits defining episode termination
        self.x_limit = 2.4
        self.theta_limit_rads = 12 * 2 * math.pi / 360

    def __repr__(self) -> str:
        return str(self.__dict__)

    def _get_obs(self, state):
        # the state is fully observable
        return state

    @partial(jit, static_argnums=0)
    def _reset(self, key):
        new_state = random.uniform(
            key,
            shape=(4,),
            minval=-self.reset_bounds,
            maxval=self.reset_bounds,
        )
        key, sub_key = random.split(key)

        return new_state, sub_key

    @partial(jit, static_argnums=0)
    def _reset_if_done(self, env_state, done):
        key = env_state[1]

        def _reset_fn(key):
            return self._reset(key)

        def _no_reset_fn(key):
            return env_state

        return lax.cond(
            done,
            _reset_fn,
            _no_reset_fn,
            operand=key,
        )

    @partial(jit, static_argnums=(0))
    def step(self, env_state, action):
        state, key = env_state
        x, x_dot, theta, theta_dot = state

        force = lax.cond(
            jnp.all(action) == 1,
            lambda _: self.force_mag,
            lambda _: -self.force_mag,
            operand=None,
        )
        cos_theta, sin_theta = jnp.cos(theta), jnp.sin(theta)

        temp = (
            force + self.polemass_length * jnp.square(theta_dot) * sin_theta
        ) / self.total_mass
        theta_accel = (self.gravity * sin_theta - cos_theta * temp) / (
            self.length
            * (4.0 / 3.0 - self.masspole * jnp.square(cos_theta) / self.total_mass)
        )
        x_accel = (
            temp - self.polemass_length * theta_accel * cos_theta / self.total_mass
        )

        # euler
        x += self.tau * x_dot
        x_dot += self.tau * x_accel
        theta += self.tau * theta_dot
        theta_dot += self.tau * theta_accel

        new_state = jnp.array([x, x_dot, theta, theta_dot])

        done = (
            (x < -self.x_limit)
            | (x > self.x_limit)
            | (theta > self.theta_limit_rads)
            | (theta < -self.theta_limit_rads)
        )
        reward = jnp.float32(jnp.invert(done))

        env_state = new_state, key
        env_state = self._reset_if_done(env_state, done)
        new_state = env_state[0]

        return env_state, self._get_obs(new_state), reward, done

    def reset(self, key):
        env_state = self._reset(key)
        new_state = env_state[0]
        return env_state, self._get_obs(new_state)


f = CartPole().step
# --- end user code ---

import numpy as np


def make_inputs(rng):
    # x beyond +-2.4 or theta beyond +-12 deg terminates (reset branch); small values keep going
    state = np.array([rng.uniform(-3.0, 3.0), rng.normal(), rng.uniform(-0.3, 0.3), rng.normal()],
                     dtype=np.float32)
    key = rng.integers(0, 2**32 - 1, size=(2,), dtype=np.uint32)
    action = np.int32(rng.integers(0, 2))
    return ((state, key), action)


INPUTS = make_inputs
