"""F1TENTH gym single-track vehicle dynamics ported from Numba to jax.numpy: if/elif constraint chains with `and`/`or` on the traced state and a kinematic switch `if abs(x[3]) < 0.5`.

source: f1tenth/f1tenth_gym gym/f110_gym/envs/dynamic_models.py at 0030945dd0813a1a1cc10c91b0acbcf706593963 (accl_constraints, steering_constraint, vehicle_dynamics_ks, vehicle_dynamics_st; code-index file id 33484058693). JAX ports of the same functions replace every branch with jax.lax.select, e.g. code-index file id 66032036956 (`pos_limit = jax.lax.select(vel > v_switch, ...)`, `return jax.lax.select(jnp.abs(x[3]) < 1, f_ks, f)`) and file id 9135323344, whose comments keep the original `if`s.
error: TracerBoolConversionError
category: if-elif-chain-on-traced-state
expect: fix
notes: port to jax.numpy, as a user moving the gym to JAX would do first: `@njit(cache=True)` dropped and `np.` replaced by `jnp.` (np.array/cos/sin/tan/hstack); everything else verbatim, including the builtin `abs`. Entry point `f = jax.jit(vehicle_dynamics_st)`; make_inputs passes the gym's default F1TENTH parameters as Python floats. Inputs cover |v| < 0.5 (kinematic branch), v > v_switch, the velocity and steering-angle limits, and steering/acceleration requests beyond their bounds.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def accl_constraints(vel, accl, v_switch, a_max, v_min, v_max):
    """
    Acceleration constraints, adjusts the acceleration based on constraints

        Args:
            vel (float): current velocity of the vehicle
            accl (float): unconstraint desired acceleration
            v_switch (float): switching velocity (velocity at which the acceleration is no longer able to create wheel spin)
            a_max (float): maximum allowed acceleration
            v_min (float): minimum allowed velocity
            v_max (float): maximum allowed velocity

        Returns:
            accl (float): adjusted acceleration
    """

    # positive accl limit
    if vel > v_switch:
        pos_limit = a_max * v_switch / vel
    else:
        pos_limit = a_max

    # accl limit reached?
    if (vel <= v_min and accl <= 0) or (vel >= v_max and accl >= 0):
        accl = 0.0
    elif accl <= -a_max:
        accl = -a_max
    elif accl >= pos_limit:
        accl = pos_limit

    return accl


def steering_constraint(
    steering_angle, steering_velocity, s_min, s_max, sv_min, sv_max
):
    """
    Steering constraints, adjusts the steering velocity based on constraints

        Args:
            steering_angle (float): current steering_angle of the vehicle
            steering_velocity (float): unconstraint desired steering_velocity
            s_min (float): minimum steering angle
            s_max (float): maximum steering angle
            sv_min (float): minimum steering velocity
            sv_max (float): maximum steering velocity

        Returns:
            steering_velocity (float): adjusted steering velocity
    """

    # constraint steering velocity
    if (steering_angle <= s_min and steering_velocity <= 0) or (
        steering_angle >= s_max and steering_velocity >= 0
    ):
        steering_velocity = 0.0
    elif steering_velocity <= sv_min:
        steering_velocity = sv_min
    elif steering_velocity >= sv_max:
        steering_velocity = sv_max

    return steering_velocity


def vehicle_dynamics_ks(
    x,
    u_init,
    mu,
    C_Sf,
    C_Sr,
    lf,
    lr,
    h,
    m,
    I,
    s_min,
    s_max,
    sv_min,
    sv_max,
    v_switch,
    a_max,
    v_min,
    v_max,
):
    """
    Single Track Kinematic Vehicle Dynamics.

        Args:
            x (numpy.ndarray (3, )): vehicle state vector (x1, x2, x3, x4, x5)
                x1: x position in global coordinates
                x2: y position in global coordinates
                x3: steering angle of front wheels
                x4: velocity in x direction
                x5: yaw angle
            u (numpy.ndarray (2, )): control input vector (u1, u2)
                u1: steering angle velocity of front wheels
                u2: longitudinal acceleration

        Returns:
            f (numpy.ndarray): right hand side of differential equations
    """
    # wheelbase
    lwb = lf + lr

    # constraints
    u = jnp.array(
        [
            steering_constraint(x[2], u_init[0], s_min, s_max, sv_min, sv_max),
            accl_constraints(x[3], u_init[1], v_switch, a_max, v_min, v_max),
        ]
    )

    # system dynamics
    f = jnp.array(
        [
            x[3] * jnp.cos(x[4]),
            x[3] * jnp.sin(x[4]),
            u[0],
            u[1],
            x[3] / lwb * jnp.tan(x[2]),
        ]
    )
    return f


def vehicle_dynamics_st(
    x,
    u_init,
    mu,
    C_Sf,
    C_Sr,
    lf,
    lr,
    h,
    m,
    I,
    s_min,
    s_max,
    sv_min,
    sv_max,
    v_switch,
    a_max,
    v_min,
    v_max,
):
    """
    Single Track Dynamic Vehicle Dynamics.

        Args:
            x (numpy.ndarray (3, )): vehicle state vector (x1, x2, x3, x4, x5, x6, x7)
                x1: x position in global coordinates
                x2: y position in global coordinates
                x3: steering angle of front wheels
                x4: velocity in x direction
                x5: yaw angle
                x6: yaw rate
                x7: slip angle at vehicle center
            u (numpy.ndarray (2, )): control input vector (u1, u2)
                u1: steering angle velocity of front wheels
                u2: longitudinal acceleration

        Returns:
            f (numpy.ndarray): right hand side of differential equations
    """

    # gravity constant m/s^2
    g = 9.81

    # constraints
    u = jnp.array(
        [
            steering_constraint(x[2], u_init[0], s_min, s_max, sv_min, sv_max),
            accl_constraints(x[3], u_init[1], v_switch, a_max, v_min, v_max),
        ]
    )

    # switch to kinematic model for small velocities
    if abs(x[3]) < 0.5:
        # wheelbase
        lwb = lf + lr

        # system dynamics
        x_ks = x[0:5]
        f_ks = vehicle_dynamics_ks(
            x_ks,
            u,
            mu,
            C_Sf,
            C_Sr,
            lf,
            lr,
            h,
            m,
            I,
            s_min,
            s_max,
            sv_min,
            sv_max,
            v_switch,
            a_max,
            v_min,
            v_max,
        )
        f = jnp.hstack(
            (
                f_ks,
                jnp.array(
                    [
                        u[1] / lwb * jnp.tan(x[2])
                        + x[3] / (lwb * jnp.cos(x[2]) ** 2) * u[0],
                        0,
                    ]
                ),
            )
        )

    else:
        # system dynamics
        f = jnp.array(
            [
                x[3] * jnp.cos(x[6] + x[4]),
                x[3] * jnp.sin(x[6] + x[4]),
                u[0],
                u[1],
                x[5],
                -mu
                * m
                / (x[3] * I * (lr + lf))
                * (
                    lf**2 * C_Sf * (g * lr - u[1] * h)
                    + lr**2 * C_Sr * (g * lf + u[1] * h)
                )
                * x[5]
                + mu
                * m
                / (I * (lr + lf))
                * (lr * C_Sr * (g * lf + u[1] * h) - lf * C_Sf * (g * lr - u[1] * h))
                * x[6]
                + mu * m / (I * (lr + lf)) * lf * C_Sf * (g * lr - u[1] * h) * x[2],
                (
                    mu
                    / (x[3] ** 2 * (lr + lf))
                    * (
                        C_Sr * (g * lf + u[1] * h) * lr
                        - C_Sf * (g * lr - u[1] * h) * lf
                    )
                    - 1
                )
                * x[5]
                - mu
                / (x[3] * (lr + lf))
                * (C_Sr * (g * lf + u[1] * h) + C_Sf * (g * lr - u[1] * h))
                * x[6]
                + mu / (x[3] * (lr + lf)) * (C_Sf * (g * lr - u[1] * h)) * x[2],
            ]
        )

    return f


f = jax.jit(vehicle_dynamics_st)
# --- end user code ---

import numpy as np

# f110_gym default parameters (F1TENTH car)
PARAMS = (1.0489, 4.718, 5.4562, 0.15875, 0.17145, 0.074, 3.74, 0.04712,
          -0.4189, 0.4189, -3.2, 3.2, 7.319, 9.51, -5.0, 20.0)


def make_inputs(rng):
    kind = rng.integers(0, 4)
    if kind == 0:
        v = rng.uniform(-0.5, 0.5)          # kinematic branch
    elif kind == 1:
        v = rng.uniform(7.5, 21.0)          # above v_switch, sometimes at v_max
    elif kind == 2:
        v = rng.uniform(-6.0, -4.5)         # near / below v_min
    else:
        v = rng.uniform(0.5, 7.3)
    delta = rng.choice([-0.45, 0.45, rng.uniform(-0.4, 0.4)])
    x = np.array([rng.normal(), rng.normal(), delta, v,
                  rng.uniform(-3, 3), rng.normal(scale=0.5), rng.normal(scale=0.1)],
                 dtype=np.float32)
    u = np.array([rng.uniform(-5.0, 5.0), rng.uniform(-12.0, 12.0)], dtype=np.float32)
    return (x, u) + PARAMS


INPUTS = make_inputs


@jax.jit
def reference_fix(x, u_init, mu, C_Sf, C_Sr, lf, lr, h, m, I, s_min, s_max,
                  sv_min, sv_max, v_switch, a_max, v_min, v_max):
    g = 9.81
    # steering_constraint
    sa, sv = x[2], u_init[0]
    stop_s = ((sa <= s_min) & (sv <= 0)) | ((sa >= s_max) & (sv >= 0))
    sv = jnp.where(stop_s, 0.0, jnp.where(sv <= sv_min, sv_min, jnp.where(sv >= sv_max, sv_max, sv)))
    # accl_constraints
    vel, ac = x[3], u_init[1]
    pos_limit = jnp.where(vel > v_switch, a_max * v_switch / vel, a_max)
    stop_a = ((vel <= v_min) & (ac <= 0)) | ((vel >= v_max) & (ac >= 0))
    ac = jnp.where(stop_a, 0.0, jnp.where(ac <= -a_max, -a_max, jnp.where(ac >= pos_limit, pos_limit, ac)))
    u = jnp.array([sv, ac])
    lwb = lf + lr
    f_ks = jnp.array([
        x[3] * jnp.cos(x[4]), x[3] * jnp.sin(x[4]), u[0], u[1], x[3] / lwb * jnp.tan(x[2]),
        u[1] / lwb * jnp.tan(x[2]) + x[3] / (lwb * jnp.cos(x[2]) ** 2) * u[0], 0.0])
    Ff = g * lr - u[1] * h
    Fr = g * lf + u[1] * h
    f_st = jnp.array([
        x[3] * jnp.cos(x[6] + x[4]),
        x[3] * jnp.sin(x[6] + x[4]),
        u[0],
        u[1],
        x[5],
        -mu * m / (x[3] * I * (lr + lf)) * (lf**2 * C_Sf * Ff + lr**2 * C_Sr * Fr) * x[5]
        + mu * m / (I * (lr + lf)) * (lr * C_Sr * Fr - lf * C_Sf * Ff) * x[6]
        + mu * m / (I * (lr + lf)) * lf * C_Sf * Ff * x[2],
        (mu / (x[3] ** 2 * (lr + lf)) * (C_Sr * Fr * lr - C_Sf * Ff * lf) - 1) * x[5]
        - mu / (x[3] * (lr + lf)) * (C_Sr * Fr + C_Sf * Ff) * x[6]
        + mu / (x[3] * (lr + lf)) * (C_Sf * Ff) * x[2],
    ])
    return jnp.where(jnp.abs(x[3]) < 0.5, f_ks, f_st)
