"""SGP4 orbit propagator ported to jax.numpy: traced error-code `if`s and a Kepler-iteration `break` on convergence.

source: JAX port of the dSGP4 propagator in the public code index (code-index file id 43819396434: module with `from .tle import TLE` defining `sgp4(satellite, tsince)`, docstring "This function represents the SGP4 propagator ... (using `dsgp4.sgp4.sgp4init`)", a line-by-line jax.numpy translation of esa/dSGP4's torch `sgp4`); the index does not name the repository or commit
error: TracerBoolConversionError
category: iterative-solver-early-exit
expect: fix
notes: `sgp4` verbatim. Stand-ins: `TLE` is a minimal class whose constructor sets the attributes `sgp4init` would compute, hand-picked for an ISS-like near-circular orbit (i = 0.9 rad, n = 0.0677 rad/min, isimp = 1) with exaggerated drag coefficients (cc1, bstar*cc4) so that the decay (error 6) and eccentricity (error 1) codes are reachable within a few hundred minutes (kept short so float32 eager and jit agree); the jitted entry point `f(tsince)` returns the state and the error code, as a caller checking `satellite._error` would. Under jit `if satellite._error==0.:` and the Kepler loop's `if jnp.all(jnp.abs(tem5) < 1e-12): break` see tracers; the fix is jnp.where on the error code and a lax.while_loop (or a done flag) for the 10-step Kepler iteration. make_inputs draws 4 times per trial from the no-error, decayed and eccentricity-error regimes.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy
import jax
import jax.numpy as jnp


class TLE:
    """Stand-in for dsgp4.tle.TLE after sgp4init (values hand-picked, see notes)."""
    def __init__(self):
        self._radiusearthkm = 6378.135
        self._xke = 0.0743669161
        self._j2 = 0.001082616
        self._no_unkozai = 0.0677
        self._ecco = 0.0005
        self._inclo = 0.9
        self._mo = 1.3
        self._mdot = 0.0677
        self._argpo = 0.7
        self._argpdot = 3.0e-6
        self._nodeo = 2.1
        self._nodedot = -4.0e-6
        self._nodecf = -1.0e-12
        self._cc1 = 2.0e-4
        self._cc4 = 5.0e-2
        self._cc5 = 0.0
        self._bstar = 1.0e-4
        self._t2cof = 3.0e-4
        self._isimp = 1
        self._aycof = 0.0009184781083188089
        self._xlcof = 0.0017297963670592125
        self._con41 = 0.1591968579603691
        self._x1mth2 = 0.6136010473465436
        self._x7thm1 = 1.7047926685741945


#@torch.jit.script
def sgp4(satellite, tsince):
    """
    This function represents the SGP4 propagator. Having created the TLE object, and
    initialized the propagator (using `dsgp4.sgp4.sgp4init`), one can use this method
    to propagate the TLE at future times. The method returns the satellite position and velocity
    in km and km/s, respectively, after `tsince` minutes.

    Parameters:
    ----------------
    satellite (``dsgp4.tle.TLE``): a TLE object.
    tsince (``torch.tensor``): a torch.tensor of times since the TLE epoch in minutes.

    Returns:
    ----------------
    (``torch.tensor``): a tensor of len(tsince)x2x3 representing the satellite position and velocity in km and km/s, respectively.
    """
    #quick check to see if the satellite has been initialized
    if not isinstance(satellite, TLE):
        raise TypeError('The satellite object should be a dsgp4.tle.TLE object.')
    if not hasattr(satellite, '_radiusearthkm'):
        raise AttributeError('It looks like the satellite has not been initialized. Please use the `initialize_tle` method or directly `sgp4init` to initialize the satellite. Otherwise, if you are propagating, another option is to use `dsgp4.propagate` and pass `initialized=True` in the arguments.')
    #in case an int, float or list are passed, convert them to jax array
    if isinstance(tsince, (int, float, list)):
        tsince = jnp.array(tsince)
    mrt = jnp.zeros(tsince.shape)
    temp4 = jnp.ones(tsince.shape)*1.5e-12
    x2o3  = jnp.array(2.0 / 3.0)

    vkmpersec    = jnp.ones(tsince.shape)*(satellite._radiusearthkm * satellite._xke/60.0)

    # sgp4 error flag
    satellite._t    = jnp.array(tsince)
    satellite._error = jnp.array(0)

    #  secular gravity and atmospheric drag
    xmdf    = satellite._mo + satellite._mdot * satellite._t
    argpdf  = satellite._argpo + satellite._argpdot * satellite._t
    nodedf  = satellite._nodeo + satellite._nodedot * satellite._t
    argpm   = argpdf
    mm     = xmdf
    t2     = satellite._t * satellite._t
    nodem   = nodedf + satellite._nodecf * t2
    tempa   = 1.0 - satellite._cc1 * satellite._t
    tempe   = satellite._bstar * satellite._cc4 * satellite._t
    templ   = satellite._t2cof * t2

    if satellite._isimp != 1:
        delomg = satellite._omgcof * satellite._t
        delmtemp =  1.0 + satellite._eta * jnp.cos(xmdf)
        delm   = satellite._xmcof * \
                  (delmtemp * delmtemp * delmtemp -
                  satellite._delmo)
        temp   = delomg + delm
        mm     = xmdf + temp
        argpm  = argpdf - temp
        t3     = t2 * satellite._t
        t4     = t3 * satellite._t
        tempa  = tempa - satellite._d2 * t2 - satellite._d3 * t3 - \
                          satellite._d4 * t4
        tempe  = tempe + satellite._bstar * satellite._cc5 * (jnp.sin(mm) -
                          satellite._sinmao)
        templ  = templ + satellite._t3cof * t3 + t4 * (satellite._t4cof +
                          satellite._t * satellite._t5cof)

    nm    = jnp.array(satellite._no_unkozai)
    em    = jnp.array(satellite._ecco)
    inclm = jnp.array(satellite._inclo)

    satellite._error=jnp.any(nm<=0)*2

    am = jnp.power((satellite._xke / nm),x2o3) * tempa * tempa
    nm = satellite._xke / jnp.power(am, 1.5)
    em = em - tempe

    if satellite._error==0.:
        satellite._error=jnp.any((em>=1.0) | (em<-0.001))*1

    #  sgp4fix fix tolerance to avoid a divide by zero
    em=jnp.where(em<1.0e-6,1.0e-6,em)
    mm     = mm + satellite._no_unkozai * templ
    xlm    = mm + argpm + nodem
    emsq   = em * em
    temp   = 1.0 - emsq

    nodem = jnp.fmod(nodem, jnp.array(2*numpy.pi))

    argpm  = argpm % (2*numpy.pi)
    xlm    = xlm % (2*numpy.pi)
    mm     = (xlm - argpm - nodem) % (2*numpy.pi)

    satellite._am = jnp.array(am)
    satellite._em = jnp.array(em)
    satellite._im = jnp.array(inclm)
    satellite._Om = jnp.array(nodem)
    satellite._om = jnp.array(argpm)
    satellite._mm = jnp.array(mm)
    satellite._nm = jnp.array(nm)

    # compute extra mean quantities
    sinim = jnp.sin(inclm)
    cosim = jnp.cos(inclm)

    # add lunar-solar periodics
    ep     = em
    xincp  = inclm
    argpp  = argpm
    nodep  = nodem
    mp     = mm
    sinip  = sinim
    cosip  = cosim

    axnl = ep * jnp.cos(argpp)
    temp = 1.0 / (am * (1.0 - ep * ep))
    aynl = ep* jnp.sin(argpp) + temp * satellite._aycof
    xl   = mp + argpp + nodep + temp * satellite._xlcof * axnl

    # solve kepler's equation
    u    = (xl - nodep) % (2*numpy.pi)
    eo1  = u
    tem5 = jnp.ones(tsince.shape)
    # kepler iteration
    for _ in range(10):
        coseo1=jnp.cos(eo1)
        sineo1=jnp.sin(eo1)
        tem5   = 1.0 - coseo1 * axnl - sineo1 * aynl
        tem5   = (u - aynl * coseo1 + axnl * sineo1 - eo1) / tem5
        tem5=jnp.where(tem5>=0.95, 0.95, tem5)
        tem5=jnp.where(tem5<=-0.95, -0.95, tem5)
        #we need to break if abs value of tem5 is less than 1e-12:
        eo1    = eo1 + tem5
        if jnp.all(jnp.abs(tem5) < 1e-12):
            break

    #  short period preliminary quantities
    ecose = axnl*coseo1 + aynl*sineo1
    esine = axnl*sineo1 - aynl*coseo1
    el2   = axnl*axnl + aynl*aynl
    pl    = am*(1.0-el2)
    if satellite._error==0.:
        satellite._error=jnp.any(pl<0.)*4

    rl     = am * (1.0 - ecose)
    rdotl  = jnp.sqrt(am) * esine/rl
    rvdotl = jnp.sqrt(pl) / rl
    betal  = jnp.sqrt(1.0 - el2)
    temp   = esine / (1.0 + betal)
    sinu   = am / rl * (sineo1 - aynl - axnl * temp)
    cosu   = am / rl * (coseo1 - axnl + aynl * temp)
    su     = jnp.arctan2(sinu, cosu)
    sin2u  = (cosu + cosu) * sinu
    cos2u  = 1.0 - 2.0 * sinu * sinu
    temp   = 1.0 / pl
    temp1  = 0.5 * satellite._j2 * temp
    temp2  = temp1 * temp

    mrt   = rl * (1.0 - 1.5 * temp2 * betal * satellite._con41) + \
             0.5 * temp1 * satellite._x1mth2 * cos2u
    su    = su - 0.25 * temp2 * satellite._x7thm1 * sin2u
    xnode = nodep + 1.5 * temp2 * cosip * sin2u
    xinc  = xincp + 1.5 * temp2 * cosip * sinip * cos2u
    mvt   = rdotl - nm * temp1 * satellite._x1mth2 * sin2u / satellite._xke
    rvdot = rvdotl + nm * temp1 * (satellite._x1mth2 * cos2u +
             1.5 * satellite._con41) / satellite._xke

    # orientation vectors
    sinsu =  jnp.sin(su)
    cossu =  jnp.cos(su)
    snod  =  jnp.sin(xnode)
    cnod  =  jnp.cos(xnode)
    sini  =  jnp.sin(xinc)
    cosi  =  jnp.cos(xinc)
    xmx   = -snod * cosi
    xmy   =  cnod * cosi
    ux    =  xmx * sinsu + cnod * cossu
    uy    =  xmy * sinsu + snod * cossu
    uz    =  sini * sinsu
    vx    =  xmx * cossu - cnod * sinsu
    vy    =  xmy * cossu - snod * sinsu
    vz    =  sini * cossu

    # position and velocity (in km and km/sec)
    _mr = mrt * satellite._radiusearthkm

    r = jnp.stack((_mr * ux, _mr * uy, _mr * uz))
    v = jnp.stack(((mvt * ux + rvdot * vx) * vkmpersec,
          (mvt * uy + rvdot * vy) * vkmpersec,
          (mvt * uz + rvdot * vz) * vkmpersec))

    # decaying satellites
    if satellite._error==0.:
        satellite._error=jnp.any(mrt<1.0)*6
    return jnp.swapaxes(jnp.stack((r.squeeze(),v.squeeze()),axis=1),0,-1)#jnp.cat((r.swapaxes(0,2),v.swapaxes(0,2)),1)#jnp.stack(list(r)+list(v)).reshape(2,3)


_satellite = TLE()


@jax.jit
def f(tsince):
    state = sgp4(_satellite, tsince)
    return state, _satellite._error
# --- end user code ---

import numpy as np
from jax import lax


def make_inputs(rng):
    t = rng.uniform(0.0, 140.0, size=4)
    regime = rng.integers(0, 3)
    if regime == 1:
        t[rng.integers(0, 4)] = rng.uniform(170.0, 280.0)   # decayed: mrt < 1 -> error 6
    elif regime == 2:
        t[rng.integers(0, 4)] = rng.uniform(320.0, 450.0)   # em < -0.001 -> error 1
    return (t.astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(tsince):
    sat = TLE()
    t = jnp.asarray(tsince)
    x2o3 = jnp.array(2.0 / 3.0)
    vkmpersec = jnp.ones(t.shape) * (sat._radiusearthkm * sat._xke / 60.0)
    xmdf = sat._mo + sat._mdot * t
    argpdf = sat._argpo + sat._argpdot * t
    nodedf = sat._nodeo + sat._nodedot * t
    argpm = argpdf
    mm = xmdf
    t2 = t * t
    nodem = nodedf + sat._nodecf * t2
    tempa = 1.0 - sat._cc1 * t
    tempe = sat._bstar * sat._cc4 * t
    templ = sat._t2cof * t2
    nm = jnp.array(sat._no_unkozai)
    em = jnp.array(sat._ecco)
    inclm = jnp.array(sat._inclo)
    error = jnp.any(nm <= 0) * 2
    am = jnp.power((sat._xke / nm), x2o3) * tempa * tempa
    nm = sat._xke / jnp.power(am, 1.5)
    em = em - tempe
    error = jnp.where(error == 0., jnp.any((em >= 1.0) | (em < -0.001)) * 1, error)
    em = jnp.where(em < 1.0e-6, 1.0e-6, em)
    mm = mm + sat._no_unkozai * templ
    xlm = mm + argpm + nodem
    nodem = jnp.fmod(nodem, jnp.array(2 * numpy.pi))
    argpm = argpm % (2 * numpy.pi)
    xlm = xlm % (2 * numpy.pi)
    mm = (xlm - argpm - nodem) % (2 * numpy.pi)
    sinim = jnp.sin(inclm)
    cosim = jnp.cos(inclm)
    ep, xincp, argpp, nodep, mp, sinip, cosip = em, inclm, argpm, nodem, mm, sinim, cosim
    axnl = ep * jnp.cos(argpp)
    temp = 1.0 / (am * (1.0 - ep * ep))
    aynl = ep * jnp.sin(argpp) + temp * sat._aycof
    xl = mp + argpp + nodep + temp * sat._xlcof * axnl
    u = (xl - nodep) % (2 * numpy.pi)

    def cond(c):
        i, eo1, coseo1, sineo1, done = c
        return (i < 10) & jnp.logical_not(done)

    def body(c):
        i, eo1, _, _, _ = c
        coseo1 = jnp.cos(eo1)
        sineo1 = jnp.sin(eo1)
        tem5 = 1.0 - coseo1 * axnl - sineo1 * aynl
        tem5 = (u - aynl * coseo1 + axnl * sineo1 - eo1) / tem5
        tem5 = jnp.where(tem5 >= 0.95, 0.95, tem5)
        tem5 = jnp.where(tem5 <= -0.95, -0.95, tem5)
        eo1 = eo1 + tem5
        return i + 1, eo1, coseo1, sineo1, jnp.all(jnp.abs(tem5) < 1e-12)

    _, eo1, coseo1, sineo1, _ = lax.while_loop(
        cond, body, (0, u, jnp.zeros_like(u), jnp.zeros_like(u), jnp.array(False)))
    ecose = axnl * coseo1 + aynl * sineo1
    esine = axnl * sineo1 - aynl * coseo1
    el2 = axnl * axnl + aynl * aynl
    pl = am * (1.0 - el2)
    error = jnp.where(error == 0., jnp.any(pl < 0.) * 4, error)
    rl = am * (1.0 - ecose)
    rdotl = jnp.sqrt(am) * esine / rl
    rvdotl = jnp.sqrt(pl) / rl
    betal = jnp.sqrt(1.0 - el2)
    temp = esine / (1.0 + betal)
    sinu = am / rl * (sineo1 - aynl - axnl * temp)
    cosu = am / rl * (coseo1 - axnl + aynl * temp)
    su = jnp.arctan2(sinu, cosu)
    sin2u = (cosu + cosu) * sinu
    cos2u = 1.0 - 2.0 * sinu * sinu
    temp = 1.0 / pl
    temp1 = 0.5 * sat._j2 * temp
    temp2 = temp1 * temp
    mrt = rl * (1.0 - 1.5 * temp2 * betal * sat._con41) + 0.5 * temp1 * sat._x1mth2 * cos2u
    su = su - 0.25 * temp2 * sat._x7thm1 * sin2u
    xnode = nodep + 1.5 * temp2 * cosip * sin2u
    xinc = xincp + 1.5 * temp2 * cosip * sinip * cos2u
    mvt = rdotl - nm * temp1 * sat._x1mth2 * sin2u / sat._xke
    rvdot = rvdotl + nm * temp1 * (sat._x1mth2 * cos2u + 1.5 * sat._con41) / sat._xke
    sinsu, cossu = jnp.sin(su), jnp.cos(su)
    snod, cnod = jnp.sin(xnode), jnp.cos(xnode)
    sini, cosi = jnp.sin(xinc), jnp.cos(xinc)
    xmx = -snod * cosi
    xmy = cnod * cosi
    ux = xmx * sinsu + cnod * cossu
    uy = xmy * sinsu + snod * cossu
    uz = sini * sinsu
    vx = xmx * cossu - cnod * sinsu
    vy = xmy * cossu - snod * sinsu
    vz = sini * cossu
    _mr = mrt * sat._radiusearthkm
    r = jnp.stack((_mr * ux, _mr * uy, _mr * uz))
    v = jnp.stack(((mvt * ux + rvdot * vx) * vkmpersec,
                   (mvt * uy + rvdot * vy) * vkmpersec,
                   (mvt * uz + rvdot * vz) * vkmpersec))
    error = jnp.where(error == 0., jnp.any(mrt < 1.0) * 6, error)
    return jnp.swapaxes(jnp.stack((r.squeeze(), v.squeeze()), axis=1), 0, -1), error
