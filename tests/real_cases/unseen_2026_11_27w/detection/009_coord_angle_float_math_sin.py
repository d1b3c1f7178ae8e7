"""LSSTDESC Coord Angle (the NumPy/`math` original that JAX-GalSim ports): `float(theta)` in __init__, `math.sin`/`math.cos` of the radians.

source: LSSTDESC/Coord coord/angle.py at 06baeba83a8b62cbadc04f83b69cc7c647da0daf (class Angle and _Angle; code-index file id 6229852594). GalSim uses this class; GalSim-developers/JAX-GalSim re-implements it in jax_galsim/angle.py with jnp.
error: ConcretizationTypeError
category: float-of-tracer
expect: fix
notes: Angle.__init__, rad, __neg__, __add__, __sub__, __mul__/__rmul__, __div__/__truediv__, wrap, sin, cos, tan and _Angle are verbatim in their code (the long class docstring and the wrap docstring are shortened). Dropped: sincos (calls the compiled cffi library coord._lib), the string/hms/dms formatting, __eq__/__hash__ (unused). `from .angleunit import AngleUnit, radians, degrees, hours` is replaced by a minimal AngleUnit stand-in holding `value` (as coord/angleunit.py does). Added the entry point `_rotate_offsets` + `f = jax.jit(...)`: a traced position angle in degrees, wrapped, used to rotate traced pixel offsets. `float(theta)` and `math.sin(self._rad)` need concrete values; the jit-safe port stores `theta * unit.value` and uses jnp.sin/jnp.cos.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math

import jax
import numpy as np


class AngleUnit(object):
    """Stand-in for coord.angleunit.AngleUnit: a unit holding its value in radians."""

    def __init__(self, value):
        self._value = float(value)

    @property
    def value(self):
        return self._value


radians = AngleUnit(1.)
degrees = AngleUnit(math.pi / 180.)
hours = AngleUnit(math.pi / 12.)


class Angle(object):
    """A class representing an Angle."""
    def __init__(self, theta, unit=None):
        """
        :param theta:   The numerical value of the angle.
        :param unit:    The units theta is measured in.
        """
        # We also want to allow angle1 = Angle(angle2) as a copy, so check for that.
        if isinstance(theta,Angle):
            if unit is not None:
                raise TypeError("Cannot provide unit if theta is already an Angle instance")
            self._rad = theta._rad
        elif unit is None:
            raise TypeError("Must provide unit for Angle.__init__")
        elif not isinstance(unit, AngleUnit):
            raise TypeError("Invalid unit %s of type %s"%(unit,type(unit)))
        else:
            # Normal case
            self._rad = float(theta) * unit.value

    def rad(self):
        """Return the Angle in radians.

        Equivalent to angle / coord.radians
        """
        return self._rad

    def __neg__(self):
        return _Angle(-self._rad)

    def __add__(self, other):
        if not isinstance(other, Angle):
            raise TypeError("Cannot add %s of type %s to an Angle"%(other,type(other)))
        return _Angle(self._rad + other._rad)

    def __sub__(self, other):
        if not isinstance(other, Angle):
            raise TypeError("Cannot subtract %s of type %s from an Angle"%(other,type(other)))
        return _Angle(self._rad - other._rad)

    def __mul__(self, other):
        if other != float(other):
            raise TypeError("Cannot multiply Angle by %s of type %s"%(other,type(other)))
        return _Angle(self._rad * other)

    __rmul__ = __mul__

    def __div__(self, other):
        if isinstance(other, AngleUnit):
            return self._rad / other.value
        elif other == float(other):
            return _Angle(self._rad / other)
        else:
            raise TypeError("Cannot divide Angle by %s of type %s"%(other,type(other)))

    __truediv__ = __div__

    def wrap(self, center=None):
        """Wrap Angle to lie in the range [-pi, pi) radians.

        If you want to wrap to a different range than [-pi, pi), you can set the `center` argument
        to be the desired center of the the range.

        @param center   The center point of the wrapped range. [default: 0 radians]

        @returns the equivalent angle within the range [center-pi, center+pi)
        """
        if center is None: center = _Angle(0.)
        start = center._rad - math.pi
        offset = (self._rad - start) // (2.*math.pi)  # How many full cycles to subtract
        return _Angle(self._rad - offset * 2.*math.pi)

    def sin(self):
        """Return the sin of an Angle."""
        return math.sin(self._rad)

    def cos(self):
        """Return the cos of an Angle."""
        return math.cos(self._rad)

    def tan(self):
        """Return the tan of an Angle."""
        return math.tan(self._rad)

def _Angle(theta):
    """Equivalent to either `theta * coord.radians` or `Angle(theta, coord.radians)`, but without
    the normal overhead (which isn't much to be honest, but this is nonetheless slightly quicker).
    """
    ret = Angle.__new__(Angle)
    ret._rad = theta
    return ret


def _rotate_offsets(theta_deg, dx, dy):
    theta = Angle(theta_deg, degrees).wrap()
    s, c = theta.sin(), theta.cos()
    return theta.rad(), c * dx - s * dy, s * dx + c * dy


f = jax.jit(_rotate_offsets)
# --- end user code ---

import jax.numpy as jnp


def make_inputs(rng):
    theta_deg = np.float32(rng.uniform(-700.0, 700.0))
    dx = rng.normal(scale=3.0, size=(5,)).astype(np.float32)
    dy = rng.normal(scale=3.0, size=(5,)).astype(np.float32)
    return (theta_deg, dx, dy)


INPUTS = make_inputs


@jax.jit
def reference_fix(theta_deg, dx, dy):
    rad = theta_deg * (math.pi / 180.)
    start = 0. - math.pi
    offset = (rad - start) // (2. * math.pi)
    rad = rad - offset * 2. * math.pi
    s, c = jnp.sin(rad), jnp.cos(rad)
    return rad, c * dx - s * dy, s * dx + c * dy
