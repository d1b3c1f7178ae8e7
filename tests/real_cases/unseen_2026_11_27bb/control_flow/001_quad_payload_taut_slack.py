"""Quadrotor with a cable-suspended payload: hybrid taut/slack dynamics chosen by a Python `if` on the cable state.

source: sbmpc quadrotor-payload example (a fork of tombelv/sbmpc; its sys.path points to /home/mpiras/MPPI/sbmpc-quad-traj-switch-1D/sbmpc), file text in the public code index as id 61339013129 (func_slack, func_taut, quadrotor_dynamics; `#@jax.jit` commented out above quadrotor_dynamics and a commented-out `jnp.select` attempt kept beside the `if`); repository not resolved
error: TracerBoolConversionError
category: if-on-traced-mode-switch
expect: fix
notes: func_slack, func_taut and quadrotor_dynamics with their module constants are verbatim except that the long triple-quoted dead variant inside func_taut and the commented-out block of 'ORIGINAL EQUATIONS FOR TOTAL FORCE AND TOTAL TORQUE' in quadrotor_dynamics are left out (the module-level triple-quoted older func_slack/func_taut and handle_collision are dropped too); the sbmpc/matplotlib/scipy imports, the Objective and Simulation classes and the __main__ block are dropped; `f = jax.jit(quadrotor_dynamics)` is added as the entry point (the sbmpc Model integrates and jits this function). Inputs: a 12-vector state [drone pos, payload pos, drone vel, payload vel] and a scalar thrust; the payload sits either at cable length (taut) or closer (slack), with relative velocities of both signs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


MODEL = "classic"

input_max = jnp.array([1])
input_min = jnp.array([0])

mass = 2.7
mass_payload = 0.25
cable_length = 0.5

gravity = 9.81
inertia = jnp.array([2.3951e-5, 2.3951e-5, 3.2347e-5], dtype=jnp.float32)
inertia_mat = jnp.diag(inertia)

spatial_inertia_mat = jnp.diag(jnp.concatenate([mass*jnp.ones(3, dtype=jnp.float32), inertia]))
spatial_inertia_mat_inv = jnp.linalg.inv(spatial_inertia_mat)

input_hover = jnp.array([(mass+mass_payload)*gravity], dtype=jnp.float32)
nq = 6

dt = 0.001


def func_slack(state,inputs,csi,csi_dot):        
    acc_L =  - jnp.array([0.,0.,gravity])

    F =  jnp.array([0,0,inputs])
    # Obtain Quadrotor Force Vector
    quad_force_vector = F 

    # Solving for Quadrotor Acceleration
    acc = quad_force_vector/mass - jnp.array([0.,0.,gravity])
    
    """  
    acc =  (1/mass)*jnp.array([0.,0.,inputs[0]]) - jnp.array([0.,0.,gravity])
    """
    print("acc slack",acc)
    print("acc_L slack",acc_L)
    #print("inputs",inputs)

    ######## state_dot ########
    state_dot =  jnp.concatenate([state[6:9],
                            #0.5 * quat_product(quat, ang_vel_quat),
                            state[9:12],
                            #orientation_mat @ acc[:3],
                            acc,
                            acc_L])

        
    return state_dot

def func_taut(state,inputs,csi,csi_dot):

    
    ########## SET ORIGINAL EQUATIONS ###############
    print("INSIDE TAUT")
    print("csi taut",csi)
    print("state taut",state[0:6])
    print("vel taut",state[6:12])
    
    #csi = -(state[3:6] - state[0:3])/cable_length

    #csi_dot = -(state[9:12] - state[6:9])/cable_length
    csi_omega = jnp.cross(csi, csi_dot)
    

    F = jnp.array([0,0,inputs])
    quad_force_vector = F 
    quad_centrifugal_f = mass * cable_length * (csi_omega @ csi_omega)

    print("quad_centrifugal_f taut",quad_centrifugal_f)

    tension_vector = mass_payload * (-csi.reshape(1,3) @ quad_force_vector + quad_centrifugal_f) * csi.reshape(3,1) / (mass+mass_payload)
    print("tension_vectortaut",tension_vector)
    # Solving for Load Acceleration
    ciao = -csi.reshape(1,3) @ quad_force_vector
    print("ciao",ciao)
    acc_L = - jnp.transpose(tension_vector) / mass_payload - jnp.array([0.,0.,gravity])
    # Solving for Quadrotor Acceleration
    acc = (quad_force_vector + jnp.transpose(tension_vector)) / mass - jnp.array([0.,0.,gravity])
    acc_L  = acc_L.reshape(3,)
    acc  = acc.reshape(3,)

    state_dot = jnp.concatenate([state[6:9],
                            #0.5 * quat_product(quat, ang_vel_quat),
                            state[9:12],
                            #orientation_mat @ acc[:3],
                            acc,
                            acc_L])
        
    #v_kp1 = state[self.nq:] + self.bt * state_dot[-6:]#self.dynamics(state, inputs)[self.nq:]
        
    return state_dot


#@jax.jit
def quadrotor_dynamics(state: jnp.array, inputs: jnp.array) -> jnp.array:

    """
    Simple quadrotor dynamics model with CoM placed at the geometric center

    Parameters
    ----------
    state : jnp.array
        state vector [pos (world frame),
                      attitude (unit quaternion [w, x, y, z]),
                      vel (world frame),
                      angular_velocity (body frame)]
    inputs : jnp.array):
        input vector [thrust (along the body-frame z axis), torque (body frame)]
    Returns
    -------
    state_dot :jnp.array
        time derivative of state with given inputs
    """
    #csi = (state[3:6] - state[0:3])/cable_length
    #csi_dot = (state[9:12] - state[6:9])/cable_length
    csi = (state[3:6] - state[0:3])/jnp.linalg.norm(state[3:6] - state[0:3])
    csi_dot = (((state[9:12] - state[6:9])*jnp.linalg.norm(state[3:6] - state[0:3]))-((state[3:6] - state[0:3]) * (state[3:6] - state[0:3]) * (1/jnp.linalg.norm(state[3:6] - state[0:3])) * (state[9:12] - state[6:9])))/(jnp.linalg.norm(state[3:6] - state[0:3]))**2
   
    d = jnp.linalg.norm(state[3:6] - state[0:3] )
    d_dot = (state[3:6] - state[0:3] ) @ (state[9:12] - state[6:9] )/((jnp.linalg.norm(state[3:6] - state[0:3])))
    # Inputs are said to be total force and total torque but I already have this computation in order 
    # to consider as inputs the f forces and moments in the body frame

    ######## state_dot ########
    #return jnp.select([d - cable_length  < 0.001,  #### Cable Slack ####
    #                     jnp.logical_and(d - cable_length >= 0.001 , d_dot >= -0.01)],
    #                      #### Cable Taut ####
    #                     [func_slack(state,inputs),
    #                     func_taut(state,inputs,csi,csi_dot)]
    #                     )
    if (d  > cable_length - 0.001) & (d_dot > -0.001):
        return func_taut(state,inputs,csi,csi_dot)
    else:  
         return func_slack(state,inputs,csi,csi_dot)
    
    #elif jnp.logical_and(d - cable_length >= 0.001 , d_dot >= -0.01):   
    #     return func_taut(state,inputs,csi,csi_dot)


f = jax.jit(quadrotor_dynamics)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    drone = rng.normal(size=3) + np.array([0.0, 0.0, 5.0])
    direction = rng.normal(size=3)
    direction /= np.linalg.norm(direction)
    length = 0.5 if rng.random() < 0.6 else rng.uniform(0.2, 0.45)
    payload = drone + length * direction
    v_drone = rng.normal(size=3)
    v_payload = rng.normal(size=3)
    state = np.concatenate([drone, payload, v_drone, v_payload]).astype(np.float32)
    thrust = np.float32((mass + mass_payload) * gravity + rng.normal())
    return (state, np.asarray(thrust, dtype=np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(state, inputs):
    rel = state[3:6] - state[0:3]
    rel_v = state[9:12] - state[6:9]
    n = jnp.linalg.norm(rel)
    csi = rel / n
    csi_dot = ((rel_v * n) - (rel * rel * (1 / n) * rel_v)) / n**2
    d = n
    d_dot = rel @ rel_v / n
    return jax.lax.cond((d > cable_length - 0.001) & (d_dot > -0.001),
                        lambda: func_taut(state, inputs, csi, csi_dot),
                        lambda: func_slack(state, inputs, csi, csi_dot))
