"""Golden-section optimizer with a static bracket and iteration count but `if yc < yd:` on traced objective values.

source: NumEconCopenhagen/ConsumptionSaving consav/golden_section_search.py (optimizer, the args=() version)
error: TracerBoolConversionError
category: for-if-else-static-trip-count
expect: fix
notes: optimizer verbatim without the numba @njit decorator; a and b are Python floats, so `dist`, the `dist <= tol` early return and `n = int(np.ceil(...))` stay static while the objective's parameters in `args` are traced; the caller jits it on a loss with a zero minimum (a flat utility leaves float32 golden-section comparisons at rounding level).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math
import numpy as np

import jax
import jax.numpy as jnp


def optimizer(obj,a,b,args=(),tol=1e-6):
    """ golden section search optimizer """

    inv_phi = (np.sqrt(5) - 1) / 2 # 1/phi
    inv_phi_sq = (3 - np.sqrt(5)) / 2 # 1/phi^2

    # a. distance
    dist = b - a
    if dist <= tol:
        return (a+b)/2

    # b. number of iterations
    n = int(np.ceil(np.log(tol/dist)/np.log(inv_phi)))

    # c. potential new mid-points
    c = a + inv_phi_sq * dist
    d = a + inv_phi * dist
    yc = obj(c,*args)
    yd = obj(d,*args)

    # d. loop
    for _ in range(n-1):
        if yc < yd:
            b = d
            d = c
            yd = yc
            dist = inv_phi*dist
            c = a + inv_phi_sq * dist
            yc = obj(c,*args)
        else:
            a = c
            c = d
            yc = yd
            dist = inv_phi*dist
            d = a + inv_phi * dist
            yd = obj(d,*args)

    # e. return
    if yc < yd:
        return (a+d)/2
    else:
        return (c+b)/2


def loss(c, m, rho):
    return rho * (c - m) ** 2 + jnp.abs(c - m) ** 3


@jax.jit
def f(m, rho):
    return optimizer(loss, 0.01, 4.0, args=(m, rho), tol=1e-5)
# --- end user code ---

from jax import lax


def make_inputs(rng):
    m = np.float32(rng.uniform(-0.5, 4.5))  # sometimes outside [0.01, 4]: converges to an end
    rho = np.float32(rng.uniform(0.5, 4.0))
    return (m, rho)


INPUTS = make_inputs


@jax.jit
def reference_fix(m, rho):
    a, b, tol = 0.01, 4.0, 1e-5
    inv_phi = (np.sqrt(5) - 1) / 2
    inv_phi_sq = (3 - np.sqrt(5)) / 2
    dist = b - a
    n = int(np.ceil(np.log(tol / dist) / np.log(inv_phi)))
    obj = lambda x: loss(x, m, rho)
    a = jnp.asarray(a, jnp.float32)
    b = jnp.asarray(b, jnp.float32)
    c = a + inv_phi_sq * dist
    d = a + inv_phi * dist
    state = (a, b, c, d, obj(c), obj(d))
    for _ in range(n - 1):  # dist is static, so every iteration's step length is known
        a, b, c, d, yc, yd = state
        dist = inv_phi * dist
        left = yc < yd
        nc_left = a + inv_phi_sq * dist       # new c when moving left (a unchanged)
        nd_right = c + inv_phi * dist         # new d when moving right (a <- c)
        state = (
            jnp.where(left, a, c),
            jnp.where(left, d, b),
            jnp.where(left, nc_left, d),
            jnp.where(left, c, nd_right),
            jnp.where(left, obj(nc_left), yd),
            jnp.where(left, yc, obj(nd_right)),
        )
    a, b, c, d, yc, yd = state
    return jnp.where(yc < yd, (a + d) / 2, (c + b) / 2)
