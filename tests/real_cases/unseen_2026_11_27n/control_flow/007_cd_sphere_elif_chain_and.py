"""NumPy drag-coefficient curve fit ported to jax.numpy: a 9-way traced if/elif chain with `and`.

source: lrhgit/tkt4140 allfiles/Utviklingsprosjekt/eks1.2/CDsphere.py at 3840c4109e61456a71f3b3a4384769f2df5e472a (cd_sphere and the script's loop `for i in range(0,500-1): CD[i] = cd_sphere(Re[i])`)
error: TracerBoolConversionError
category: if-elif-chain-and
expect: fix
notes: cd_sphere verbatim except its function-local `from numpy import log10, array, polyval` now imports the same names from jax.numpy (the NumPy -> jax.numpy port). The script's plotting loop becomes the jitted `f`: `CD = zeros(500)` / `CD[i] = cd_sphere(Re[i])` turned into jnp.zeros / `.at[i].set`, over the whole input (the script stops at 500-1). Plotting dropped. Each trial has one Reynolds number per branch, including Re <= 0 and Re > 8e6, and sometimes the exact breakpoints.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def cd_sphere(Re):
    "Computes the drag coefficient of a sphere as a function of the Reynolds number Re."
    # Curve fitted after fig . A -56 in Evett & Liu :% " Fluid Mechanics & Hydraulics ",
    # Schaum ' s Solved Problems McGraw - Hill 1989.

    from jax.numpy import log10, array, polyval

    if Re <= 0.0:
        CD = 0.0
    elif Re > 8.0e6:
        CD = 0.2
    elif Re > 0.0 and Re <= 0.5:
        CD = 24.0/Re
    elif Re > 0.5 and Re <= 100.0:
        p = array([4.22, -14.05, 34.87, 0.658])
        CD = polyval(p, 1.0/Re)
    elif Re > 100.0 and Re <= 1.0e4:
        p = array([-30.41, 43.72, -17.08, 2.41])
        CD = polyval(p, 1.0/log10(Re))
    elif Re > 1.0e4 and Re <= 3.35e5:
        p = array([-0.1584, 2.031, -8.472, 11.932])
        CD = polyval(p, log10(Re))
    elif Re > 3.35e5 and Re <= 5.0e5:
        x1 = log10(Re/4.5e5)
        CD = 91.08*x1**4 + 0.0764
    else:
        p = array([-0.06338, 1.1905, -7.332, 14.93])
        CD = polyval(p, log10(Re))
    return CD


@jax.jit
def f(Re):
    CD = jnp.zeros(Re.shape[0])
    for i in range(0, Re.shape[0]):
        CD = CD.at[i].set(cd_sphere(Re[i]))
    return CD
# --- end user code ---

import numpy as np

_EDGES = [(-50.0, 0.0), (1e-3, 0.5), (0.5, 100.0), (100.0, 1e4), (1e4, 3.35e5),
          (3.35e5, 5e5), (5e5, 8e6), (8e6, 5e7)]
_BREAKS = [0.0, 0.5, 100.0, 1e4, 3.35e5, 5e5, 8e6]


def make_inputs(rng):
    vals = []
    for lo, hi in _EDGES:
        if lo <= 0.0:
            vals.append(rng.uniform(lo, hi))
        else:
            vals.append(np.exp(rng.uniform(np.log(lo), np.log(hi))))
    vals = np.array(vals)
    # sometimes hit the breakpoints exactly
    if rng.uniform() < 0.5:
        k = rng.integers(0, len(vals))
        vals[k] = _BREAKS[rng.integers(0, len(_BREAKS))]
    return (vals.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(Re):
    log10, array, polyval = jnp.log10, jnp.array, jnp.polyval
    p1 = array([4.22, -14.05, 34.87, 0.658])
    p2 = array([-30.41, 43.72, -17.08, 2.41])
    p3 = array([-0.1584, 2.031, -8.472, 11.932])
    p4 = array([-0.06338, 1.1905, -7.332, 14.93])
    x1 = log10(Re/4.5e5)
    conds = [
        Re <= 0.0,
        Re > 8.0e6,
        (Re > 0.0) & (Re <= 0.5),
        (Re > 0.5) & (Re <= 100.0),
        (Re > 100.0) & (Re <= 1.0e4),
        (Re > 1.0e4) & (Re <= 3.35e5),
        (Re > 3.35e5) & (Re <= 5.0e5),
    ]
    vals = [
        jnp.zeros_like(Re),
        jnp.full_like(Re, 0.2),
        24.0/Re,
        polyval(p1, 1.0/Re),
        polyval(p2, 1.0/log10(Re)),
        polyval(p3, log10(Re)),
        91.08*x1**4 + 0.0764,
    ]
    return jnp.select(conds, vals, default=polyval(p4, log10(Re)))
