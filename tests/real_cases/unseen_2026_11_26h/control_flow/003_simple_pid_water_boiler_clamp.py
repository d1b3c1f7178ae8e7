"""simple-pid's PID controller driving the water-boiler example, jitted as one simulation.

source: m-lundberg/simple-pid simple_pid/pid.py at 041dad6bc8fed13c1539db9e2fad308c9244a4d2 (`_clamp`,
    `PID.__init__`, `PID.__call__`, `output_limits`, `reset`) and examples/water_boiler/water_boiler.py
    at 1fb67aa3c1d1c680fcf20b941174c8c756672fcf (`WaterBoiler` and the main loop).
error: TracerBoolConversionError
category: class-method-if-and-clamp
expect: fix
notes: pure-Python engineering code ported to a jitted JAX simulation. `_clamp`, `WaterBoiler` and
    the PID methods used are verbatim (docstrings, `__repr__`, `components`, `tunings`,
    `set_auto_mode` and the time.monotonic fallback dropped; `time_fn` is passed explicitly). The
    example's wall-clock `while time.time() - start_time < 10` loop becomes a fixed 100-step
    simulated clock with dt = 0.1 inside `f`, keeping the list accumulation and the
    `if current_time - start_time > 1: pid.setpoint = ...` switch (static). Traced: the initial
    temperature, the target setpoint and the three gains. Leaks: `(value > upper)` /
    `(value < lower)` inside `and` in `_clamp`, and `if boiler_power > 0` in `WaterBoiler.update`.
    The `is None` tests, `dt <= 0`, `dt < self.sample_time` and `auto_mode` are static and must stay.
    Trials saturate the output at both limits and switch the boiler off.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def _clamp(value, limits):
    lower, upper = limits
    if value is None:
        return None
    elif (upper is not None) and (value > upper):
        return upper
    elif (lower is not None) and (value < lower):
        return lower
    return value


class PID(object):
    """A simple PID controller."""

    def __init__(
        self,
        Kp=1.0,
        Ki=0.0,
        Kd=0.0,
        setpoint=0,
        sample_time=0.01,
        output_limits=(None, None),
        auto_mode=True,
        proportional_on_measurement=False,
        differential_on_measurement=True,
        error_map=None,
        time_fn=None,
        starting_output=0.0,
    ):
        self.Kp, self.Ki, self.Kd = Kp, Ki, Kd
        self.setpoint = setpoint
        self.sample_time = sample_time

        self._min_output, self._max_output = None, None
        self._auto_mode = auto_mode
        self.proportional_on_measurement = proportional_on_measurement
        self.differential_on_measurement = differential_on_measurement
        self.error_map = error_map

        self._proportional = 0
        self._integral = 0
        self._derivative = 0

        self._last_time = None
        self._last_output = None
        self._last_error = None
        self._last_input = None

        self.time_fn = time_fn

        self.output_limits = output_limits
        self.reset()

        # Set initial state of the controller
        self._integral = _clamp(starting_output, output_limits)

    def __call__(self, input_, dt=None):
        if not self.auto_mode:
            return self._last_output

        now = self.time_fn()
        if dt is None:
            dt = now - self._last_time if (now - self._last_time) else 1e-16
        elif dt <= 0:
            raise ValueError('dt has negative value {}, must be positive'.format(dt))

        if self.sample_time is not None and dt < self.sample_time and self._last_output is not None:
            # Only update every sample_time seconds
            return self._last_output

        # Compute error terms
        error = self.setpoint - input_
        d_input = input_ - (self._last_input if (self._last_input is not None) else input_)
        d_error = error - (self._last_error if (self._last_error is not None) else error)

        # Check if must map the error
        if self.error_map is not None:
            error = self.error_map(error)

        # Compute the proportional term
        if not self.proportional_on_measurement:
            # Regular proportional-on-error, simply set the proportional term
            self._proportional = self.Kp * error
        else:
            # Add the proportional error on measurement to error_sum
            self._proportional -= self.Kp * d_input

        # Compute integral and derivative terms
        self._integral += self.Ki * error * dt
        self._integral = _clamp(self._integral, self.output_limits)  # Avoid integral windup

        if self.differential_on_measurement:
            self._derivative = -self.Kd * d_input / dt
        else:
            self._derivative = self.Kd * d_error / dt

        # Compute final output
        output = self._proportional + self._integral + self._derivative
        output = _clamp(output, self.output_limits)

        # Keep track of state
        self._last_output = output
        self._last_input = input_
        self._last_error = error
        self._last_time = now

        return output

    @property
    def auto_mode(self):
        """Whether the controller is currently enabled (in auto mode) or not."""
        return self._auto_mode

    @property
    def output_limits(self):
        return self._min_output, self._max_output

    @output_limits.setter
    def output_limits(self, limits):
        """Set the output limits."""
        if limits is None:
            self._min_output, self._max_output = None, None
            return

        min_output, max_output = limits

        if (None not in limits) and (max_output < min_output):
            raise ValueError('lower limit must be less than upper limit')

        self._min_output = min_output
        self._max_output = max_output

        self._integral = _clamp(self._integral, self.output_limits)
        self._last_output = _clamp(self._last_output, self.output_limits)

    def reset(self):
        self._proportional = 0
        self._integral = 0
        self._derivative = 0

        self._integral = _clamp(self._integral, self.output_limits)

        self._last_time = self.time_fn()
        self._last_output = None
        self._last_input = None
        self._last_error = None


class WaterBoiler:
    """
    Simple simulation of a water boiler which can heat up water
    and where the heat dissipates slowly over time
    """

    def __init__(self):
        self.water_temp = 20

    def update(self, boiler_power, dt):
        if boiler_power > 0:
            # boiler can only produce heat, not cold
            self.water_temp += 1 * boiler_power * dt

        # some heat dissipation
        self.water_temp -= 0.02 * dt
        return self.water_temp


@jax.jit
def f(start_temp, target, Kp, Ki, Kd):
    boiler = WaterBoiler()
    boiler.water_temp = start_temp
    water_temp = boiler.water_temp

    clock = [0.0]
    pid = PID(Kp, Ki, Kd, setpoint=water_temp, time_fn=lambda: clock[0])
    pid.output_limits = (0, 100)

    start_time = 0.0
    last_time = start_time
    dt = 0.1

    # keep track of values for plotting
    y = []

    for step in range(1, 101):
        current_time = step * dt
        clock[0] = current_time

        power = pid(water_temp, dt=dt)
        water_temp = boiler.update(power, dt)

        y += [water_temp]

        if current_time - start_time > 1:
            pid.setpoint = target

        last_time = current_time

    return jnp.stack(y)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    start_temp = np.float32(rng.uniform(10.0, 90.0))
    target = np.float32(rng.uniform(20.0, 100.0))
    Kp = np.float32(rng.uniform(0.5, 8.0))
    Ki = np.float32(rng.uniform(0.0, 0.5))
    Kd = np.float32(rng.uniform(0.0, 0.5))
    return (start_temp, target, Kp, Ki, Kd)


INPUTS = make_inputs


@jax.jit
def reference_fix(start_temp, target, Kp, Ki, Kd):
    lower, upper = 0, 100
    dt = 0.1

    def clamp(v):
        return jnp.where(v > upper, upper, jnp.where(v < lower, lower, v))

    water_temp = start_temp
    setpoint = start_temp
    integral = 0
    last_input = None
    y = []
    for step in range(1, 101):
        current_time = step * dt
        error = setpoint - water_temp
        d_input = water_temp - (last_input if last_input is not None else water_temp)
        proportional = Kp * error
        integral = clamp(integral + Ki * error * dt)
        derivative = -Kd * d_input / dt
        power = clamp(proportional + integral + derivative)
        last_input = water_temp
        water_temp = jnp.where(power > 0, water_temp + 1 * power * dt, water_temp)
        water_temp = water_temp - 0.02 * dt
        y.append(water_temp)
        if current_time > 1:
            setpoint = target
    return jnp.stack(y)
