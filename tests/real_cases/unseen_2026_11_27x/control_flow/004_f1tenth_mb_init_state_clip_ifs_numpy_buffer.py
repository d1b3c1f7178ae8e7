"""F1TENTH multi-body vehicle model (JAX port): `init_mb` clips the traced steering angle and speed with Python `if`s, then fills a NumPy buffer with traced values.

source: code-index file id 9135323344 (a JAX port of the CommonRoad / F1TENTH vehicle dynamics: accl_constraints, steering_constraint, vehicle_dynamics_ks/st, init_mb, reset_mb, vehicle_dynamics_mb; it imports `param1` from dynamics_models.mb_model_params and `dynamics_models.tire_models`). The index does not name the repository; dynamics_models/mb_model_params.py with the same parameter layout is in mlab-upenn/mppi_example at 22cf0bb71f324a0f0f02d5d9759704a519fd8443. The same module already has the jit-safe twin `reset_mb` (the four `if`s commented out and replaced by jax.lax.select, the NumPy buffer by a Python list passed to jnp.array).
error: TracerBoolConversionError
category: if-clip-on-traced-state
expect: fix
notes: init_mb is verbatim. `param1` is not in the index, so it is rebuilt from `params_real_mb` of mlab-upenn/mppi_example dynamics_models/mb_model_params.py (the first 40 entries, whose order gives exactly the indices init_mb reads: s_min 2, s_max 3, v_min 6, v_max 7, m_s 11, m_uf 12, m_ur 13, lf 14, lr 15, K_zt 30, R_w 39). Entry point `f = jax.jit(init_mb)` (params stays the default dict). After the `if`s, `np.zeros` receives traced values (x0[0] = sx0, ...), which a rewrite must also fix (jnp buffer or list).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np
from functools import partial

# stand-in for: from dynamics_models.mb_model_params import param1
param1 = {
    'length': 4.298, 'width': 1.674,
    's_min': -0.910, 's_max': 0.910, 'sv_min': -0.4, 'sv_max': 0.4,
    'v_min': -13.9, 'v_max': 99, 'v_switch': 4.755, 'a_max': 3.5,
    'm': 1225.887, 'm_s': 1094.542, 'm_uf': 65.672, 'm_ur': 65.672,
    'lf': 0.88392, 'lr': 1.50876,
    'I_Phi_s': 244.0472306, 'I_y_s': 1342.259768, 'I_z': 1538.853371, 'I_xz_s': 0.0,
    'K_sf': 21898.332429, 'K_sdf': 1459.390293, 'K_sr': 21898.332429, 'K_sdr': 1459.390293,
    'T_f': 1.389888, 'T_r': 1.423416, 'K_ras': 175186.659437,
    'K_tsf': -12880.270509, 'K_tsr': 0.0, 'K_rad': 10215.732056, 'K_zt': 189785.547723,
    'h_cg': 0.557784, 'h_raf': 0.0, 'h_rar': 0.0,
    'h_s': 0.59436, 'I_uf': 32.539630, 'I_ur': 32.539630, 'I_y_w': 1.7,
    'K_lt': 1.0278264878518764e-05, 'R_w': 0.344,
}


def init_mb(init_state, params=param1):
    params = jnp.array(list(params.values()))
    # init_MB - generates the initial state vector for the multi-body model
    #
    # Syntax:
    #     x0 = init_MB(init_state, p)
    #
    # Inputs:
    #     init_state - core initial states
    #     p - parameter vector
    #
    # Outputs:
    #     x0 - initial state vector
    #
    # Example:
    #
    # See also: ---

    # Author:       Matthias Althoff
    # Written:      11-January-2017
    # Last update:  ---
    # Last revision:---

    # Parameters
    # steering constraints
    s_min = params[2]  # minimum steering angle [rad]
    s_max = params[3]  # maximum steering angle [rad]
    # longitudinal constraints
    v_min = params[6]  # minimum velocity [m/s]
    v_max = params[7] # minimum velocity [m/s]
    # masses
    m_s = params[11] # sprung mass [kg]  SMASS
    m_uf = params[12] # unsprung mass front [kg]  UMASSF
    m_ur = params[13] # unsprung mass rear [kg]  UMASSR
    # axes distances
    lf = params[14] # distance from spring mass center of gravity to front axle [m]  LENA
    lr = params[15]  # distance from spring mass center of gravity to rear axle [m]  LENB
    # geometric parameters
    K_zt = params[30] # vertical spring rate of tire [N/m]  TSPRINGR
    R_w = params[39]  # effective wheel/tire radius  chosen as tire rolling radius RR  taken from ADAMS documentation [m]
    # create equivalent bicycle parameters
    g = 9.81  # [m/s^2]

    # obtain initial states from vector
    sx0 = init_state[0] # x-position in a global coordinate system
    sy0 = init_state[1] # y-position in a global coordinate system
    delta0 = init_state[2] # steering angle of front wheels
    vel0 = init_state[3] # speed of the car
    Psi0 = init_state[4] # yaw angle
    dotPsi0 = init_state[5] # yaw rate
    beta0 = init_state[6] # slip angle

    if delta0 > s_max:
        delta0 = s_max

    if delta0 < s_min:
        delta0 = s_min

    if vel0 > v_max:
        vel0 = v_max

    if vel0 < v_min:
        vel0 = v_min

    # auxiliary initial states
    F0_z_f = m_s * g * lr / ((lf + lr)) + m_uf * g
    F0_z_r = m_s * g * lf / ((lf + lr)) + m_ur * g

    # sprung mass states
    x0 = np.zeros((29,))  # init initial state vector
    x0[0] = sx0  # x-position in a global coordinate system
    x0[1] = sy0  # y-position in a global coordinate system
    x0[2] = delta0  # steering angle of front wheels
    x0[3] = jnp.cos(beta0) * vel0  # velocity in x-direction
    x0[4] = Psi0  # yaw angle
    x0[5] = dotPsi0  # yaw rate
    x0[6] = 0  # roll angle
    x0[7] = 0  # roll rate
    x0[8] = 0  # pitch angle
    x0[9] = 0  # pitch rate
    x0[10] = jnp.sin(beta0) * vel0  # velocity in y-direction
    x0[11] = 0  # z-position (zero height corresponds to steady state solution)
    x0[12] = 0  # velocity in z-direction

    # unsprung mass states (front)
    x0[13] = 0  # roll angle front
    x0[14] = 0  # roll rate front
    x0[15] = jnp.sin(beta0) * vel0 + lf * dotPsi0  # velocity in y-direction front
    x0[16] = (F0_z_f) / (2 * K_zt)  # z-position front
    x0[17] = 0  # velocity in z-direction front

    # unsprung mass states (rear)
    x0[18] = 0  # roll angle rear
    x0[19] = 0  # roll rate rear
    x0[20] = jnp.sin(beta0) * vel0 - lr * dotPsi0  # velocity in y-direction rear
    x0[21] = (F0_z_r) / (2 * K_zt)  # z-position rear
    x0[22] = 0  # velocity in z-direction rear

    # wheel states
    x0[23] = x0[3] / (R_w)  # left front wheel angular speed
    x0[24] = x0[3] / (R_w)  # right front wheel angular speed
    x0[25] = x0[3] / (R_w)  # left rear wheel angular speed
    x0[26] = x0[3] / (R_w)  # right rear wheel angular speed

    x0[27] = 0  # delta_y_f
    x0[28] = 0  # delta_y_r

    return jnp.array(x0)


f = jax.jit(init_mb)
# --- end user code ---


def make_inputs(rng):
    x, y = rng.normal(scale=10.0, size=2)
    delta = rng.uniform(-1.5, 1.5)        # beyond +-0.91 about 40% of the time
    vel = rng.uniform(-30.0, 130.0)       # beyond [-13.9, 99] about 30% of the time
    psi, dpsi, beta = rng.normal(scale=0.5, size=3)
    return (np.array([x, y, delta, vel, psi, dpsi, beta], dtype=np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(init_state):
    p = jnp.array(list(param1.values()))
    s_min, s_max, v_min, v_max = p[2], p[3], p[6], p[7]
    m_s, m_uf, m_ur, lf, lr, K_zt, R_w = p[11], p[12], p[13], p[14], p[15], p[30], p[39]
    g = 9.81
    sx0, sy0, delta0, vel0, Psi0, dotPsi0, beta0 = [init_state[i] for i in range(7)]
    delta0 = jnp.where(delta0 > s_max, s_max, delta0)
    delta0 = jnp.where(delta0 < s_min, s_min, delta0)
    vel0 = jnp.where(vel0 > v_max, v_max, vel0)
    vel0 = jnp.where(vel0 < v_min, v_min, vel0)
    F0_z_f = m_s * g * lr / (lf + lr) + m_uf * g
    F0_z_r = m_s * g * lf / (lf + lr) + m_ur * g
    vx = jnp.cos(beta0) * vel0
    vy = jnp.sin(beta0) * vel0
    x0 = jnp.zeros((29,))
    x0 = x0.at[0].set(sx0).at[1].set(sy0).at[2].set(delta0).at[3].set(vx)
    x0 = x0.at[4].set(Psi0).at[5].set(dotPsi0).at[10].set(vy)
    x0 = x0.at[15].set(vy + lf * dotPsi0).at[16].set(F0_z_f / (2 * K_zt))
    x0 = x0.at[20].set(vy - lr * dotPsi0).at[21].set(F0_z_r / (2 * K_zt))
    x0 = x0.at[23:27].set(vx / R_w)
    return x0
