"""LSSTDESC Coord CelestialCoord: `dec/degrees > 90. or dec/degrees < -90.` in __init__, then `math.asin`/`math.atan2` of traced unit-sphere products.

source: LSSTDESC/Coord coord/celestial.py, early revision with the inline `dsq` in distanceTo (code-index file id 5679995698; CelestialCoord.__init__, ra, dec, _set_aux, distanceTo, angleBetween). GalSim uses this class; GalSim-developers/JAX-GalSim jax_galsim/celestial.py re-implements distanceTo with jnp.where(dsq < 3.99, 2*jnp.arcsin(...), ...).
error: TracerBoolConversionError
category: truth-test-or
expect: fix
notes: the listed CelestialCoord methods verbatim in their code (class and angleBetween docstrings shortened); other methods (from_xyz, project, galactic/ecliptic conversions, ...) dropped. `from .angle import Angle, _Angle` / `from .angleunit import radians, degrees` are replaced by minimal stand-ins: an Angle holding `_rad`, dividing by an AngleUnit as coord.Angle does, and a `sincos` computed with jnp (the original calls the compiled coord._lib through cffi). Added the entry point `_triangle` + `f = jax.jit(...)` on traced RA/Dec arrays (radians). The dec range check uses Python `or` on traced comparisons and raises; distanceTo branches on `dsq < 3.99` and calls math.sqrt/math.asin; angleBetween calls math.atan2. The jit-safe port drops the traced range check (inputs are valid), uses jnp.where for the two distance formulas and jnp.arctan2. Inputs include a near-antipodal pair so the `else` branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math

import jax
import jax.numpy as jnp
import numpy as np


class AngleUnit(object):
    """Stand-in for coord.angleunit.AngleUnit."""

    def __init__(self, value):
        self.value = float(value)


radians = AngleUnit(1.)
degrees = AngleUnit(math.pi / 180.)


class Angle(object):
    """Stand-in for coord.angle.Angle (only what CelestialCoord uses here)."""

    def __truediv__(self, other):
        if isinstance(other, AngleUnit):
            return self._rad / other.value
        return _Angle(self._rad / other)

    def rad(self):
        return self._rad

    def sincos(self):
        return jnp.sin(self._rad), jnp.cos(self._rad)


def _Angle(theta):
    ret = Angle.__new__(Angle)
    ret._rad = theta
    return ret


class CelestialCoord(object):
    """This class defines a position on the celestial sphere, normally given by two angles,
    `ra` and `dec`.
    """
    def __init__(self, ra, dec):
        """
        :param ra:       The right ascension.  Must be an Angle instance.
        :param dec:      The declination.  Must be an Angle instance.
        """
        if not isinstance(ra, Angle):
            raise TypeError("ra must be a coord.Angle")
        if not isinstance(dec, Angle):
            raise TypeError("dec must be a coord.Angle")
        if dec/degrees > 90. or dec/degrees < -90.:
            raise ValueError("dec must be between -90 deg and +90 deg.")
        self._ra = ra
        self._dec = dec
        self._x = None  # Indicate that x,y,z are not set yet.

    @property
    def ra(self):
        """A read-only attribute, giving the Right Ascension as an Angle"""
        return self._ra

    @property
    def dec(self):
        """A read-only attribute, giving the Declination as an Angle"""
        return self._dec

    def _set_aux(self):
        if self._x is None:
            self._sindec, self._cosdec = self._dec.sincos()
            self._sinra, self._cosra = self._ra.sincos()
            self._x = self._cosdec * self._cosra
            self._y = self._cosdec * self._sinra
            self._z = self._sindec

    def distanceTo(self, coord2):
        """Returns the great circle distance between this coord and another one.
        The return value is an Angle object

        :param coord2:      The CelestialCoordinate to calculate the distance to.

        :returns: the great circle distance to `coord2`.
        """
        # The easiest way to do this in a way that is stable for small separations
        # is to calculate the (x,y,z) position on the unit sphere corresponding to each
        # coordinate position.
        #
        # x = cos(dec) cos(ra)
        # y = cos(dec) sin(ra)
        # z = sin(dec)

        self._set_aux()
        coord2._set_aux()

        # The the direct distance between the two points is
        #
        # d^2 = (x1-x2)^2 + (y1-y2)^2 + (z1-z2)^2

        dsq = (self._x-coord2._x)**2 + (self._y-coord2._y)**2 + (self._z-coord2._z)**2

        if dsq < 3.99:
            # (The usual case.  This formula is perfectly stable here.)
            # This direct distance can then be converted to a great circle distance via
            #
            # sin(theta/2) = d/2
            theta = 2. * math.asin(0.5 * math.sqrt(dsq))
            return _Angle(theta)

        else:
            theta = 2. * math.asin(0.5 * math.sqrt(dsq))
            # Points are nearly antipodes where the accuracy of this formula starts to break down.
            # But in this case, the cross product provides an accurate distance.
            crosssq = ((coord2._y * self._z - coord2._z * self._y)**2 +
                       (coord2._z * self._x - coord2._x * self._z)**2 +
                       (coord2._x * self._y - coord2._y * self._x)**2)
            theta = math.pi - math.asin(math.sqrt(crosssq))
            return _Angle(theta)

    def angleBetween(self, coord2, coord3):
        """Find the open angle at the location of the current coord between `coord2` and `coord3`.

        :param coord2:       A second CelestialCoord
        :param coord3:       A third CelestialCoord

        :returns: the angle between the great circles joining the other two coordinates to the
                  current coordinate.
        """
        self._set_aux()
        coord2._set_aux()
        coord3._set_aux()

        AxC = ( coord2._y * self._z - coord2._z * self._y ,
                coord2._z * self._x - coord2._x * self._z ,
                coord2._x * self._y - coord2._y * self._x )
        BxC = ( coord3._y * self._z - coord3._z * self._y ,
                coord3._z * self._x - coord3._x * self._z ,
                coord3._x * self._y - coord3._y * self._x )
        sinC = AxC[0] * coord3._x + AxC[1] * coord3._y + AxC[2] * coord3._z
        cosC = AxC[0] * BxC[0] + AxC[1] * BxC[1] + AxC[2] * BxC[2]
        C = math.atan2(sinC, cosC)
        return _Angle(C)


def _triangle(ra, dec):
    cA = CelestialCoord(_Angle(ra[0]), _Angle(dec[0]))
    cB = CelestialCoord(_Angle(ra[1]), _Angle(dec[1]))
    cC = CelestialCoord(_Angle(ra[2]), _Angle(dec[2]))
    return cA.distanceTo(cB).rad(), cA.angleBetween(cB, cC).rad()


f = jax.jit(_triangle)
# --- end user code ---


def make_inputs(rng):
    ra = rng.uniform(0.0, 2 * np.pi, size=3)
    dec = rng.uniform(-1.4, 1.4, size=3)
    if rng.uniform() < 0.4:
        # B nearly antipodal to A: separation above ~174 deg, so dsq >= 3.99
        ra[1] = ra[0] + np.pi + rng.uniform(-0.03, 0.03)
        dec[1] = -dec[0] + rng.uniform(-0.03, 0.03)
    return (ra.astype(np.float32), dec.astype(np.float32))


INPUTS = make_inputs


def _xyz(ra, dec):
    return jnp.cos(dec) * jnp.cos(ra), jnp.cos(dec) * jnp.sin(ra), jnp.sin(dec)


@jax.jit
def reference_fix(ra, dec):
    ax, ay, az = _xyz(ra[0], dec[0])
    bx, by, bz = _xyz(ra[1], dec[1])
    cx, cy, cz = _xyz(ra[2], dec[2])
    dsq = (ax - bx) ** 2 + (ay - by) ** 2 + (az - bz) ** 2
    crosssq = ((by * az - bz * ay) ** 2 + (bz * ax - bx * az) ** 2 + (bx * ay - by * ax) ** 2)
    near = 2. * jnp.arcsin(0.5 * jnp.sqrt(jnp.where(dsq < 3.99, dsq, 0.0)))
    far = jnp.pi - jnp.arcsin(jnp.sqrt(crosssq))
    dist = jnp.where(dsq < 3.99, near, far)
    AxC = (by * az - bz * ay, bz * ax - bx * az, bx * ay - by * ax)
    BxC = (cy * az - cz * ay, cz * ax - cx * az, cx * ay - cy * ax)
    sinC = AxC[0] * cx + AxC[1] * cy + AxC[2] * cz
    cosC = AxC[0] * BxC[0] + AxC[1] * BxC[1] + AxC[2] * BxC[2]
    return dist, jnp.arctan2(sinC, cosC)
