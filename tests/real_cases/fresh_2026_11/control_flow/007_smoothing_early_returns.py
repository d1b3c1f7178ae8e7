"""Smoothing switch with two early `return`s inside traced `if`s, used by a Morse pair potential.

source: rkruegs123/self-assembly-toolkit dimers_refactor/potentials.py at 2d76bcf5f0ea966b1a77981ea3122866e605fd64 (smoothing, morse, morse_x_repulsive; the file keeps the jnp.where rewrite commented out under the Python-if version)
error: TracerBoolConversionError
category: if-early-return
expect: fix
notes: smoothing, morse and morse_x_repulsive verbatim; the module's `from jax.config import config; config.update("jax_enable_x64", True)` lines are dropped (jax.config module no longer importable; float32 used). `f = jax.jit(morse_x_repulsive)` added. r covers r < ron, ron <= r <= rcut and r > rcut.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def smoothing(r, ron, rcut):
    if r < ron:
        return 1
    if r > rcut:
        return 0
    return ((rcut**2-r**2)**2 * (rcut**2+2*r**2-3*ron**2) ) / ( (rcut**2 - ron**2)**3)


def morse(r, rmin, rmax, D0, alpha, r0):
    return jnp.where(r >= rmax, 0.0, D0*(jnp.exp(-2*alpha*(r-r0)) - 2*jnp.exp(-alpha*(r-r0))))


def morse_x_repulsive(r, rmin, rmax, D0, alpha, r0, ron):
    # FIXME: isn't this just -morse_x(r, rmin, rmax, D0, alpha, r0, ron)
    return -morse(r, rmin, rmax, D0, alpha, r0)*smoothing(r, ron, rmax)


f = jax.jit(morse_x_repulsive)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    kind = rng.integers(0, 3)
    if kind == 0:
        r = rng.uniform(0.8, 1.95)     # r < ron
    elif kind == 1:
        r = rng.uniform(2.0, 2.5)      # smoothing region
    else:
        r = rng.uniform(2.55, 3.5)     # beyond the cutoff
    return (np.asarray(r, dtype=np.float32), 0.0, 2.5, 5.0, 4.0, 1.0, 2.0)


INPUTS = make_inputs


@jax.jit
def reference_fix(r, rmin, rmax, D0, alpha, r0, ron):
    rcut = rmax
    s = jnp.where(r < ron, 1.0,
                  jnp.where(r > rcut, 0.0,
                            ((rcut**2 - r**2)**2 * (rcut**2 + 2*r**2 - 3*ron**2)) / ((rcut**2 - ron**2)**3)))
    return -morse(r, rmin, rmax, D0, alpha, r0) * s
