"""Modular-RL (brax) limb observations: quat2expmap with `if` on the quaternion norm and on theta.

source: public brax-based modular-RL module in the code index, "temporal functions. Need to refactor a lot." (code-index file id 25116484666: LIMB_DICT, quat2expmap, get_local_limb_states; a second stored revision is id 25583104475). The index does not name the repository; quat2expmap is itself a port of asheshjain399/RNNexp .../Motion/quat2expmap.m
error: TracerBoolConversionError
category: if-on-traced-scalar-with-raise
expect: fix
notes: quat2expmap is verbatim (including its `raise (ValueError, ...)`, which raises a tuple and
  would be a TypeError if it ever ran). get_local_limb_states needs a brax v1 Env/State and is
  dropped; it calls quat2expmap on `state.qp.rot[idx]` for every limb and concatenates the
  per-limb observations, which the jitted entry point `f(rot)` reproduces for a (bodies, 4)
  rotation array (a Python loop over limbs, then jnp.concatenate). Inputs are unit
  quaternions (so the raise never fires eagerly), half of them with a negative scalar part so that
  the `theta > jnp.pi` branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp


def quat2expmap(quat: jnp.ndarray) -> jnp.ndarray:
  """Converts a quaternion to an exponential map
  Matlab port to python for evaluation purposes
  https://github.com/asheshjain399/RNNexp/blob/srnn/structural_rnn/CRFProblems/H3.6m/mhmublv/Motion/quat2expmap.m#L1
  Args:
    quat: 4-dim quaternion
  Returns:
    r: 3-dim exponential map
  Raises:
    ValueError if the l2 norm of the quaternion is not close to 1
  """
  if jnp.abs(jnp.linalg.norm(quat) - 1) > 1e-3:
    raise (ValueError, 'quat2expmap: input quaternion is not norm 1')

  sinhalftheta = jnp.linalg.norm(quat[1:])
  coshalftheta = quat[0]
  r0 = jnp.divide(quat[1:], (jnp.linalg.norm(quat[1:]) + jnp.finfo(jnp.float32).eps))
  theta = 2 * jnp.arctan2(sinhalftheta, coshalftheta)
  theta = jnp.mod(theta + 2 * jnp.pi, 2 * jnp.pi)
  if theta > jnp.pi:
    theta = 2 * jnp.pi - theta
    r0 = -r0
  r = r0 * theta
  return r


@jax.jit
def f(rot):
  # as in get_local_limb_states: one expmap per limb, concatenated
  return jnp.concatenate([quat2expmap(rot[idx]) for idx in range(rot.shape[0])])
# --- end user code ---

import numpy as np


def make_inputs(rng):
    q = rng.normal(size=(7, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    q[0, 0] = abs(q[0, 0])
    q[1, 0] = -abs(q[1, 0])
    return (q.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(rot):
    def one(quat):
        sinhalftheta = jnp.linalg.norm(quat[1:])
        coshalftheta = quat[0]
        r0 = jnp.divide(quat[1:], (jnp.linalg.norm(quat[1:]) + jnp.finfo(jnp.float32).eps))
        theta = 2 * jnp.arctan2(sinhalftheta, coshalftheta)
        theta = jnp.mod(theta + 2 * jnp.pi, 2 * jnp.pi)
        flip = theta > jnp.pi
        theta = jnp.where(flip, 2 * jnp.pi - theta, theta)
        r0 = jnp.where(flip, -r0, r0)
        return r0 * theta
    return jax.vmap(one)(rot).reshape(-1)
