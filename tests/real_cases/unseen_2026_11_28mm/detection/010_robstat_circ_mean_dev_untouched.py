"""robstat circular mean deviation: np.isnan(...).any() and boolean-mask indexing on closed-over data (fine).

source: matyasmolnar/robstat robstat/robstat.py at 13680747f31d1c11b4f18c5f9021cc2268d94724 (code-index file id
  42126873709): omit_nans, circ_mean_dev, and the objective that mardia_median builds,
  `_cmd = lambda a, w, i: circ_mean_dev(a, i, weights=w)` / `ff = JJ(functools.partial(_cmd, angles, weights))`,
  which it hands to jax.scipy.optimize.minimize.
error: none
category: untouched-lookalike (NumPy calls and boolean masks on concrete closed-over data inside jit)
expect: untouched
notes: omit_nans and circ_mean_dev are verbatim, as is the try/except "one-line switch to JAX" import block
  except that `from jax.config import config; config.update('jax_enable_x64', True)` is dropped (that import no
  longer exists in current JAX, which would silently take the NumPy fallback, and x64 is a process-wide
  switch). The angles that mardia_median binds with functools.partial are a module constant here
  (visibility phases in radians, with NaN flags as in the HERA data the package targets), and
  `f = JJ(functools.partial(_cmd, ANGLES, None))` is the mardia_median objective; only the angle estimate is
  traced. `np.isnan(angles).any()`, `~np.isnan(data)` and `data[nan_idx]` therefore act on a concrete NumPy
  array at trace time and nothing leaks.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools

import numpy as np

# attempt to import the JAX library for acceleration
# below allows a one-line switch to JAX
try:
    pJAX = True
    import jax
    from jax import numpy as jnp
    from jax import jit as JJ
    from jax.scipy.optimize import minimize as jminimize
except ImportError:
    pJAX = False
    jnp = np
    JJ = lambda x: x


def omit_nans(data, weights):
    """
    Remove nans from array

    Args:
        data (ndarray): input data.
        weights (ndarray): array of weights associated with the values in data.

    Returns:
        Filtered data and weights arrays (ndarray)
    """
    if data.ndim <= 2:
        if data.ndim == 1:
            nan_idx = ~np.isnan(data)
            data = data[nan_idx]
        if data.ndim == 2:
            nan_idx = ~np.isnan(data).any(axis=1)
            data = data[nan_idx, :]
        if weights is not None:
            weights = weights[nan_idx]
    else:
        raise ValueError('data must be either a 1D or 2D ndarray.')
    return data, weights


def circ_mean_dev(angles, angle_est, weights=None):
    """
    Circular mean deviation (Fisher, 1993, p. 35-36)

    Args:
        angles (ndarray): angles in radians.
        angle_est (float, int): angle estimate.

    Returns:
        Circular mean deviation (float)
    """
    if np.isnan(angles).any():
        angles, weights = omit_nans(angles, weights)

    if weights is None:
        return jnp.pi - 1 / angles.size * jnp.abs(jnp.pi - jnp.abs(angles - \
            angle_est)).sum()
    else:
        return jnp.pi - 1 / weights.sum() * (weights * jnp.abs(jnp.pi - \
            jnp.abs(angles - angle_est))).sum()


# visibility phases (radians) of one baseline across nights; NaN = flagged
ANGLES = np.array([0.31, 0.42, np.nan, 0.18, 0.55, 0.27, np.nan, 0.39, 0.61, 0.12, 0.47, 0.33])

# reorder arguments for partial fill (as in mardia_median)
_cmd = lambda a, w, i: circ_mean_dev(a, i, weights=w)
f = JJ(functools.partial(_cmd, ANGLES, None))
# --- end user code ---


def make_inputs(rng):
    # the minimizer's trial point: a single-element array, as mardia_median's init_guess
    return (rng.uniform(-np.pi, np.pi, size=(1,)),)


INPUTS = make_inputs
