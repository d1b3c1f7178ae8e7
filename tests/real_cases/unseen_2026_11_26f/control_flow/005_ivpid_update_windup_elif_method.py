"""ivPID controller driven from a jitted loop: `update()` mutates `self` under traced `if delta_time >= sample_time`, an if/elif windup clamp and a nested `if delta_time > 0`; the driver adds `if pid.SetPoint > 0`.

source: ivmech/ivPID PID.py @0d80fdf8594e963a1381c336aa17a6840ac827d6 (`PID.__init__`, `clear`, `update`, `setSampleTime`) and test_pid.py @025ff060f1cb59e5f4d902d292c0138509af068b (`test_pid` loop)
error: TracerBoolConversionError
category: method-if-elif-self-state
expect: fix
notes: PID.py is verbatim except the unused gain/windup setters. test_pid's loop becomes the jitted `f`:
  gains, the time stamps and the set point come in as arrays, `pid.update(feedback)` passes the time
  stamp explicitly (the class's own `current_time` argument) instead of `time.time()` plus
  `time.sleep(0.02)`, the final set point is an argument instead of 1, and plotting is replaced by
  returning the feedback trajectory. Time steps include 0 and sub-sample-time steps, the gains are large
  enough to hit both windup clamps, and some set points are negative (feedback then stays frozen).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import time

import jax
import jax.numpy as jnp


class PID:
    """PID Controller
    """

    def __init__(self, P=0.2, I=0.0, D=0.0, current_time=None):

        self.Kp = P
        self.Ki = I
        self.Kd = D

        self.sample_time = 0.00
        self.current_time = current_time if current_time is not None else time.time()
        self.last_time = self.current_time

        self.clear()

    def clear(self):
        """Clears PID computations and coefficients"""
        self.SetPoint = 0.0

        self.PTerm = 0.0
        self.ITerm = 0.0
        self.DTerm = 0.0
        self.last_error = 0.0

        # Windup Guard
        self.int_error = 0.0
        self.windup_guard = 20.0

        self.output = 0.0

    def update(self, feedback_value, current_time=None):
        """Calculates PID value for given reference feedback"""
        error = self.SetPoint - feedback_value

        self.current_time = current_time if current_time is not None else time.time()
        delta_time = self.current_time - self.last_time
        delta_error = error - self.last_error

        if (delta_time >= self.sample_time):
            self.PTerm = self.Kp * error
            self.ITerm += error * delta_time

            if (self.ITerm < -self.windup_guard):
                self.ITerm = -self.windup_guard
            elif (self.ITerm > self.windup_guard):
                self.ITerm = self.windup_guard

            self.DTerm = 0.0
            if delta_time > 0:
                self.DTerm = delta_error / delta_time

            # Remember last time and last error for next calculation
            self.last_time = self.current_time
            self.last_error = error

            self.output = self.PTerm + (self.Ki * self.ITerm) + (self.Kd * self.DTerm)

    def setSampleTime(self, sample_time):
        """PID that should be updated at a regular interval.
        Based on a pre-determined sampe time, the PID decides if it should compute or return immediately.
        """
        self.sample_time = sample_time


@jax.jit
def f(gains, times, target):
    P, I, D = gains[0], gains[1], gains[2]
    pid = PID(P, I, D, current_time=times[0])

    pid.SetPoint = 0.0
    pid.setSampleTime(0.01)

    END = times.shape[0]
    feedback = 0

    feedback_list = []

    for i in range(1, END):
        pid.update(feedback, times[i])
        output = pid.output
        if pid.SetPoint > 0:
            feedback += (output - (1 / i))
        if i > 9:
            pid.SetPoint = target

        feedback_list.append(feedback)

    return jnp.array(feedback_list)
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    gains = np.array([rng.uniform(0.2, 1.5), rng.uniform(0.0, 40.0), rng.uniform(0.0, 0.01)],
                     dtype=np.float32)
    dt = rng.choice([0.0, 0.005, 0.02, 0.5, 2.0], size=30, p=[0.1, 0.2, 0.5, 0.1, 0.1])
    times = (100.0 + np.cumsum(dt)).astype(np.float32)
    target = np.float32(rng.choice([rng.uniform(5.0, 60.0), -1.0, rng.uniform(0.5, 2.0)]))
    return (gains, times, target)


INPUTS = make_inputs


@jax.jit
def reference_fix(gains, times, target):
    P, I, D = gains[0], gains[1], gains[2]
    sample_time = 0.01
    windup = 20.0
    z = jnp.zeros((), jnp.float32)
    # state: setpoint, feedback, iterm, last_time, last_error, output
    init = (z, z, z, times[0], z, z)

    def body(st, xs):
        i, t = xs
        setpoint, feedback, iterm, last_time, last_error, output = st
        error = setpoint - feedback
        delta_time = t - last_time
        delta_error = error - last_error
        go = delta_time >= sample_time
        pterm = P * error
        it = iterm + error * delta_time
        it = jnp.where(it < -windup, -windup, jnp.where(it > windup, windup, it))
        dterm = jnp.where(delta_time > 0, delta_error / jnp.where(delta_time > 0, delta_time, 1.0), 0.0)
        new_out = pterm + I * it + D * dterm
        iterm = jnp.where(go, it, iterm)
        last_time = jnp.where(go, t, last_time)
        last_error = jnp.where(go, error, last_error)
        output = jnp.where(go, new_out, output)
        feedback = jnp.where(setpoint > 0, feedback + (output - 1.0 / i), feedback)
        setpoint = jnp.where(i > 9, target, setpoint)
        return (setpoint, feedback, iterm, last_time, last_error, output), feedback

    n = times.shape[0]
    idx = jnp.arange(1, n)
    _, fb = lax.scan(body, init, (idx, times[1:]))
    return fb
