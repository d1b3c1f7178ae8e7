"""lenstronomy transform_e1e2: NumPy functions on traced ellipticities in a helper, then an `if` clamp.

source: lenstronomy/lenstronomy lenstronomy/Util/param_util.py at 00ba0ffcf52d0cc7a87b593f931a92f930d2cb96 (transform_e1e2 and its helper ellipticity2phi_q); jit-safe port in lenstronomy/JAXtronomy jaxtronomy/Util/param_util.py
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: verbatim from the historical lenstronomy module (the version whose ellipticity2phi_q clamps with `if c > 0.9999: c = 0.9999`), with the entry point f = jax.jit(transform_e1e2) added. Under jit np.arctan2 / np.sqrt / np.cos receive tracers (the first leak), and the clamp is a traced `if`. e1, e2 are scalars (the eager `if` needs a scalar); inputs keep |e| away from 0.9999 on both sides so float32 rounding cannot flip the clamp.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np


def transform_e1e2(x, y, e1, e2, center_x, center_y):
    """
    maps the coordinates x, y with eccentricities e1 e2 into a new elliptical coordianate system

    :param x: x-coordinate
    :param y: y-coordinate
    :param e1: eccentricity
    :param e2: eccentricity
    :param center_x: center of distortion
    :param center_y: center of distortion
    :return: distorted coordinates x', y'
    """
    phi_G, q = ellipticity2phi_q(e1, e2)
    x_shift = x - center_x
    y_shift = y - center_y

    cos_phi = np.cos(phi_G)
    sin_phi = np.sin(phi_G)

    xt1 = cos_phi * x_shift + sin_phi * y_shift
    xt2 = -sin_phi * x_shift + cos_phi * y_shift
    return xt1 * np.sqrt(q), xt2 / np.sqrt(q)


def ellipticity2phi_q(e1, e2):
    """
    :param e1:
    :param e2:
    :return:
    """
    phi = np.arctan2(e2, e1)/2
    c = np.sqrt(e1**2+e2**2)
    if c > 0.9999:
        c = 0.9999
    q = (1-c)/(1+c)
    return phi, q


f = jax.jit(transform_e1e2)
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    x = rng.uniform(-3, 3, size=(12,)).astype(np.float32)
    y = rng.uniform(-3, 3, size=(12,)).astype(np.float32)
    # |e| below 0.8 (no clamp) or above 1.05 (clamped to 0.9999)
    c = rng.uniform(0.0, 0.8) if rng.random() < 0.5 else rng.uniform(1.05, 1.3)
    ang = rng.uniform(-np.pi, np.pi)
    e1 = np.float32(c * np.cos(ang))
    e2 = np.float32(c * np.sin(ang))
    center_x = np.float32(rng.normal(scale=0.5))
    center_y = np.float32(rng.normal(scale=0.5))
    return (x, y, e1, e2, center_x, center_y)


INPUTS = make_inputs


@jax.jit
def reference_fix(x, y, e1, e2, center_x, center_y):
    phi_G = jnp.arctan2(e2, e1) / 2
    c = jnp.minimum(jnp.sqrt(e1**2 + e2**2), 0.9999)
    q = (1 - c) / (1 + c)
    x_shift = x - center_x
    y_shift = y - center_y
    cos_phi = jnp.cos(phi_G)
    sin_phi = jnp.sin(phi_G)
    xt1 = cos_phi * x_shift + sin_phi * y_shift
    xt2 = -sin_phi * x_shift + cos_phi * y_shift
    return xt1 * jnp.sqrt(q), xt2 / jnp.sqrt(q)
