"""jbdl's jit-safe contact classifier: the heaviside rewrite of case 002's nested if.

source: Tencent-RoboticsX/jbdl src/jaxRBDL/Contact/detect_contact.py at 30ae443b4e915cb43c6f0afdde106aa5cfe04578 (determin_contact_type_core, the @jit function that replaced the commented-out DeterminContactTypeCore)
error: none
category: negative
expect: untouched
notes: Verbatim, including the commented-out jnp.sign variant. It compares traced foot heights and
  velocities with traced bounds, but only through jnp.heaviside products: no Python control flow on
  arrays, so nothing may change. Inputs are (3, NC) column-stacked foot positions / velocities and
  (3,) bound vectors, as detect_contact_core passes them.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax.numpy as jnp
from jax import jit


@jit
def determin_contact_type_core(pos, vel, contact_pos_lb, contact_vel_lb, contact_vel_ub):
    pos_z = pos[2, :]
    vel_z = vel[2, :]
    contact_pos_lb_z = contact_pos_lb[2]
    contact_vel_lb_z = contact_vel_lb[2]
    contact_vel_ub_z = contact_vel_ub[2]

    # contact_type = jnp.maximum(jnp.sign(contact_pos_lb_z - pos_z), 0.0) \
    #     * jnp.maximum(jnp.sign(contact_vel_ub_z - vel_z), 0.0)
    # contact_type = contact_type * (jnp.maximum(jnp.sign(contact_vel_lb_z - vel_z), 0) + 1.0)

    contact_type = jnp.heaviside(contact_pos_lb_z - pos_z, 0.0) \
        * jnp.heaviside(contact_vel_ub_z - vel_z, 0.0)
    contact_type = contact_type * (jnp.heaviside(contact_vel_lb_z - vel_z, 0) + 1.0)   


    return contact_type


f = determin_contact_type_core
# --- end user code ---

import numpy as np


def make_inputs(rng):
    pos = (rng.normal(size=(3, 4)) * 0.02 - 0.01).astype(np.float32)
    vel = (rng.normal(size=(3, 4)) * 0.2).astype(np.float32)
    contact_pos_lb = np.full((3,), 0.0001, dtype=np.float32)
    contact_vel_lb = np.full((3,), -0.05, dtype=np.float32)
    contact_vel_ub = np.full((3,), 0.01, dtype=np.float32)
    return (pos, vel, contact_pos_lb, contact_vel_lb, contact_vel_ub)


INPUTS = make_inputs
