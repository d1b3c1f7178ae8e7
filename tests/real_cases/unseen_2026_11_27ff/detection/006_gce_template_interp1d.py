"""Energy-binned template interpolation: int(jnp.floor(...)) of a traced interpolation index.

source: "Rigid templates" module of a Galactic Center Excess template-fitting project (code-index file id 16388010168; imports `utils.create_mask` and `utils.cart.make_wcs`, builds bulge templates from McDermott et al. 2022 / Coleman 2019); functions interp1d and EbinTemplate.__init__/at_bin/at_eng. The index does not name the repository.
error: ConcretizationTypeError
category: int-of-tracer
expect: fix
notes: interp1d and class EbinTemplate verbatim (healpy / astropy / reproject imports and the BulgeTemplates class, which
  are not involved, dropped). The entry point jits the energy interpolation of a template, the way a fit with the energy
  as a sampled parameter calls `at_eng`: `ind` comes from jnp.interp on the traced energy, and `int(jnp.floor(ind))` /
  `int(jnp.ceil(ind))` need its value. Energies below / above the grid (clamped index) are included.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


def interp1d(x, xp, fp):
    """Linear 1D interpolation along the first dimension. See jnp.interp.
    xp must be in increasing order."""
    ind = jnp.interp(x, xp, jnp.arange(len(xp)))
    ind_left = int(jnp.floor(ind))
    ind_right = int(jnp.ceil(ind))
    return fp[ind_left] * (ind_right - ind) + fp[ind_right] * (ind - ind_left)


class EbinTemplate:
    """Templates with energy binning.
    
    Parameters
    ----------
    engs : ndarray, shape-(nebin,)
        Energy abscissa. Required for at_eng.
    data : ndarray, shape=(nebin, ...)
    norm_mask : None or ndarray, shape=(...)
        Mask used to normalize template. Not energy dependent. Not stored.
        1 or True means masking out, 0 or False means to include in fit.
    """
    
    def __init__(self, data, engs=None, norm_mask=None):
        self.data = data
        self.engs = engs
        if norm_mask is not None:
            self.data /= jnp.mean(self.data[:, ~norm_mask], axis=1)[:, None]
                
    def at_bin(self, ie, mask=None):
        """Returns template at ith E bin."""
        return self.data[ie] if mask is None else self.data[ie][~mask]
    
    def at_eng(self, eng, mask=None):
        """Returns interpolated template at energy."""
        interp_temp = interp1d(eng, self.engs, self.data)
        return interp_temp if mask is None else interp_temp[~mask]


@jax.jit
def f(eng, engs, data):
    temp = EbinTemplate(data, engs=engs)
    return temp.at_eng(eng)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    nebin, npix = 8, 12
    engs = np.sort(rng.uniform(0.3, 50.0, size=nebin)).astype(np.float32)
    data = rng.uniform(0.0, 2.0, size=(nebin, npix)).astype(np.float32)
    k = rng.integers(0, 6)
    if k == 0:
        eng = engs[0] - rng.uniform(0.01, 0.2)      # below the grid: index clamps to 0
    elif k == 1:
        eng = engs[-1] + rng.uniform(0.1, 5.0)      # above the grid: index clamps to nebin-1
    else:
        eng = rng.uniform(engs[0], engs[-1])
    return (np.float32(eng), engs, data)


INPUTS = make_inputs


@jax.jit
def reference_fix(eng, engs, data):
    ind = jnp.interp(eng, engs, jnp.arange(len(engs)))
    ind_left = jnp.floor(ind).astype(int)
    ind_right = jnp.ceil(ind).astype(int)
    return data[ind_left] * (ind_right - ind) + data[ind_right] * (ind - ind_left)
