"""cpflow's cz_value: `if a < t or |a - 2pi| < t: return 0 elif |a - pi| < t: return 1 else: return 2` under jit.

source: idnm/cpflow cp_utils.py at 313b3d0fa076fd352f5b135f5cf6f529757cee93 (cz_value, before the later revision that jits it with @partial(jit, static_argnums=(1,)) and keeps this body only as a comment above a jnp.piecewise replacement). Same author's report: https://github.com/jax-ml/jax/issues/7969
error: TracerBoolConversionError
category: if-or-elif-return
expect: fix
notes: the body at that commit verbatim, under the decorator the later revision put on it, `@partial(jit, static_argnums=(1,))`; `threshold` stays a static Python float. reference_fix is the author's own jnp.piecewise rewrite. The first test joins two traced comparisons with Python `or`; every branch returns a Python int constant.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial

import jax.numpy as jnp
from jax import jit


@partial(jit, static_argnums=(1,))
def cz_value(a, threshold=1e-2):
    """Returns 0 if CP-angle is near zero, 1 if it is near pi and 2 else."""
    t = threshold
    a = a % (2 * jnp.pi)
    if a < t or jnp.abs(a - 2 * jnp.pi) < t:
        return 0
    elif jnp.abs(a - jnp.pi) < t:
        return 1
    else:
        return 2


f = cz_value
# --- end user code ---

import numpy as np


def make_inputs(rng):
    centre = rng.choice([0.0, np.pi, 2 * np.pi, 4 * np.pi, -np.pi, 1.0, 2.5])
    a = np.float32(centre + rng.uniform(-0.3, 0.3))
    return (a, 0.2)


INPUTS = make_inputs


@partial(jit, static_argnums=(1,))
def reference_fix(a, threshold=1e-2):
    t = threshold
    a = a % (2 * jnp.pi)
    return jnp.piecewise(a, [a < t, jnp.abs(a - 2 * jnp.pi) < t, jnp.abs(a - jnp.pi) < t], [0, 0, 1, 2])
