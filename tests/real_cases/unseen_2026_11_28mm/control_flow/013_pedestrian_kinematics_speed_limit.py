"""Pedestrian-agent kinematics: recursive speed-limit splitting and a small-omega branch on traced values.

source: public code index file id 22198113764, a JAX pedestrian-navigation RL script (classes
    ObjectBase, Pedestrian, PedestrianAgent, DelayRewardGen, Environment, Policy on stax/adam; PIL
    rendering); the index does not name the repository or commit
error: TracerBoolConversionError
category: piecewise-recursive-branches
expect: fix
notes: ObjectBase and Pedestrian verbatim (the unused imports of the script -- PIL, tqdm, pathlib,
    enum -- are dropped). In the script, Environment.evolve calls step_evolve on each agent with the
    action drawn by the policy network, eagerly; the entry point jits the x-update for one agent,
    f = jax.jit(ped.calc_new_x), with the agent's state fixed (v = 0.7, dt = 1.0) and the action
    (a, omega) traced. __calc_dx splits the step at the moment the speed limit is reached and recurses;
    under tracing the recursion never ends, so a rewrite has to resolve the split explicitly. Inputs:
    a spans beyond +-a_max (clipped), so the max-speed split, the stop-at-zero split and the plain step
    all run; omega is sometimes below the 1e-2 small-turn threshold.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as onp
import jax
import jax.numpy as jnp


class ObjectBase:
    def __init__(self, y, x, theta, dt, v_max, a_max):
        self.__y = y
        self.__x = x
        self.__theta = theta
        self.__v = 0.0

        self.__dt = dt
        self.__v_max = v_max
        self.__a_max = a_max

    # getter
    @property
    def y(self):
        return self.__y
    @property
    def x(self):
        return self.__x
    @property
    def v(self):
        return self.__v
    @property
    def theta(self):
        return self.__theta
    
    # setter
    @y.setter
    def y(self, val):
        self.__y = val
    @x.setter
    def x(self, val):
        self.__x = val
    @v.setter
    def v(self, val):
        self.__v = val
    @theta.setter
    def theta(self, val):
        self.__theta = val

    # y-position
    def calc_new_y(self, a, omega):
        return self.y + ObjectBase.__calc_dy(self.v, a, self.theta, omega, self.__dt, self.__v_max, self.__a_max)
    @staticmethod
    def __calc_dy(v, a, theta, omega, dt, v_max, a_max):
        dy = 0.0
        a = jnp.clip(a, -a_max, a_max)
        if v + a * dt > v_max:  # max speed limit
            dt_m = (v_max - v) / a
            dy = ObjectBase.__calc_dy(v, a, theta, omega, dt_m, v_max, a_max)
            dy += ObjectBase.__calc_dy(v_max, 0.0, theta + omega * dt_m, omega, dt - dt_m, v_max, a_max)
        elif v + a * dt < 0.0:  # min speed limit
            dt_m = v / a
            dy = ObjectBase.__calc_dy(v, a, theta, omega, dt_m, v_max, a_max)
        else:
            dy = ObjectBase.__calc_dy_impl(v, a, theta, omega, dt)
        return dy
    @staticmethod
    def __calc_dy_impl(v, a, theta, omega, dt):
        def integral_y(_v, _a, _theta, _omega, _dt):
            return _a / (_omega * _omega) * jnp.sin(_theta + _omega * _dt) - (_v + _a * _dt) / _omega * jnp.cos(_theta + _omega * _dt)
        if abs(omega) > 1E-2:
            # use omega only when not small, dut to numerical stability.
            dy = integral_y(v, a, theta, omega, dt) - integral_y(v, a, theta, omega, 0.0)
        else:
            dy = (v + 0.5 * a * dt) * dt * jnp.sin(theta)
        return dy

    # x-position
    def calc_new_x(self, a, omega):
        return self.x + ObjectBase.__calc_dx(self.v, a, self.theta, omega, self.__dt, self.__v_max, self.__a_max)
    @staticmethod
    def __calc_dx(v, a, theta, omega, dt, v_max, a_max):
        dx = 0.0
        a = jnp.clip(a, -a_max, a_max)
        if v + a * dt > v_max:  # max speed limit
            dt_m = (v_max - v) / a
            dx = ObjectBase.__calc_dx(v, a, theta, omega, dt_m, v_max, a_max)
            dx += ObjectBase.__calc_dx(v_max, 0.0, theta + omega * dt_m, omega, dt - dt_m, v_max, a_max)
        elif v + a * dt < 0.0:  # min speed limit
            dt_m = v / a
            dx = ObjectBase.__calc_dx(v, a, theta, omega, dt_m, v_max, a_max)
        else:
            dx = ObjectBase.__calc_dx_impl(v, a, theta, omega, dt)
        return dx
    @staticmethod
    def __calc_dx_impl(v, a, theta, omega, dt):
        def integral_x(_v, _a, _theta, _omega, _dt):
            return _a / (_omega * _omega) * jnp.cos(_theta + _omega * _dt) + (_v + _a * _dt) / _omega * jnp.sin(_theta + _omega * _dt)
        if abs(omega) > 1E-2:
            # use omega only when not small, dut to numerical stability.
            dx = integral_x(v, a, theta, omega, dt) - integral_x(v, a, theta, omega, 0.0)
        else:
            dx = (v + 0.5 * a * dt) * dt * jnp.cos(theta)
        return dx

    # speed
    def calc_new_v(self, a):
        return ObjectBase.__calc_new_v(self.v, a, self.__dt, self.__v_max, self.__a_max)
    @staticmethod
    def __calc_new_v(v, a, dt, v_max, a_max):
        a = jnp.clip(a, -a_max, a_max)
        return jnp.clip(v + a * dt, 0.0, v_max)

    # rotation
    def calc_new_theta(self, omega):
        return ObjectBase.__calc_new_theta(self.theta, omega, self.__dt)
    @staticmethod
    def __calc_new_theta(theta, omega, dt):
        new_theta = theta + omega * dt
        if new_theta < - jnp.pi:
            new_theta += 2.0 * jnp.pi
        elif new_theta > jnp.pi:
            new_theta -= 2.0 * jnp.pi
        return new_theta
    # update motion status
    def step_evolve(self, accel, omega, y_min, y_max, x_min, x_max, fin):
        new_theta = self.calc_new_theta(omega)
        new_y = self.calc_new_y(accel, omega)
        new_x = self.calc_new_x(accel, omega)
        new_v = self.calc_new_v(accel)

        self.theta = new_theta
        if (new_y > y_min) and (new_y < y_max) and (new_x > x_min) and (new_x < x_max) and (not fin):
            self.y = new_y
            self.x = new_x
            self.v = new_v
        else:
            self.v = 0.0

class Pedestrian(ObjectBase):
    radius_m = 0.5
    def __init__(self, y, x, theta, dt):
        v_max = 1.4
        a_max = v_max / 1.0
        super().__init__(y, x, theta, dt, v_max, a_max)


ped = Pedestrian(4.0, 3.0, 0.7, 1.0)
ped.v = 0.7
f = jax.jit(ped.calc_new_x)
# --- end user code ---


def make_inputs(rng):
    a = onp.float32(rng.uniform(-2.5, 2.5))
    omega = onp.float32(rng.choice([rng.uniform(-0.008, 0.008), rng.uniform(-1.5, 1.5)]))
    return (a, omega)


INPUTS = make_inputs


def _impl(v, a, theta, omega, dt):
    def integral_x(_v, _a, _theta, _omega, _dt):
        return _a / (_omega * _omega) * jnp.cos(_theta + _omega * _dt) + (_v + _a * _dt) / _omega * jnp.sin(_theta + _omega * _dt)
    big = jnp.abs(omega) > 1e-2
    safe = jnp.where(big, omega, 1.0)
    turn = integral_x(v, a, theta, safe, dt) - integral_x(v, a, theta, safe, 0.0)
    straight = (v + 0.5 * a * dt) * dt * jnp.cos(theta)
    return jnp.where(big, turn, straight)


@jax.jit
def reference_fix(a, omega):
    x, theta, v, dt, v_max, a_max = 3.0, 0.7, 0.7, 1.0, 1.4, 1.4
    a = jnp.clip(a, -a_max, a_max)
    dt_up = (v_max - v) / a
    up = _impl(v, a, theta, omega, dt_up) + _impl(v_max, 0.0, theta + omega * dt_up, omega, dt - dt_up)
    dt_dn = v / a
    down = _impl(v, a, theta, omega, dt_dn)
    plain = _impl(v, a, theta, omega, dt)
    dx = jnp.where(v + a * dt > v_max, up, jnp.where(v + a * dt < 0.0, down, plain))
    return x + dx
