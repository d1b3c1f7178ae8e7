"""NeSST Bosch-Hale DT/DD reactivities: np.polyval and np.exp on a traced ion temperature.

source: aidancrilly/NeSST src/NeSST/spectral_model.py at 0242175faee1c93ba982210e8e50664ff0697eb1 (reac_DT, reac_DD; code-index file id 29233642537). NeSST is a NumPy code being ported to a JAX backend (issue aidancrilly/NeSST#17).
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: reac_DT and reac_DD verbatim (module imports numpy as np). The module's data-file loading and scipy interpolators are dropped (not used by these two functions). Added the entry point `_yield_ratio` + `f = jax.jit(...)`: a fit of the ion temperature returns both reactivities (in units of 1e-22 m^3/s, so the comparison is not swamped by the absolute tolerance) and their DD/DT ratio, so Ti is traced and np.polyval calls __array__ on it. The jit-safe port uses jnp.polyval / jnp.exp.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import numpy as np


# Bosh Hale DT and DD reactivities
# Taken from Atzeni & Meyer ter Vehn page 19
# Output in m3/s, Ti in eV
def reac_DT(Ti):
    Ti_kev = Ti/1e3
    C1 = 643.41e-22
    xi = 6.6610*Ti_kev**(-0.333333333)
    eta = 1-np.polyval([-0.10675e-3,4.6064e-3,15.136e-3,0.0e0],Ti_kev)/np.polyval([0.01366e-3,13.5e-3,75.189e-3,1.0e0],Ti_kev)
    return C1*eta**(-0.833333333)*xi**2*np.exp(-3*eta**(0.333333333)*xi)

def reac_DD(Ti):
    Ti_kev = Ti/1e3
    C1 = 3.5741e-22
    xi = 6.2696*Ti_kev**(-0.333333333)
    eta = 1-np.polyval([5.8577e-3,0.0e0],Ti_kev)/np.polyval([-0.002964e-3,7.6822e-3,1.0e0],Ti_kev)
    return C1*eta**(-0.833333333)*xi**2*np.exp(-3*eta**(0.333333333)*xi)


def _yield_ratio(Ti):
    sv_DT = reac_DT(Ti)
    sv_DD = reac_DD(Ti)
    # reported in units of 1e-22 m^3/s
    return sv_DT / 1e-22, sv_DD / 1e-22, sv_DD / sv_DT


f = jax.jit(_yield_ratio)
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    # ion temperatures in eV, 1 to 20 keV
    return (rng.uniform(1.0e3, 2.0e4, size=(5,)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(Ti):
    Ti_kev = Ti / 1e3
    xi = 6.6610 * Ti_kev ** (-0.333333333)
    eta = 1 - jnp.polyval(jnp.array([-0.10675e-3, 4.6064e-3, 15.136e-3, 0.0e0]), Ti_kev) / jnp.polyval(
        jnp.array([0.01366e-3, 13.5e-3, 75.189e-3, 1.0e0]), Ti_kev)
    sv_DT = 643.41e-22 * eta ** (-0.833333333) * xi**2 * jnp.exp(-3 * eta ** (0.333333333) * xi)
    xi = 6.2696 * Ti_kev ** (-0.333333333)
    eta = 1 - jnp.polyval(jnp.array([5.8577e-3, 0.0e0]), Ti_kev) / jnp.polyval(
        jnp.array([-0.002964e-3, 7.6822e-3, 1.0e0]), Ti_kev)
    sv_DD = 3.5741e-22 * eta ** (-0.833333333) * xi**2 * jnp.exp(-3 * eta ** (0.333333333) * xi)
    return sv_DT / 1e-22, sv_DD / 1e-22, sv_DD / sv_DT
