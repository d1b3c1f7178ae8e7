"""Look-alike: an L1 adaptive quadrotor controller method jitted with `self` static, branching only through `jnp.where`.

source: LeCAR-Lab/CoVO-MPC quadjax/controllers/l1adaptive.py at 076179087ffff174eecce1ac635ba06460e8148d (L1Params, L1Controller.update_esitimate, L1Controller.__call__; code-index file id 47470396356), with EnvState3D / EnvParams3D / default_array from quadjax/dynamics/dataclass.py at the same commit (id 47404391358) and qtoQ / L / hat / axisangletoR / vee from the JAX quadjax/dynamics/geom.py revision stored as code-index file id 47187053118
error: none
category: negative-method-static-self-jnp-where
expect: untouched
notes: The controller, L1Params and EnvState3D are verbatim; EnvParams3D keeps only its first nine fields (the ones the controller reads; the rest are inertia, rope, disturbance and curriculum settings). Adapted: flax is not installed here, so `flax.struct` is replaced by a small stand-in (`struct.dataclass` = frozen dataclass registered with jax.tree_util.register_dataclass plus `.replace`, `struct.field` = dataclasses.field); `controllers.BaseController` by a two-attribute stand-in; `env` by a stand-in object whose `default_params` is EnvParams3D(); the geom helpers are pasted in. The entry point `f` (a jitted call of the controller with obs/env_param/rng/info = None) is added. It looks leaky (methods on an object, `jnp.abs(angle) < 1e-4`, attributes of `self.param` in arithmetic) but `self` is a static argument, `self.param` holds concrete defaults, and the only data-dependent choice is a `jnp.where`; nothing may change.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import dataclasses
from functools import partial
from typing import Union

import jax
from jax import numpy as jnp


class struct:
    """Stand-in for flax.struct (not installed here)."""

    @staticmethod
    def field(**kwargs):
        return dataclasses.field(**kwargs)

    @staticmethod
    def dataclass(cls):
        cls = dataclasses.dataclass(frozen=True)(cls)
        cls.replace = lambda self, **updates: dataclasses.replace(self, **updates)
        return jax.tree_util.register_dataclass(cls)


def default_array(array):
    return struct.field(default_factory=lambda: jnp.array(array))


@struct.dataclass
class EnvState3D:
    # meta state variable for taut state
    pos: jnp.ndarray  # (x,y,z)
    vel: jnp.ndarray  # (x,y,z)
    quat: jnp.ndarray  # quaternion (x,y,z,w)
    omega: jnp.ndarray  # angular velocity (x,y,z)
    omega_tar: jnp.ndarray  # angular velocity (x,y,z)
    # target trajectory
    pos_traj: jnp.ndarray
    vel_traj: jnp.ndarray
    acc_traj: jnp.ndarray
    pos_tar: jnp.ndarray
    vel_tar: jnp.ndarray
    acc_tar: jnp.ndarray
    # other variables
    last_thrust: float
    last_torque: jnp.ndarray  # torque in the local frame
    time: int
    f_disturb: jnp.ndarray

    # trajectory information for adaptation
    vel_hist: jnp.ndarray
    omega_hist: jnp.ndarray
    action_hist: jnp.ndarray

    # control params is float or dataclass
    control_params: Union[float, "struct.dataclass"] = 0.0


@struct.dataclass
class EnvParams3D:
    max_speed: float = 8.0
    max_torque: jnp.ndarray = default_array([9e-3, 9e-3, 2e-3])
    max_omega: jnp.ndarray = default_array([10.0, 10.0, 3.0])
    max_thrust: float = 0.8
    dt: float = 0.02
    g: float = 9.81  # gravity

    m: float = 0.027  # mass
    m_mean: float = 0.027  # mass
    m_std: float = 0.003  # mass


# --- quadjax.dynamics.geom ---
@jax.jit
def hat(v: jnp.ndarray) -> jnp.ndarray:
    return jnp.array([[0, -v[2], v[1]],
                     [v[2], 0, -v[0]],
                     [-v[1], v[0], 0]])


@jax.jit
def L(q: jnp.ndarray) -> jnp.ndarray:
    '''
    L(q) = [sI + hat(v), v; -v^T, s]
    left multiplication matrix of a quaternion
    '''
    s = q[3]
    v = q[:3]
    right = jnp.hstack((v, s)).reshape(-1, 1)
    left_up = s * jnp.eye(3) + hat(v)
    left_down = -v
    left = jnp.vstack((left_up, left_down))
    return jnp.hstack((left, right))


@jax.jit
def qtoQ(q: jnp.ndarray) -> jnp.ndarray:
    '''
    covert a quaternion to a 3x3 rotation matrix
    '''
    T = jnp.diag(jnp.array([-1, -1, -1, 1]))
    H = jnp.vstack((jnp.eye(3), jnp.zeros((1, 3))))
    Lq = L(q)
    return H.T @ T @ Lq @ T @ Lq @ H


def axisangletoR(axis: jnp.ndarray, angle: float) -> jnp.ndarray:
    # convert axis-angle to quaternion
    # axis: 3d vector
    # angle: radian
    # output: rotation matrix
    axis = axis/jnp.linalg.norm(axis)
    return jnp.eye(3) + jnp.sin(angle)*hat(axis) + (1-jnp.cos(angle))*hat(axis)@hat(axis)


def vee(R: jnp.ndarray):
    # convert skew-symmetric matrix to vector
    # R: 3x3 skew-symmetric matrix
    # output: 3d vector
    return jnp.array([R[2, 1], R[0, 2], R[1, 0]])


class geom:
    qtoQ = staticmethod(qtoQ)
    axisangletoR = staticmethod(axisangletoR)
    vee = staticmethod(vee)


class BaseController:
    def __init__(self, env, control_params) -> None:
        self.env = env
        self.control_params = control_params


class controllers:
    BaseController = BaseController


# --- quadjax.controllers.l1adaptive ---
@struct.dataclass
class L1Params:
    As: float = -0.5
    alpha: float = 0.9

    vel_hat: jnp.ndarray = default_array([0.0, 0.0, 0.0])
    d_hat: jnp.ndarray = default_array([0.0, 0.0, 0.0])

    Kp: float = 10.0
    Kd: float = 5.0
    Kp_att: float = 10.0

class L1Controller(controllers.BaseController):
    """L1 controller for path following
    """

    def __init__(self, env, control_params) -> None:
        super().__init__(env, control_params)
        self.param = self.env.default_params

    def update_params(self, env_param, control_params):
        return control_params
    
    @partial(jax.jit, static_argnums=(0,))
    def update_esitimate(self, state, control_params):

        Q = geom.qtoQ(state.quat)
        vel_hat_dot = jnp.array([0.0, 0.0, -self.param.g]) + 1.0 / self.param.m * (Q @ jnp.asarray([0, 0, state.last_thrust])) + control_params.d_hat + control_params.As * (control_params.vel_hat - state.vel)
        vel_hat = control_params.vel_hat + vel_hat_dot * self.param.dt
        phi = jnp.exp(control_params.As * self.param.dt)
        d_new = - 1.0 / (phi - 1.0) * control_params.As * phi * (vel_hat - state.vel)
        d_hat = control_params.alpha * control_params.d_hat + (1.0 - control_params.alpha) * d_new

        return control_params.replace(vel_hat=vel_hat, d_hat=d_hat)

    @partial(jax.jit, static_argnums=(0,))
    def __call__(self, obs, state, env_param, rng_act, control_params, info) -> jnp.ndarray:
        control_params = self.update_esitimate(state, control_params)

        # position control
        Q = geom.qtoQ(state.quat)
        f_d = self.param.m * (jnp.array([0.0, 0.0, self.param.g]) - control_params.Kp * (state.pos - state.pos_tar) - control_params.Kd * (state.vel - state.vel_tar) - control_params.d_hat + state.acc_tar)
        thrust = (Q.T @ f_d)[2]
        thrust = jnp.clip(thrust, 0.0, self.param.max_thrust)

        # attitude control
        z_d = f_d / jnp.linalg.norm(f_d)
        axis_angle = jnp.cross(jnp.array([0.0, 0.0, 1.0]), z_d)
        angle = jnp.linalg.norm(axis_angle)
        # when the rotation axis is zero, set it to [0.0, 0.0, 1.0] and set angle to 0.0
        small_angle = (jnp.abs(angle) < 1e-4)
        axis = jnp.where(small_angle, jnp.array([0.0, 0.0, 1.0]), axis_angle / angle)
        R_d = geom.axisangletoR(axis, angle)
        R_e = R_d.T @ Q
        angle_err = geom.vee(R_e - R_e.T)
        # generate desired angular velocity
        omega_d = - control_params.Kp_att * angle_err

        # generate action
        action = jnp.concatenate([jnp.array([(thrust/self.param.max_thrust) * 2.0 - 1.0]), (omega_d/self.param.max_omega)])

        return action, control_params, None


class _Env:
    default_params = EnvParams3D()


controller = L1Controller(_Env(), L1Params())


@jax.jit
def f(state, control_params):
    action, control_params, _ = controller(None, state, None, None, control_params, None)
    return action, control_params
# --- end user code ---

import numpy as np


def make_inputs(rng):
    v3 = lambda s=1.0: (s * rng.normal(size=(3,))).astype(np.float32)
    quat = rng.normal(size=(4,))
    quat = (quat / np.linalg.norm(quat)).astype(np.float32)
    pos, vel = v3(0.3), v3(0.3)
    hover = rng.random() < 0.3
    if hover:  # on target, no disturbance estimate: f_d is vertical, small-angle branch
        pos_tar, vel_tar, acc_tar = pos.copy(), vel.copy(), np.zeros(3, np.float32)
        d_hat = np.zeros(3, np.float32)
    else:
        pos_tar, vel_tar, acc_tar = v3(0.3), v3(0.3), v3(0.5)
        d_hat = v3(0.2)
    state = EnvState3D(
        pos=pos, vel=vel, quat=quat, omega=v3(), omega_tar=v3(),
        pos_traj=rng.normal(size=(10, 3)).astype(np.float32),
        vel_traj=rng.normal(size=(10, 3)).astype(np.float32),
        acc_traj=rng.normal(size=(10, 3)).astype(np.float32),
        pos_tar=pos_tar, vel_tar=vel_tar, acc_tar=acc_tar,
        last_thrust=np.float32(rng.uniform(0.1, 0.5)), last_torque=v3(1e-3),
        time=np.int32(rng.integers(0, 300)), f_disturb=v3(0.01),
        vel_hist=rng.normal(size=(5, 3)).astype(np.float32),
        omega_hist=rng.normal(size=(5, 3)).astype(np.float32),
        action_hist=rng.normal(size=(5, 4)).astype(np.float32),
        control_params=np.float32(0.0),
    )
    params = L1Params(
        As=np.float32(-0.5), alpha=np.float32(0.9),
        vel_hat=v3(0.1) if not hover else vel.copy(), d_hat=d_hat,
        Kp=np.float32(10.0), Kd=np.float32(5.0), Kp_att=np.float32(10.0),
    )
    return (state, params)


INPUTS = make_inputs
