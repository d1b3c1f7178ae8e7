"""Manifold-optimisation utils: sinc and its derivatives switch to a Taylor series with `if jnp.abs(x) < eps: return ...`.

source: public JAX manifold-optimisation "various utils for the project" module in the code index (code-index file id 42644421359; functions sinc, sinc1, sinc2, dsinc, dsinc1 next to pos, asym, lyapunov, complement_basis_for_vector, jpolar; the index does not name the repository)
error: TracerBoolConversionError
category: piecewise-multi-return
expect: fix
notes: sinc, sinc1, sinc2, dsinc and dsinc1 are verbatim (sinc keeps its Python-int `return 1`); the other helpers of
  the module are dropped. Entry point added: `f = jax.jit(_sinc_family)`, stacking the five values for one scalar
  (these feed the closed-form exponential maps elsewhere in that project). Each function returns early from an
  `if jnp.abs(x) < ...:` on the traced argument. Inputs are either 0, tiny (|x| < 5e-7, all Taylor branches) or
  1.5 <= |x| <= 3 (all closed forms); the 1e-6..1e-3 band is avoided because the closed forms cancel
  catastrophically there in float32 and eager and jitted values would not be comparable.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def sinc(x):
    """ better sinc than
    """
    if jnp.abs(x) <= 1e-20:
        return 1
    return jnp.sin(x)/x


def sinc1(x):
    """sinc1 is dsinc/x
    """
    if jnp.abs(x) < 1e-6:
        return -1/3 + x*x/2/3/5
    return (x*jnp.cos(x)-jnp.sin(x))/x/x/x


def sinc2(x):
    """ helper  function, derivative of sinc1 = x*sinc2(x)
    """
    if jnp.abs(x) < 1e-3:
        return 1/15 - x*x/210 + x*x*x*x / 7560
    return -((x*x-3)*jnp.sin(x) + 3*x*jnp.cos(x))/x**5


def dsinc(x):
    """Derivative of sinc
    """
    if jnp.abs(x) < 1e-6:
        return -1/3*x + x*x*x/30
    return (x*jnp.cos(x)-jnp.sin(x))/x/x


def dsinc1(x):
    """sinc1 is dsinc/x
    dsinc1 is its derivative
    """
    return x*sinc2(x)


def _sinc_family(x):
    return jnp.stack([sinc(x), sinc1(x), sinc2(x), dsinc(x), dsinc1(x)])


f = jax.jit(_sinc_family)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = rng.integers(0, 3)
    sign = 1.0 if rng.random() < 0.5 else -1.0
    if kind == 0:
        x = 0.0
    elif kind == 1:
        x = sign * rng.uniform(1e-9, 5e-7)
    else:
        x = sign * rng.uniform(1.5, 3.0)
    return (np.float32(x),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    ax = jnp.abs(x)
    safe = jnp.where(ax <= 1e-20, 1.0, x)
    s0 = jnp.where(ax <= 1e-20, 1.0, jnp.sin(safe) / safe)
    safe = jnp.where(ax < 1e-6, 1.0, x)
    s1 = jnp.where(ax < 1e-6, -1/3 + x*x/2/3/5,
                   (safe*jnp.cos(safe)-jnp.sin(safe))/safe/safe/safe)
    ds = jnp.where(ax < 1e-6, -1/3*x + x*x*x/30,
                   (safe*jnp.cos(safe)-jnp.sin(safe))/safe/safe)
    safe2 = jnp.where(ax < 1e-3, 1.0, x)
    s2 = jnp.where(ax < 1e-3, 1/15 - x*x/210 + x*x*x*x / 7560,
                   -((safe2*safe2-3)*jnp.sin(safe2) + 3*safe2*jnp.cos(safe2))/safe2**5)
    return jnp.stack([s0, s1, s2, ds, x * s2])
