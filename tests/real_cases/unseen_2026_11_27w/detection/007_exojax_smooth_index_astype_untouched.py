"""exojax smooth-index helpers: `len(xp)`, `.astype(int)` and indexing by a traced index (correct under jit).

source: HajimeKawahara/exojax src/exojax/utils/indexing.py at 0cd9475f4d0dbbed0058a858803e01f6077b044e (get_smooth_index, get_value_at_smooth_index; code-index file id 17619981256). The same module also keeps the NumPy twin `npgetix` of `getix`; only the jnp helpers are used here.
error: none
category: negative
expect: untouched
notes: both helpers verbatim (including the commented-out clip). Added the entry point `_value_at_cloud_base` + `f = jax.jit(...)`: the cloud-base temperature at a traced log pressure, as exojax's cloud models use these helpers. `len(xp)` is a static length, `smooth_index.astype(int)` is a traced integer array (not Python int()), and `array[ind]` / `array[ind + 1]` are traced gathers, so nothing needs a concrete value. Inputs put the base inside the grid and at its two ends.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def get_smooth_index(xp, x):
    """get smooth index

    Args:
        xp: x grid
        x: x array
    Returns:
        float: smooth index
    """
    findex = jnp.arange(len(xp), dtype=float)
    smooth_index = jnp.interp(x, xp, findex)
    return smooth_index

def get_value_at_smooth_index(array, smooth_index):
    """get value at smooth index position (e.g. cloud base) from an array

    Args:
        array (float): array, such as log pressures or temperatures
        smooth_index (float): smooth index

    Returns:
        float: value at cloud base
    """

    ind = smooth_index.astype(int)
    # ind = jnp.clip(ind, 0, len(array) - 2)
    res = smooth_index - jnp.floor(smooth_index)
    return (1.0 - res) * array[ind] + res * array[ind + 1]


def _value_at_cloud_base(log_pressures, temperatures, log_p_base):
    smooth_index = get_smooth_index(log_pressures, log_p_base)
    return get_value_at_smooth_index(temperatures, smooth_index)


f = jax.jit(_value_at_cloud_base)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    log_pressures = np.linspace(-4.0, 2.0, 40).astype(np.float32)
    temperatures = (800.0 + 1200.0 / (1.0 + np.exp(-log_pressures))
                    + rng.normal(scale=20.0, size=40)).astype(np.float32)
    base = rng.uniform(-4.5, 2.5, size=(6,))
    base[0], base[1] = -4.0, 2.0
    return (log_pressures, temperatures, base.astype(np.float32))


INPUTS = make_inputs
