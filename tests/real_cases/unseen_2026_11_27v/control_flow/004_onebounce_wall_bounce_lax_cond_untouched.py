"""A 1-D ball-and-wall RL environment: reward, wall bounce and first-step reset all branch on the traced state, but through jax.lax.cond (correct).

source: a JAX/brax-style environment module defining `class OneBounce` (code-index file id 2694565005; repository not resolved by the index)
error: none
category: negative-lax-cond
expect: untouched
notes: State and OneBounce.__init__/step are verbatim (reset, get_short_term_optimal_action, make_reward_fn and get_initial_state dropped). Stand-in: flax is not installed, so `from flax import struct` is replaced by a small `struct` namespace whose `dataclass` makes a frozen dataclass pytree with `.replace` (what flax.struct.dataclass provides) and whose `field` is dataclasses.field. Added `f = jax.jit(_env.step)` for an environment with length 50.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses

import jax
from jax import numpy as jnp
from typing import Dict, Any
from jax.numpy import sin, cos


class struct:  # stand-in for flax.struct (flax is not installed)
    field = staticmethod(dataclasses.field)

    @staticmethod
    def dataclass(cls):
        cls = dataclasses.dataclass(frozen=True)(cls)
        cls.replace = lambda self, **kw: dataclasses.replace(self, **kw)
        names = [fl.name for fl in dataclasses.fields(cls)]
        return jax.tree_util.register_dataclass(cls, data_fields=names, meta_fields=[])


@struct.dataclass
class State:
    """Environment state for training and inference."""
    state: jnp.ndarray
    obs: jnp.ndarray
    reward: jnp.ndarray
    done: jnp.ndarray
    metrics: Dict[str, jnp.ndarray] = struct.field(default_factory=dict)
    info: Dict[str, Any] = struct.field(default_factory=dict)

class OneBounce:
    def __init__(self, goal_state, length, dt=0.01, friction_constant=10., wall_position=-1.):
        self.observation_size = 5 # ball position, ball velocity, wall position, goal_position, timestep
        self.action_size = 1
        self.dt = dt
        self.goal_state = goal_state
        self.length = length
        self.friction_constant = friction_constant
        self.wall_position = wall_position
    
    def step(self, state: State, action: jnp.ndarray) -> State:
        action = (action - 2) * 10
        
        ball_x, ball_v, wall_x, goal_x, t = state.state
        reward = jax.lax.cond(t == self.length - 1,
                             lambda bx, gx: -(bx - gx)**2,
                             lambda bx, gx: 0.,
                             ball_x, goal_x)
        
        delta_x = (ball_v * self.dt)
        delta_v = jax.lax.cond(ball_x + delta_x <= self.wall_position,
                      lambda v: -2*v,
                      lambda v: (-self.friction_constant * v) * self.dt,
                      ball_v)
        delta_x = jax.lax.cond((ball_x + delta_x) <= self.wall_position,
                              lambda x: 2*(self.wall_position - x) - delta_x,
                              lambda x: delta_x,
                              ball_x)


        delta = jnp.array([delta_x, delta_v, 0., 0., 1.])
        
        next_s = jax.lax.cond(t == 0,
                             lambda s: jnp.array([0., action, self.wall_position, self.goal_state, 1.]),
                             lambda s: s + delta,
                             state.state)
        
        done = jax.lax.cond(t == self.length - 1, lambda: 1., lambda: 0.)
        
        new_state = state.replace(state=next_s,
                                  reward=reward,
                                  done=done,
                                  obs=next_s)
        return new_state


_env = OneBounce(goal_state=0.5, length=50)
f = jax.jit(_env.step)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    t = float(rng.choice([0, 1, 20, 48, 49]))
    ball_x = float(rng.choice([-0.99, -0.95, 0.0, 0.3, rng.uniform(-1.0, 1.0)]))
    ball_v = float(rng.choice([-8.0, -2.0, 1.0, rng.normal() * 5]))
    s = np.array([ball_x, ball_v, -1.0, 0.5, t], dtype=np.float32)
    state = State(state=s, obs=s.copy(), reward=np.float32(0.0), done=np.float32(0.0))
    action = np.float32(rng.uniform(0.0, 4.0))
    return (state, action)


INPUTS = make_inputs
