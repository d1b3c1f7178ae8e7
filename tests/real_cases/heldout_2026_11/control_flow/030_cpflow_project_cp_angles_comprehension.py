"""cpflow's project_cp_angle applied per element in a list comprehension over a traced array (`[project_cp_angle(a, t) for a in cp_angles]`).

source: idnm/cpflow cp_utils.py at 313b3d0fa076fd352f5b135f5cf6f529757cee93 (project_cp_angle, and the comprehension from convert_cp_to_cz)
error: TracerBoolConversionError
category: for-over-array-if-elif-return
expect: fix
notes: project_cp_angle verbatim; f is the comprehension line of convert_cp_to_cz (`jnp.array([project_cp_angle(a, threshold) for a in cp_angles])`) with the threshold at its 0.2 default, jitted (the rest of convert_cp_to_cz builds Python index lists from the result and is left out). Iterating over the traced array's elements is fine under jit (static length); the leaks are the if/elif tests, the second joining two traced comparisons with `or`; the else branch returns the traced angle, the others constants (jnp.pi and 0). Same author and file as case 005, different function.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def project_cp_angle(a, threshold=0.2):
    a = a % (2 * jnp.pi)
    if jnp.abs(a - jnp.pi) < threshold:
        return jnp.pi
    elif jnp.abs(a) < threshold or jnp.abs(a - 2 * jnp.pi) < threshold:
        return 0
    else:
        return a


@jax.jit
def f(cp_angles):
    threshold = 0.2
    projected_cp_angles = jnp.array([project_cp_angle(a, threshold) for a in cp_angles])
    return projected_cp_angles
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 6
    centres = rng.choice([0.0, np.pi, 2 * np.pi, -np.pi, 1.0, 2.2, 4.0], size=n)
    return ((centres + rng.uniform(-0.3, 0.3, size=n)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(cp_angles):
    a = cp_angles % (2 * jnp.pi)
    near_pi = jnp.abs(a - jnp.pi) < 0.2
    near_zero = (jnp.abs(a) < 0.2) | (jnp.abs(a - 2 * jnp.pi) < 0.2)
    return jnp.where(near_pi, jnp.pi, jnp.where(near_zero, 0.0, a))
