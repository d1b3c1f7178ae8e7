"""A curling-stone simulator ported to jax.numpy: `Stone.step` tests the stone's own traced velocity to decide whether it has stopped.

source: public curling-simulation repository, JAX port of the stone module (`class Stone` with step / unstep / handle_collisions, `from .constants import Accuracy, PhysicalConstants, SimulationConstants`), code-index file id 5843420026; constants from the same project's constants module, code-index file id 6565569578 (SimulationConstants, PhysicalConstants.calculate_friction). The index names neither repository nor commit.
error: TracerBoolConversionError
category: method-tests-traced-attribute
expect: fix
notes: Stone (class attributes, __init__, step) is verbatim; unstep and the list-based handle_collisions are dropped (not reached from `f`). SimulationConstants and PhysicalConstants are verbatim from the stored constants module, which is still the NumPy version (np.sqrt / np.maximum in calculate_friction: a second, helper-level leak, TracerArrayConversionError, hit only once the `if` is gone). Python >= 3.11 rejects the unhashable np.array dataclass defaults, so SimulationConstants' array defaults are wrapped in field(default_factory=...) and PhysicalConstants (only ever used as a class namespace, `cls.mu_0`) loses its @dataclass decorator. The enums module is a stand-in (Accuracy IntEnum LOW/MID/HIGH, StoneColor, SimulationState). `f` (added) throws one stone and advances it one step, returning position, velocity and spin; the enum `step` returns is not used. Leak: `if jnp.linalg.norm(self.velocity) < simulation_constants.eps:` in the method, an early return that also sets `self.angular_velocity = 0.`. `simulation_constants.dt` (a property with `if self.time_intervals.ndim == 0` and `min(self.accuracy, ...)`) and `jnp.arange(0, 2*pi, dtheta)` are static look-alikes. Inputs include stones thrown with zero speed.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import enum
from dataclasses import dataclass, field
from typing import List, Tuple, Union

import jax
import jax.numpy as jnp
import numpy as np


# enums (stand-in) -----------------------------------------------------------
class Accuracy(enum.IntEnum):
    LOW = 0
    MID = 1
    HIGH = 2


class StoneColor(enum.Enum):
    RED = 0
    YELLOW = 1


class SimulationState(enum.Enum):
    FINISHED = 0
    UNFINISHED = 1


# constants ------------------------------------------------------------------
@dataclass
class SimulationConstants:
    time_intervals: Union[np.floating, np.ndarray] = field(default_factory=lambda: np.array((.3, .1, .05)))
    num_points_on_circle: np.integer = field(default_factory=lambda: np.array(20))
    eps: np.floating = field(default_factory=lambda: np.array(1e-6))
    accuracy: Accuracy = Accuracy.LOW
    def __post_init__(self):
        self.time_intervals = np.array(self.time_intervals)

    @property
    def dtheta(self) -> np.floating:
        return 2 * np.pi / self.num_points_on_circle

    @property
    def dt(self) -> np.floating:
        if self.time_intervals.ndim == 0:
            return self.time_intervals
        return self.time_intervals[min(self.accuracy, len(self.time_intervals) - 1)]

    def reset(self):
        self.accuracy = Accuracy.LOW

class PhysicalConstants:
    mu_0: np.floating = np.array(0.008) # coefficient of friction = m_0 / sqrt(|v|)
    A: np.floating = np.array(10.) # ratio of differences between rear and front coefficients of friction
    k: np.floating = np.array((A - 1) / (A + 1)) # linear factor for scaling coefficient of friction
    g: np.floating = np.array(9.81) # acceleration of freefall

    @classmethod
    def calculate_friction(cls, speed: Union[float, List[float]], position: Union[float, List[float]] = 0) -> float:
        """calculates friction using inverse sqrt law"""
        return np.maximum(cls.mu_0 / np.sqrt(speed) * (1 - cls.k * position), 0)


# stone ----------------------------------------------------------------------
class Stone:
    mass: jnp.floating = jnp.array(19.) # stones between 17.24-19.96
    height: jnp.floating = jnp.array(0.1143) # height of the stone
    ring_radius: jnp.floating = jnp.array(0.065) # radius of the inner ring
    outer_radius: jnp.floating = jnp.array(0.142) # radius of the entire stone
    angular_acceleration: jnp.floating = jnp.array(0.) # angular acceleration
    angular_velocity: jnp.floating = jnp.array(1.5) # clockwise is negative (rad/s)
    angular_position: jnp.floating = jnp.array(0.)
    weight: jnp.floating = jnp.array(mass * PhysicalConstants.g)
    moment_of_inertia: jnp.floating = jnp.array(.5 * mass * outer_radius ** 2) # I = 1/2 mr^2
    coefficient_of_restitution: jnp.floating = jnp.array(.5) # coefficient of restitution between stones
    coefficient_of_friction: jnp.floating = jnp.array(.2) # coefficient of friction between stones
    acceleration = jnp.array((0., 0.)) # xy acceleration of the stone
    velocity = jnp.array((0.01, 2.2)) # xy velocity of the stone
    def __init__(self, color: StoneColor, position: Tuple[float, float] = (0, 0), velocity: float = 0, angle: float = 0, spin: float = 0, curling_constants: PhysicalConstants = PhysicalConstants):
        """create a moving stone (equivalent to throwing)"""
        self.color = color
        self.curling_constants = curling_constants
        self.position = jnp.array(position)
        self.velocity = jnp.array((-jnp.sin(angle), jnp.cos(angle))) * velocity
        self.angular_position = jnp.array(0.)
        self.angular_velocity = jnp.array(spin, dtype=float)

    def step(self, simulation_constants: SimulationConstants=SimulationConstants()) -> SimulationState:
        if jnp.linalg.norm(self.velocity) < simulation_constants.eps:
            self.angular_velocity = 0.
            return SimulationState.FINISHED

        dt = simulation_constants.dt
        theta = jnp.arange(0, 2 * jnp.pi, simulation_constants.dtheta)
        relative_point_position = jnp.array((-jnp.sin(theta), jnp.cos(theta))).T * self.ring_radius # position of this point relative to centre of stone
        normalised_tangent = jnp.array((-jnp.cos(theta), -jnp.sin(theta))).T # direction of the tangent normal to the radius from the centre
        phi = theta - jnp.arctan2(-self.velocity[0], self.velocity[1]) # angle relative to direction of motion

        point_velocity = self.angular_velocity * self.ring_radius * normalised_tangent + self.velocity # speed relative to the ground
        point_speed = jnp.linalg.norm(point_velocity, axis=-1)

        # divide weight between all the points
        normal_force = self.weight / simulation_constants.num_points_on_circle
        forward_ratio = jnp.cos(phi) # ratio along the disc used to calculate friction
        mu = self.curling_constants.calculate_friction(point_speed, forward_ratio)
        frictional_force = jnp.minimum(normal_force * mu, point_speed * (self.mass / simulation_constants.num_points_on_circle) / dt) # F <= mu * N
        # point force in opposite direction to velocity
        frictional_force = jnp.tile(frictional_force, (2, 1)).T * -point_velocity / (jnp.tile(point_speed, (2, 1))).T

        # add the frictional force
        net_force = frictional_force.sum(axis=0)
        # torque magnitude
        torque = -jnp.linalg.det(jnp.stack((frictional_force, relative_point_position), axis=1)).sum(axis=-1)

        # update values
        self.angular_acceleration = torque / self.moment_of_inertia
        self.angular_velocity = self.angular_velocity + self.angular_acceleration * dt
        self.angular_position = self.angular_position + self.angular_velocity * dt
        self.acceleration = net_force / self.mass
        self.velocity = self.velocity + self.acceleration * dt
        self.position = self.position + self.velocity * dt
        return SimulationState.UNFINISHED


@jax.jit
def f(position, speed, angle, spin):
    stone = Stone(StoneColor.RED, position=position, velocity=speed, angle=angle, spin=spin)
    stone.step()
    return stone.position, stone.velocity, stone.angular_velocity, stone.angular_position
# --- end user code ---


def make_inputs(rng):
    position = rng.uniform(-2.0, 2.0, size=(2,)).astype(np.float32)
    speed = np.float32(0.0) if rng.random() < 0.3 else np.float32(rng.uniform(0.5, 3.0))
    angle = np.float32(rng.uniform(-0.1, 0.1))
    spin = np.float32(rng.uniform(-2.0, 2.0))
    return (position, np.asarray(speed), np.asarray(angle), np.asarray(spin))


INPUTS = make_inputs


@jax.jit
def reference_fix(position, speed, angle, spin):
    consts = SimulationConstants()
    position = jnp.array(position)
    velocity = jnp.array((-jnp.sin(angle), jnp.cos(angle))) * speed
    angular_position = jnp.array(0.)
    angular_velocity = jnp.array(spin, dtype=float)
    finished = jnp.linalg.norm(velocity) < consts.eps

    dt = consts.dt
    theta = jnp.arange(0, 2 * jnp.pi, consts.dtheta)
    relative_point_position = jnp.array((-jnp.sin(theta), jnp.cos(theta))).T * Stone.ring_radius
    normalised_tangent = jnp.array((-jnp.cos(theta), -jnp.sin(theta))).T
    phi = theta - jnp.arctan2(-velocity[0], velocity[1])
    point_velocity = angular_velocity * Stone.ring_radius * normalised_tangent + velocity
    point_speed = jnp.linalg.norm(point_velocity, axis=-1)
    normal_force = Stone.weight / consts.num_points_on_circle
    forward_ratio = jnp.cos(phi)
    mu = jnp.maximum(PhysicalConstants.mu_0 / jnp.sqrt(point_speed) * (1 - PhysicalConstants.k * forward_ratio), 0)
    frictional_force = jnp.minimum(normal_force * mu, point_speed * (Stone.mass / consts.num_points_on_circle) / dt)
    frictional_force = jnp.tile(frictional_force, (2, 1)).T * -point_velocity / (jnp.tile(point_speed, (2, 1))).T
    net_force = frictional_force.sum(axis=0)
    torque = -jnp.linalg.det(jnp.stack((frictional_force, relative_point_position), axis=1)).sum(axis=-1)
    new_angular_velocity = angular_velocity + torque / Stone.moment_of_inertia * dt
    new_angular_position = angular_position + new_angular_velocity * dt
    new_velocity = velocity + net_force / Stone.mass * dt
    new_position = position + new_velocity * dt
    return (
        jnp.where(finished, position, new_position),
        jnp.where(finished, velocity, new_velocity),
        jnp.where(finished, 0.0, new_angular_velocity),
        jnp.where(finished, angular_position, new_angular_position),
    )
