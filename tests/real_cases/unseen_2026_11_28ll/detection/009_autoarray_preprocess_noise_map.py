"""PyAutoArray preprocess: noise-map helpers that call `np.abs` / `np.max` on the (traced) data.

source: PyAutoLabs/PyAutoArray autoarray/dataset/preprocess.py at 3ec01f0029a401b25a0a948814022b340c649c90
    (code-index file id 52992821620): noise_map_via_data_eps_and_exposure_time_map_from,
    noise_map_via_data_eps_exposure_time_map_and_background_noise_map_from,
    exposure_time_map_via_exposure_time_and_background_noise_map_from. The `np.abs` site is the one named in
    https://github.com/PyAutoLabs/PyAutoArray/issues/420 / pull/421 ("took no `xp` parameter at all and hardcoded
    `np.abs`") that broke the documented `@jax.jit` simulator recipe.
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: the three functions are verbatim (docstrings shortened). `_Array` is a stand-in for autoarray's Array2D
    (only `.array` and `with_new_array`). The entry point `f` chains the helpers the way a jitted simulator /
    preprocessing step would, with the data, exposure time and background noise map all traced.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np

import jax
import jax.numpy as jnp


class _Array:
    """Stand-in for autoarray's Array2D: wraps a raw array."""

    def __init__(self, array):
        self.array = array

    def with_new_array(self, array):
        return _Array(array)


def noise_map_via_data_eps_and_exposure_time_map_from(data_eps, exposure_time_map):
    """
    Estimate the noise-map value in every data-point, by converting the data to units of counts and taking the
    square root of these values.
    """
    return data_eps.with_new_array(
        np.abs(data_eps.array * exposure_time_map.array) ** 0.5
        / exposure_time_map.array
    )


def noise_map_via_data_eps_exposure_time_map_and_background_noise_map_from(
    data_eps, exposure_time_map, background_noise_map
):
    """
    Estimate the noise-map values in every data-point, by converting the data to units of counts, adding the
    background noise-map and taking the square root of these values.
    """
    return (
        (
            abs(data_eps * exposure_time_map)
            + (background_noise_map * exposure_time_map) ** 2
        )
        ** 0.5
    ) / exposure_time_map


def exposure_time_map_via_exposure_time_and_background_noise_map_from(
    exposure_time, background_noise_map
):
    """
    Compute the exposure time map from the exposure time of the observation and the background noise-map.
    """
    inverse_background_noise_map = 1.0 / background_noise_map
    relative_background_noise_map = inverse_background_noise_map / np.max(
        inverse_background_noise_map
    )
    return abs(exposure_time * relative_background_noise_map)


@jax.jit
def f(data_eps, exposure_time, background_noise_map):
    exposure_time_map = exposure_time_map_via_exposure_time_and_background_noise_map_from(
        exposure_time, background_noise_map
    )
    poisson_noise_map = noise_map_via_data_eps_and_exposure_time_map_from(
        _Array(data_eps), _Array(exposure_time_map)
    )
    noise_map = noise_map_via_data_eps_exposure_time_map_and_background_noise_map_from(
        data_eps, exposure_time_map, background_noise_map
    )
    return poisson_noise_map.array, noise_map
# --- end user code ---


def make_inputs(rng):
    data_eps = rng.normal(0.5, 1.0, size=(8, 8)).astype(np.float32)  # includes negative (background-subtracted) pixels
    exposure_time = np.float32(rng.uniform(100.0, 1000.0))
    background_noise_map = rng.uniform(0.05, 0.5, size=(8, 8)).astype(np.float32)
    return (data_eps, exposure_time, background_noise_map)


INPUTS = make_inputs


@jax.jit
def reference_fix(data_eps, exposure_time, background_noise_map):
    inverse_background_noise_map = 1.0 / background_noise_map
    relative = inverse_background_noise_map / jnp.max(inverse_background_noise_map)
    exposure_time_map = jnp.abs(exposure_time * relative)
    poisson = jnp.abs(data_eps * exposure_time_map) ** 0.5 / exposure_time_map
    noise_map = (
        (jnp.abs(data_eps * exposure_time_map) + (background_noise_map * exposure_time_map) ** 2) ** 0.5
    ) / exposure_time_map
    return poisson, noise_map
