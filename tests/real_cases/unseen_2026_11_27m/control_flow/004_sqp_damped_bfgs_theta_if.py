"""Powell-damped BFGS update for SQP: a traced if/else choosing the damping factor theta.

source: EEA-sensors/parallel-control-codes parallel_control/sqp_np.py at eda668e615d70e2a548ad3837a770cc57e410ecb (bfgs_damped_update, "Numpy/Jax versions sequential quadratic programming", Simo Särkkä)
error: TracerBoolConversionError
category: if-else-assign-scalar
expect: fix
notes: bfgs_damped_update verbatim (its unused `quiet` argument and the commented print kept);
  f = jax.jit(bfgs_damped_update). In the repository it is called from bfgs_eq_bt's Python while loop on jnp
  arrays; here it is jitted on its own. `theta = 1.0` (a Python float) in one arm and a traced expression in the
  other. Inputs: a random SPD B, a step s, and a gradient difference y that is either close to B s (curvature
  condition holds, theta = 1) or points against s (damped arm).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def bfgs_damped_update(B, s, y, quiet=False):
    """ BFGS update of Hessian approximation with damping.

    Parameters:
        B: Hessian approximation.
        s: Step.
        y: Gradient difference.
        quiet: If True, do not print anything.

    Returns:
        B: Updated Hessian approximation.
    """
    Bs = B @ s
    if jnp.dot(s, y) >= 0.2 * jnp.dot(Bs, s):
        theta = 1.0
    else:
        theta = 0.8 * jnp.dot(Bs, s) / (jnp.dot(Bs, s) - jnp.dot(s, y))
    y = theta * y + (1.0 - theta) * Bs
    den = jnp.dot(s, y)
#    print(f'den = {den}')
    B = B + jnp.outer(y, y) / den - jnp.outer(Bs, Bs) / jnp.dot(s, Bs)
    return B


f = jax.jit(bfgs_damped_update)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 4
    M = rng.normal(size=(n, n))
    B = M @ M.T + n * np.eye(n)
    s = rng.normal(size=n)
    if rng.random() < 0.5:
        y = B @ s + 0.1 * rng.normal(size=n)      # curvature condition holds
    else:
        y = -0.5 * s + 0.1 * rng.normal(size=n)   # s.y < 0.2 s.B.s: damped
    return (B.astype(np.float32), s.astype(np.float32), y.astype(np.float32))


INPUTS = make_inputs


@jax.jit
def reference_fix(B, s, y, quiet=False):
    Bs = B @ s
    sBs = jnp.dot(Bs, s)
    sy = jnp.dot(s, y)
    theta = jnp.where(sy >= 0.2 * sBs, 1.0, 0.8 * sBs / (sBs - sy))
    y = theta * y + (1.0 - theta) * Bs
    den = jnp.dot(s, y)
    return B + jnp.outer(y, y) / den - jnp.outer(Bs, Bs) / jnp.dot(s, Bs)
