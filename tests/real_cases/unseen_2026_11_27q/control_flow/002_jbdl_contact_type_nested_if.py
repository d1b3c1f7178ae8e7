"""jbdl's contact classifier: a jax.numpy port that kept a nested traced if/elif/else.

source: Tencent-RoboticsX/jbdl src/jaxRBDL/Contact/detect_contact.py at 30ae443b4e915cb43c6f0afdde106aa5cfe04578 (DeterminContactTypeCore, kept commented out above its jit-safe replacement determin_contact_type_core; the NumPy original is DeterminContactType in src/jaxRBDL/Contact/DetectContact.py)
error: TracerBoolConversionError
category: nested-if-elif-return-int
expect: fix
notes: Verbatim from the commented-out block (decorator included), uncommented. The contact bounds are
  static arguments (static_argnums=(2, 3, 4)), so make_inputs passes them as Python tuples; only the foot
  position and velocity are traced. The outer `if pos[2] < contact_pos_lb[2]` and the inner if/elif/else
  on vel[2] all test traced scalars and assign a Python int (0, 1 or 2). jbdl's own fix was a product of
  jnp.heaviside terms; the reference below uses nested jnp.where so that the ties (vel == bound) keep the
  original semantics.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from functools import partial
from jax import jit


@partial(jit, static_argnums=(2, 3, 4))
def DeterminContactTypeCore(pos, vel, contact_pos_lb, contact_vel_lb, contact_vel_ub):
    pos = jnp.reshape(pos, (-1,))
    vel = jnp.reshape(vel, (-1,))
    if pos[2] < contact_pos_lb[2]:
        if vel[2] < contact_vel_lb[2]:
            contact_type = 2 # impact    
        elif vel[2] > contact_vel_ub[2]:
            contact_type = 0 # uncontact
        else:
            contact_type = 1 # contact 
    else:
        contact_type = 0  # uncontact
    return contact_type


f = DeterminContactTypeCore
# --- end user code ---

import numpy as np


def make_inputs(rng):
    pos = (rng.normal(size=(3, 1)) * 0.02 - 0.01).astype(np.float32)
    vel = rng.normal(size=(3, 1)).astype(np.float32) * 0.2
    contact_pos_lb = (0.0001, 0.0001, 0.0001)
    contact_vel_lb = (-0.05, -0.05, -0.05)
    contact_vel_ub = (0.01, 0.01, 0.01)
    return (pos, vel, contact_pos_lb, contact_vel_lb, contact_vel_ub)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(2, 3, 4))
def reference_fix(pos, vel, contact_pos_lb, contact_vel_lb, contact_vel_ub):
    pos = jnp.reshape(pos, (-1,))
    vel = jnp.reshape(vel, (-1,))
    in_contact = jnp.where(vel[2] < contact_vel_lb[2], 2,
                           jnp.where(vel[2] > contact_vel_ub[2], 0, 1))
    return jnp.where(pos[2] < contact_pos_lb[2], in_contact, 0)
