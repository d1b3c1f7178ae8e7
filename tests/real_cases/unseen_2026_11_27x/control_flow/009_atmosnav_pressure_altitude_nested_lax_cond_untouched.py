"""Look-alike: atmosnav's pressure/altitude conversions: piecewise standard-atmosphere formulas chosen by `pressure > 22632.1`, `altitude <= 11` and `alt < 0`, already through (nested) lax.cond (correct).

source: sdean-group/atmosnav atmosnav/utils.py at 72b8beb190bd3b02545b0440dc967c78c2a82e74 (code-index file id 39184057590; p2alt, alt2p). The same repository's dynamics (atmosnav/dynamics/altitude_model.py) call these inside jitted balloon simulations.
error: none
category: negative
expect: untouched
notes: p2alt and alt2p are verbatim (with the file's header comment). Added the entry point `convert` (one pressure to altitude, one altitude to pressure) and `f = jax.jit(jax.vmap(convert))`; under vmap the lax.cond calls become selects, which is still correct. Pressures are drawn on both sides of 22632.1 Pa and altitudes (km) from below 0, below 11 and above 11, so every branch is taken.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
# 
# Adapted by students at Cornell based on original code by Windborne Systems. 
# This is research code under active development and is not guaranteed to be stable or correct.
#


import jax
from jax import lax
import jax.numpy as jnp

def p2alt(pressure):
    """ Converts air pressure to altitude."""
    return lax.cond(
        pressure > 22632.1,
        lambda p:44330.7 * (1 - (p / 101325.0) ** 0.190266) / 1000.0,
        lambda p: -6341.73 * jnp.log((0.176481 * p) / 22632.1) / 1000.0,
        operand=pressure
    )

def alt2p(altitude: float) -> float:
    """ Converts altitude to air pressure. """
    return lax.cond(
        altitude <= 11,
        lambda alt: lax.cond(
            alt < 0, 
            lambda _: 0.0, 
            lambda al: 3.83325e-20 * (44330.7 - al * 1000)**5.255799,
            operand=alt),
        lambda alt: 128241. *jnp.exp(-0.000157686 * alt * 1000),
        operand=altitude)


def convert(pressure, altitude):
    return p2alt(pressure), alt2p(altitude)


f = jax.jit(jax.vmap(convert))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n = 6
    pressure = np.concatenate([
        rng.uniform(2000.0, 22000.0, size=n // 2),
        rng.uniform(23000.0, 101325.0, size=n - n // 2),
    ]).astype(np.float32)
    altitude = np.concatenate([
        rng.uniform(-2.0, -0.1, size=2),
        rng.uniform(0.0, 11.0, size=2),
        rng.uniform(11.5, 25.0, size=2),
    ]).astype(np.float32)
    return (pressure, altitude)


INPUTS = make_inputs
