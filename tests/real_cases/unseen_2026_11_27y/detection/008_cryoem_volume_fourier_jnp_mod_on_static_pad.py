"""simplecryoem volume_fourier: jnp.mod / jnp.floor on a static padding size, then `if` and `int()`.

source: bogdantoader/simplecryoem src/utils.py (revision held in the code index as file id 20197281720; function volume_fourier, with its helper create_grid from the same file)
error: TracerBoolConversionError
category: jnp-op-on-static-value-then-bool-and-int
expect: fix
notes: volume_fourier and create_grid are verbatim. The padding size `pad = n * (pfac - 1) / 2` is a
  plain Python number (n is a static shape, pfac a static padding factor), but the author tests its
  parity with `jnp.mod(pad, 2) == 0` and rounds it with `int(jnp.floor(pad))`; under jit these jnp calls
  are staged and return tracers, so the `if` (and the `int()` of the odd branch) needs a concrete value.
  The jit entry point `f = jax.jit(volume_fourier, static_argnums=(1, 2))` is added: pixel_size and
  pfac are static (create_grid's docstring insists the grids must not be tracers). The rest of the
  module (plotting, masks, orientation helpers) is dropped. make_inputs draws n in {4, 5, 6, 8} and
  pfac in {1, 2, 3} so that both the even and the odd padding branch run.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp


def create_grid(nx, px):
    """Create the (one dimensional) Fourier grid used for projections.

    <<<IMPORTANT!!!>>>
    The grids must not be Tracer (aka Jax)  objects."""

    x_freq = np.fft.fftfreq(nx, px)
    x_grid = np.array([x_freq[1], len(x_freq)])

    return x_grid


def volume_fourier(vol, pixel_size, pfac=1):
    """Calculate the FFT of the volume and return the frequency coordinates
    Assume the volume has equal dimensions and is centred.
    If pfac > 1, the input is zero padded before taking the FFT.
    The resulting Fourier volume is in the standard Fourier ordering.

    Parameters
    ----------
    vol : n x n x n array
        Volume in spatial domain.
    pixel_size: double
        Pixel size, in units (e.g. Angst)
    pfac : int
        Padding factor.
    Returns
    -------
    vol_f: n x n x n array
        The FFT of the volume vol.
    grid_vol: [grid_spacing, grid_length]   2 x 1 array
        Fourier grid that vol_f is defined on.
    grid_vol_nopad: [grid_spacing, grid_length]   2 x 1 array
        Fourier grid vol_f was defined on if pfac = 1.
    """

    n = vol.shape[0]

    # We do the padding explicitly as opposed to calling fft with larger size
    # because funky things happen when padding a non-centred image.
    pad = n * (pfac - 1) / 2
    if jnp.mod(pad, 2) == 0:
        # In this case, add the same number of zeros to each side.
        vol = jnp.pad(vol, int(pad))
    else:
        # If the number of total zeros to add in each dimension is odd,
        # add the zeros so that when ifftshifted, the center of the image
        # is at the zero index.
        pad = int(jnp.floor(pad))
        vol = jnp.pad(vol, (pad + 1, pad))

    vol_f = jnp.fft.fftn(jnp.fft.ifftshift(vol))
    grid_vol = create_grid(vol_f.shape[0], pixel_size)
    grid_vol_nopad = create_grid(n, pixel_size)

    return vol_f, grid_vol, grid_vol_nopad


f = jax.jit(volume_fourier, static_argnums=(1, 2))
# --- end user code ---

import math
from functools import partial


def make_inputs(rng):
    n = int(rng.choice([4, 5, 6, 8]))
    pfac = int(rng.choice([1, 2, 3]))
    pixel_size = float(rng.choice([0.5, 1.0, 1.5]))
    vol = rng.normal(size=(n, n, n)).astype(np.float32)
    return (vol, pixel_size, pfac)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(1, 2))
def reference_fix(vol, pixel_size, pfac=1):
    n = vol.shape[0]
    pad = n * (pfac - 1) / 2
    if pad % 2 == 0:
        vol = jnp.pad(vol, int(pad))
    else:
        pad = int(math.floor(pad))
        vol = jnp.pad(vol, (pad + 1, pad))
    vol_f = jnp.fft.fftn(jnp.fft.ifftshift(vol))
    grid_vol = create_grid(vol_f.shape[0], pixel_size)
    grid_vol_nopad = create_grid(n, pixel_size)
    return vol_f, grid_vol, grid_vol_nopad
