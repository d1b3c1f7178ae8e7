"""viperleed-jax Pendry R-factor with a traced integer V0r shift: jnp.roll + jnp.where masks, already jit-safe.

source: viperleed/viperleed-jax src/rfactor.py at 1018df82b08779bf13c4bd817138909951702c79 (code-index file id 853693; pendry_R_from_intensity_and_derivative, pendry_R_from_y, pendry_y, nansum_trapezoid, integer_shift_v0r)
error: none
category: lookalike-traced-shift-static-shapes
expect: untouched
notes: the five functions are verbatim. It looks leaky: an integer number of steps `n_steps` that comes
  in traced is used to shift an array and to build the padding mask (`row_ids_tiled < n_steps`,
  `row_ids >= n_energies + n_steps`), NaNs are masked out, and `array.shape[0]`, `array.shape[1]`
  feed jnp.arange / jnp.tile. But jnp.roll accepts a traced shift, the masks go through jnp.logical_or /
  jnp.where (no boolean indexing), and every shape comes from static `.shape`, so it runs under jit as is.
  Adaptations: the unused `from src import interpolation` import and the spline-based R-factor variants
  (pendry_R, R_2, R_1, R_ms, R_zj) are dropped; `f = jax.jit(pendry_R_from_intensity_and_derivative)` is
  added. make_inputs draws shifts of both signs (and zero).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial

import jax
from jax import numpy as jnp


def pendry_R_from_intensity_and_derivative(intens_deriv_1, intens_deriv_2,
                                      v0_real_steps, v0_imag, energy_step):
    intens_1, deriv_1 = intens_deriv_1
    intens_2, deriv_2 = intens_deriv_2

    y_1 = pendry_y(intens_1, deriv_1, v0_imag)
    y_2 = pendry_y(intens_2, deriv_2, v0_imag)

    # shift y_1 by v0_real_steps
    y_1 = integer_shift_v0r(y_1, v0_real_steps)

    return pendry_R_from_y(y_1, y_2, energy_step)


def pendry_R_from_y(y_1, y_2, energy_step):

    # mask out NaNs for this calculation
    y_1_mask = jnp.isnan(y_1)
    y_2_mask = jnp.isnan(y_2)
    mask = jnp.logical_or(y_1_mask, y_2_mask)

    y_1 = jnp.where(mask, 0, y_1)
    y_2 = jnp.where(mask, 0, y_2)

    # TODO?: potentially, one could do these integrals analytically based on the spline coefficients
    numerators = nansum_trapezoid((y_1 - y_2)**2, dx=energy_step, axis=0)
    denominators = nansum_trapezoid((y_1**2 + y_2**2), dx=energy_step, axis=0)
    # R factor for all beams
    return jnp.sum(numerators) / jnp.sum(denominators)


def pendry_y(intensity, intensity_derivative, v0_imag):
    intens_deriv_ratio = intensity / intensity_derivative
    return intens_deriv_ratio / (intens_deriv_ratio**2 + v0_imag**2)


def nansum_trapezoid(y, dx, axis=-1):
    y_arr = jnp.moveaxis(y, axis, -1)
    # select the axis to integrate over
    return jnp.nansum(y_arr[..., 1:] + y_arr[..., :-1], axis=-1) * dx * 0.5


def integer_shift_v0r(array, n_steps):
    """Applies a v0r shift to the array by shifting the values n_steps up or
    down the first axis (energy) and padding with NaNs."""
    # NB, TODO: This only allows for integer shifts (multiples of the set
    # energy step). This is a limitation of the current implementation.
    # In principle, we could implement a more general shift and allow real
    # numbers by doing this earlier and changing the knot values in the
    # interpolator.
    n_energies, n_beams = array.shape[0], array.shape[1]
    
    rolled_array = jnp.roll(array, n_steps, axis=0)
    row_ids = jnp.arange(n_energies).reshape(-1, 1)
    row_ids_tiled = jnp.tile(row_ids, (1, n_beams))
    mask = jnp.logical_or(row_ids_tiled < n_steps,
                          row_ids >= n_energies+n_steps)
    return jnp.where(mask, jnp.nan, rolled_array)


f = jax.jit(pendry_R_from_intensity_and_derivative)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    n_e, n_b = 40, 3
    e = np.linspace(0.0, 6.0, n_e)[:, None]
    phase = rng.uniform(0, 2 * np.pi, size=(1, n_b))
    i1 = (2.0 + np.sin(e + phase)).astype(np.float32)
    d1 = np.cos(e + phase).astype(np.float32) + np.float32(0.05)
    i2 = (i1 + 0.1 * rng.normal(size=i1.shape)).astype(np.float32)
    d2 = (d1 + 0.1 * rng.normal(size=d1.shape)).astype(np.float32)
    steps = np.int32(rng.integers(-4, 5))
    v0_imag = np.float32(rng.uniform(3.0, 5.0))
    energy_step = np.float32(0.5)
    return ((i1, d1), (i2, d2), steps, v0_imag, energy_step)


INPUTS = make_inputs
