"""A PID controller object whose jitted `update` method writes traced values back onto `self`.

source: LeCAR-Lab/CoVO-MPC quadjax/controllers/pid.py, early revision stored as code-index file id 47437020008 (class PIDController: __init__, reset, update with `@partial(jax.jit, static_argnums=(0,))`; the same class is in the revision with id 47303632319). Later revisions of the file replace the object state by a `PIDParams` struct dataclass that is passed in and returned (`control_params.replace(integral=...)`).
error: UnexpectedTracerError
category: method-state-mutation-side-effect
expect: report
notes: PIDController is verbatim; the Quad3DPID class of the same file (it needs the quadrotor environment) is left out, and the instance plus the entry point `f` are added. `self` is a static argument, so the first trace stores tracers in `self.integral` and `self.last_error` (an escaped tracer; `jax.checking_leaks` reports it) and later cached calls never update the controller state at all. The accumulation lives in a Python object, not in the function's inputs and outputs, so no local rewrite of `f` keeps its meaning: the state has to be threaded through the call, which is what the authors later did. A checker should report it.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp
from functools import partial


class PIDController:
    """PID controller for attitude rate control

    Returns:
        _type_: _description_
    """

    def __init__(self, kp, ki, kd, ki_max, integral, last_error):
        self.kp = kp
        self.ki = ki
        self.kd = kd
        self.ki_max = ki_max
        self.integral = integral
        self.last_error = last_error
        self.reset()

    def reset(self):
        self.integral *= 0.0
        self.last_error *= 0.0

    @partial(jax.jit, static_argnums=(0,))
    def update(self, error, dt):
        self.integral += error * dt
        self.integral = jnp.clip(self.integral, -self.ki_max, self.ki_max)
        derivative = (error - self.last_error) / dt
        self.last_error = error
        return self.kp * error + self.ki * self.integral + self.kd * derivative


pid = PIDController(kp=1.0, ki=0.5, kd=0.1, ki_max=2.0, integral=0.0, last_error=0.0)


@jax.jit
def f(error, dt):
    return pid.update(error, dt)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(3,)).astype(np.float32), np.float32(rng.uniform(0.01, 0.05)))


INPUTS = make_inputs
