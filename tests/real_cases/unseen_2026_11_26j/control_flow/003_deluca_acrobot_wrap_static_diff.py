"""deluca's jit-safe Acrobot `wrap`/`bound`: `if diff == 0` and `if M is None` only test static Python values.

source: google/deluca deluca/envs/classic/_acrobot.py at 157df1325190972edad4e865dfec769bfc81b242 (`wrap`, `bound`, and the tail of Acrobot `_dynamics`)
error: none
category: negative-static-python-scalars
expect: untouched
notes: `wrap` and `bound` are verbatim (docstrings kept). `f` is the state post-processing tail of
  `_dynamics` (MAX_VEL_1/MAX_VEL_2 class constants made module constants) with the removed
  `jax.ops.index_update(x, i, v)` written as `x.at[i].set(v)`. The bounds m, M are Python floats, so
  `diff == 0` and `M is None` are decided at trace time; the data path uses jnp.ceil/jnp.maximum.
  This is the jit-safe rewrite of the while-loop `wrap` and min/max `bound` that deluca took from gym.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
from jax.numpy import pi

MAX_VEL_1 = 4 * pi
MAX_VEL_2 = 9 * pi


def wrap(x, m, M):
    """Wraps ``x`` so m <= x <= M; but unlike ``bound()`` which
    truncates, ``wrap()`` wraps x around the coordinate system defined by m,M.\n
    For example, m = -180, M = 180 (degrees), x = 360 --> returns 0.
    Args:
        x: a scalar
        m: minimum possible value in range
        M: maximum possible value in range
    Returns:
        x: a scalar, wrapped
    """
    diff = M - m

    if diff == 0:
        return x

    to_subtract = jnp.ceil(jnp.maximum(0, x - M) / diff)
    x -= to_subtract * diff

    to_add = jnp.ceil(jnp.maximum(0, m - x) / diff)
    x += to_add * diff

    return x


def bound(x, m, M=None):
    """Either have m as scalar, so bound(x,m,M) which returns m <= x <= M *OR*
    have m as length 2 vector, bound(x,m, <IGNORED>) returns m[0] <= x <= m[1].
    Args:
        x: scalar
    Returns:
        x: scalar, bound between min (m) and Max (M)
    """
    if M is None:
        M = m[1]
        m = m[0]
    # bound x between min (m) and Max (M)
    return jnp.minimum(jnp.maximum(x, m), M)


@jax.jit
def f(new_state):
    new_state = new_state.at[0].set(wrap(new_state[0], -pi, pi))
    new_state = new_state.at[1].set(wrap(new_state[1], -pi, pi))
    new_state = new_state.at[2].set(bound(new_state[2], -MAX_VEL_1, MAX_VEL_1))
    new_state = new_state.at[3].set(bound(new_state[3], -MAX_VEL_2, MAX_VEL_2))
    return new_state
# --- end user code ---

import numpy as np


def make_inputs(rng):
    angles = rng.uniform(-12.0, 12.0, size=2)
    vels = rng.uniform(-40.0, 40.0, size=2)
    return (np.concatenate([angles, vels]).astype(np.float32),)


INPUTS = make_inputs
