"""A gymnax-style `is_terminal` on a NamedTuple state and a dataclass of environment parameters.

source: https://github.com/RobertTLange/gymnax/pull/64 (gymnax/environments/classic_control/cartpole.py, is_terminal with EnvState and EnvParams)
error: TracerBoolConversionError
category: pytree-dataclass
expect: fix
notes: the time-limit test `state.time >= params.max_steps_in_episode` written as a Python if; EnvParams is a frozen dataclass of Python numbers, jitted as a static argument the way gymnax passes it.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from dataclasses import dataclass
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp


class EnvState(NamedTuple):
    x: jax.Array
    theta: jax.Array
    time: jax.Array


@dataclass(frozen=True)
class EnvParams:
    x_threshold: float = 2.4
    theta_threshold_radians: float = 0.2095
    max_steps_in_episode: int = 500


@partial(jax.jit, static_argnames=("params",))
def f(state, params):
    done1 = jnp.logical_or(state.x < -params.x_threshold, state.x > params.x_threshold)
    done2 = jnp.logical_or(state.theta < -params.theta_threshold_radians,
                           state.theta > params.theta_threshold_radians)
    if state.time >= params.max_steps_in_episode:
        done_steps = True
    else:
        done_steps = False
    return jnp.logical_or(jnp.logical_or(done1, done2), done_steps)


def check_done(state):
    return f(state, EnvParams())
# --- end user code ---

import numpy as np


def make_inputs(rng):
    state = EnvState(np.float32(rng.normal() * 2), np.float32(rng.normal() * 0.2), np.int32(rng.integers(480, 520)))
    return (state, EnvParams())


INPUTS = make_inputs


@partial(jax.jit, static_argnames=("params",))
def reference_fix(state, params):
    done1 = jnp.logical_or(state.x < -params.x_threshold, state.x > params.x_threshold)
    done2 = jnp.logical_or(state.theta < -params.theta_threshold_radians,
                           state.theta > params.theta_threshold_radians)
    return done1 | done2 | (state.time >= params.max_steps_in_episode)
