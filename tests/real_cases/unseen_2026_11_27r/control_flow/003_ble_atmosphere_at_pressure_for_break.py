"""Standard-atmosphere layer search: `for i in range(...)` with a traced `if ... : ...; break`, inner static branch.

source: google/balloon-learning-environment balloon_learning_environment/env/balloon/standard_atmosphere.py at 5e89cf89f6b4de942dcdcc8a366ea8e9735d9d21 (Atmosphere.at_pressure and its helpers); the sdean-group/balloon-learning-environment fork (same path, 5e46c2b0544b8d72d3ceb895cfb4239dce349e19) later added a JaxAtmosphere whose at_pressure is a jax.lax.fori_loop with a `done` flag
error: TracerBoolConversionError
category: for-break-search, static-inner-branch, numpy-on-tracer
expect: fix
notes: Atmosphere (reset, at_pressure, _initialize_*_transitions, _pressure_for_*) verbatim except: the two
  range `assert`s at the top of at_pressure are removed (input validation; make_inputs stays inside the
  range; the fork replaced them by jnp.clip), and at_height is left out. AtmosphericValues is kept; small
  stand-ins replace balloon_learning_environment.utils.constants (standard values for g and the dry-air gas
  constant) and units.Distance (just `.meters`). The atmosphere is built once at import with PRNGKey(0);
  the jitted `f` returns (height, temperature, density) because AtmosphericValues is not a pytree.
  Leaks: `if pressure > self._pressure_transitions[i + 1]: ... break` on the traced pressure, and
  `np.log(pressure / ...)` in the isothermal layer. `if self._lapse_rates[i] == 0.0` is on a NumPy array
  fixed at construction and is static.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np


class constants:  # stand-in for balloon_learning_environment.utils.constants
  DRY_AIR_SPECIFIC_GAS_CONSTANT = 287.058  # J/(kg K)
  GRAVITY = 9.80665  # m/s^2


class units:  # stand-in for balloon_learning_environment.utils.units

  class Distance:

    def __init__(self, meters: float = 0.0):
      self.meters = meters


@dataclasses.dataclass
class AtmosphericValues(object):
  """A dataclass containing the relevant values for standard atmosphere."""
  height: units.Distance
  temperature: float  # In Kelvin
  pressure: float  # In Pascals
  density: float  # In kg/m^3


class Atmosphere:
  """Atmospheric conditions for a variety of geographical locations.

  This is built on top of standard atmosphere, but includes lapse rates
  to simulate a broader range of atmospheric conditions.
  """
  _HEIGHT_TRANSITIONS = np.array(
      [-610.0, 17000.0, 21000.0, 32000.0, 47000.0, 51000.0, 71000.0, 85000.0])
  _LAPSE_RATES_LOW = np.array(
      [-0.007, 0.006, 0.001, 0.0028, 0.0, -0.0028, -0.002])
  _LAPSE_RATES_HIGH = np.array(
      [-0.0058, 0.005, 0.001, 0.0028, 0.0, -0.0028, -0.002])

  def __init__(self, key: jnp.ndarray):
    self.reset(key)

  def reset(self, key: jnp.ndarray) -> None:
    """Resets and samples a new atmosphere.

    Args:
      key: A PRNG key to use for sampling a new atmosphere.
    """
    alpha = jax.random.uniform(key).item()
    self._lapse_rates = ((1 - alpha) * self._LAPSE_RATES_LOW +
                         alpha * self._LAPSE_RATES_HIGH)

    self._initialize_temperature_transitions()
    self._initialize_pressure_transitions()

  def at_pressure(self, pressure: float) -> AtmosphericValues:
    """Computes atmosphere values at a specific pressure."""
    # Compute standard atmosphere temperature and height given pressure.
    temperature = 0.0
    height = 0.0
    for i in range(len(self._lapse_rates)):
      # Check if pressure is within this range.
      if pressure > self._pressure_transitions[i + 1]:
        # Compute height.
        if self._lapse_rates[i] == 0.0:
          height = ((-constants.DRY_AIR_SPECIFIC_GAS_CONSTANT *
                     self._temperature_transitions[i] / constants.GRAVITY) *
                    np.log(pressure / self._pressure_transitions[i]) +
                    self._HEIGHT_TRANSITIONS[i])
        else:
          height = (((pressure / self._pressure_transitions[i])**
                     (-constants.DRY_AIR_SPECIFIC_GAS_CONSTANT *
                      self._lapse_rates[i] / constants.GRAVITY) - 1) *
                    self._temperature_transitions[i] / self._lapse_rates[i] +
                    self._HEIGHT_TRANSITIONS[i])
        # Propagate temperature.
        temperature = self._temperature_transitions[i] + self._lapse_rates[i] * (
            height - self._HEIGHT_TRANSITIONS[i])
        break

    density = pressure / (constants.DRY_AIR_SPECIFIC_GAS_CONSTANT * temperature)
    return AtmosphericValues(
        units.Distance(meters=height), temperature, pressure, density)

  def _initialize_temperature_transitions(self) -> None:
    self._temperature_transitions = [300.0]  # Base temperature (in K).
    for i in range(len(self._lapse_rates)):
      self._temperature_transitions.append(
          self._temperature_transitions[-1] + self._lapse_rates[i] *
          (self._HEIGHT_TRANSITIONS[i + 1] - self._HEIGHT_TRANSITIONS[i]))
    self._temperature_transitions = np.array(self._temperature_transitions)

  def _initialize_pressure_transitions(self) -> None:
    """Initializes pressure transitions."""
    # We need temperature transitions initialized.
    self._pressure_transitions = [108870.8213]  # Base pressure (in Pa).
    for i in range(len(self._lapse_rates)):
      if self._lapse_rates[i] == 0.0:
        # Use constant temperature equation.
        self._pressure_transitions.append(
            self._pressure_for_constant_temperature(
                self._HEIGHT_TRANSITIONS[i + 1] - self._HEIGHT_TRANSITIONS[i],
                self._temperature_transitions[i + 1],
                self._pressure_transitions[-1]))
      else:
        # Use linear temperature equation.
        self._pressure_transitions.append(
            self._pressure_for_linear_temperature(
                self._temperature_transitions[i + 1] /
                self._temperature_transitions[i], self._lapse_rates[i],
                self._pressure_transitions[-1]))
    self._pressure_transitions = np.array(self._pressure_transitions)

  @staticmethod
  def _pressure_for_constant_temperature(delta_height: float,
                                         temperature: float,
                                         pressure_init: float) -> float:
    """Compute pressure for regions of constant temperature."""
    return pressure_init * np.exp(
        -(constants.GRAVITY * delta_height) /
        (constants.DRY_AIR_SPECIFIC_GAS_CONSTANT * temperature))

  @staticmethod
  def _pressure_for_linear_temperature(temperature_ratio: float,
                                       lapse_rate: float,
                                       pressure_init: float) -> float:
    """Compute pressure for regions of linearly changing temperature."""
    return pressure_init * (
        temperature_ratio
        **(-constants.GRAVITY /
           (constants.DRY_AIR_SPECIFIC_GAS_CONSTANT * lapse_rate)))


atmosphere = Atmosphere(jax.random.PRNGKey(0))


@jax.jit
def f(pressure):
  values = atmosphere.at_pressure(pressure)
  return values.height.meters, values.temperature, values.density
# --- end user code ---


def make_inputs(rng):
  p = atmosphere._pressure_transitions
  k = int(rng.integers(0, len(p) - 1))  # every layer, including the isothermal one (k = 4)
  if rng.uniform() < 0.2:
    k = 0  # the first layer, where the loop stops at once
  lo, hi = p[k + 1], p[k]
  pressure = lo + (hi - lo) * rng.uniform(0.05, 0.95)
  return (np.asarray(pressure, dtype=np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(pressure):
  a = atmosphere
  R, g = constants.DRY_AIR_SPECIFIC_GAS_CONSTANT, constants.GRAVITY
  temperature = jnp.zeros_like(pressure)
  height = jnp.zeros_like(pressure)
  done = jnp.array(False)
  for i in range(len(a._lapse_rates)):
    take = (pressure > a._pressure_transitions[i + 1]) & ~done
    if a._lapse_rates[i] == 0.0:
      h = ((-R * a._temperature_transitions[i] / g) *
           jnp.log(pressure / a._pressure_transitions[i]) + a._HEIGHT_TRANSITIONS[i])
    else:
      h = (((pressure / a._pressure_transitions[i]) ** (-R * a._lapse_rates[i] / g) - 1) *
           a._temperature_transitions[i] / a._lapse_rates[i] + a._HEIGHT_TRANSITIONS[i])
    t = a._temperature_transitions[i] + a._lapse_rates[i] * (h - a._HEIGHT_TRANSITIONS[i])
    height = jnp.where(take, h, height)
    temperature = jnp.where(take, t, temperature)
    done = done | take
  density = pressure / (R * temperature)
  return height, temperature, density
