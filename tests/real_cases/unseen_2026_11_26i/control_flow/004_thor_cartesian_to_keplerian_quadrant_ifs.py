"""THOR's Cartesian-to-Keplerian conversion: quadrant fix-ups `if n[1] < 0: ascNode = 360 - ascNode` and an else-less `if e_mag < 1.0` on traced orbit vectors.

source: moeyensj/thor thor/orbits/kepler.py at 1f861bb751d02acbca3124f74c6fa3391e84503f (`convertCartesianToKeplerian`, NumPy code); the project later ported its orbit dynamics to jax.numpy with lax.cond (thor/dynamics/kepler.py at 7482938b5291410b1c36a20e6cacb6265c7040ab)
error: TracerBoolConversionError
category: if-no-else-traced-quadrant
expect: fix
notes: function body verbatim with `import numpy as np` changed to `import jax.numpy as np` and `@jax.jit` added; `MU` (astropy G*M_sun in au**3/day**2) inlined as a float. `if e_mag < 1.0:` has no else, so the original only works for bound orbits (eagerly a hyperbolic state raises UnboundLocalError); trials are bound orbits only, and `e_mag != 0.0` is always true for random states (the circular-orbit branch never runs).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as np

__all__ = ["convertCartesianToKeplerian"]

MU = 2.9591220828559093e-04


@jax.jit
def convertCartesianToKeplerian(elements_cart):
    """
    Convert cartesian orbital elements to Keplerian orbital elements.
    
    Parameters
    ----------
    elements_cart : `~numpy.ndarray` (6)
        Cartesian elements in units of AU and AU per day. 
    
    Returns
    -------
    elements_kepler : `~numpy.ndarray (6)
        Keplerian elements with angles in degrees and semi-major
        axis in AU. 
    """
    r = elements_cart[:3]
    v = elements_cart[3:]
    v_mag = np.linalg.norm(v)
    r_mag = np.linalg.norm(r)
    
    # Calculate specific mechanical energy
    sme = v_mag**2 / 2 - MU / r_mag

    # Calculate angular momentum
    h = np.cross(r, v)
    h_mag = np.linalg.norm(h)

    n = np.cross(np.array([0, 0, 1]), h)
    n_mag = np.linalg.norm(n)

    e = ((v_mag**2 - MU / r_mag) * r - (np.dot(r, v)) * v) / MU
    e_mag = np.linalg.norm(e)

    if e_mag != 0.0:
        a = MU / (-2 * sme)
        p = a * (1 - e_mag**2)
    else:
        a = np.inf
        p = h_mag**2 / MU

    i = np.degrees(np.arccos(h[2] / h_mag))

    ascNode = np.degrees(np.arccos(n[0] / n_mag))
    if n[1] < 0:
        ascNode = 360.0 - ascNode

    argPeri = np.degrees(np.arccos(np.dot(n, e) / (n_mag * e_mag)))
    if e[2] < 0:
        argPeri = 360.0 - argPeri

    trueAnom = np.degrees(np.arccos(np.dot(e, r) / (e_mag * r_mag)))
    if np.dot(r, v) < 0:
        trueAnom = 360.0 - trueAnom
    
    if e_mag < 1.0:
        eccentricAnom = np.arccos((e_mag + np.cos(np.radians(trueAnom))) / (1 + e_mag * np.cos(np.radians(trueAnom))))
        
    meanAnom = np.degrees(eccentricAnom - e_mag * np.sin(eccentricAnom))
        
    return np.array([a, e_mag, i, ascNode, argPeri, meanAnom])


f = convertCartesianToKeplerian
# --- end user code ---

import numpy as onp
import jax.numpy as jnp


def make_inputs(rng):
    direction = rng.normal(size=3)
    r = rng.uniform(0.8, 3.0) * direction / onp.linalg.norm(direction)
    r_mag = onp.linalg.norm(r)
    v_circ = onp.sqrt(MU / r_mag)
    tangent = onp.cross(r, rng.normal(size=3))
    tangent /= onp.linalg.norm(tangent)
    radial = r / r_mag
    # bound orbit: speed well below escape speed, with a random radial component
    v = v_circ * rng.uniform(0.6, 1.15) * (tangent + rng.uniform(-0.4, 0.4) * radial) / onp.sqrt(1.08)
    return (onp.concatenate([r, v]).astype(onp.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(elements_cart):
    r = elements_cart[:3]
    v = elements_cart[3:]
    v_mag = jnp.linalg.norm(v)
    r_mag = jnp.linalg.norm(r)
    sme = v_mag**2 / 2 - MU / r_mag
    h = jnp.cross(r, v)
    h_mag = jnp.linalg.norm(h)
    n = jnp.cross(jnp.array([0, 0, 1]), h)
    n_mag = jnp.linalg.norm(n)
    e = ((v_mag**2 - MU / r_mag) * r - (jnp.dot(r, v)) * v) / MU
    e_mag = jnp.linalg.norm(e)
    a = jnp.where(e_mag != 0.0, MU / (-2 * sme), jnp.inf)
    i = jnp.degrees(jnp.arccos(h[2] / h_mag))
    ascNode = jnp.degrees(jnp.arccos(n[0] / n_mag))
    ascNode = jnp.where(n[1] < 0, 360.0 - ascNode, ascNode)
    argPeri = jnp.degrees(jnp.arccos(jnp.dot(n, e) / (n_mag * e_mag)))
    argPeri = jnp.where(e[2] < 0, 360.0 - argPeri, argPeri)
    trueAnom = jnp.degrees(jnp.arccos(jnp.dot(e, r) / (e_mag * r_mag)))
    trueAnom = jnp.where(jnp.dot(r, v) < 0, 360.0 - trueAnom, trueAnom)
    eccentricAnom = jnp.where(
        e_mag < 1.0,
        jnp.arccos((e_mag + jnp.cos(jnp.radians(trueAnom))) / (1 + e_mag * jnp.cos(jnp.radians(trueAnom)))),
        jnp.nan)
    meanAnom = jnp.degrees(eccentricAnom - e_mag * jnp.sin(eccentricAnom))
    return jnp.array([a, e_mag, i, ascNode, argPeri, meanAnom])
