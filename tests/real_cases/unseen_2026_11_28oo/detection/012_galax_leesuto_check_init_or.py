"""galax LeeSutoTriaxialNFWPotential built inside jit: the axis-ordering check joins two traced comparisons with Python `or`.

source: GalacticDynamics/galax, src/galax/potential/_src/builtin/builtin.py (LeeSutoTriaxialNFWPotential.__check_init__ and ._potential; the stored post-fix revision is code-index file id 45328594447). The pre-fix check is the one replaced in https://github.com/GalacticDynamics/galax/pull/692 ("Bugfix: Use jnp.logical_or instead of or for JAX tracer support": "Inside of a JITted function, we create a potential instance ... LeeSutoNFWPotential ... TracerBoolConversionError ... related to the Python `or` in the `__check_init__`").
error: TracerBoolConversionError
category: or-truth-test
expect: fix
notes: `_potential` is verbatim from the stored revision except that its `@partial(jax.jit)` method decorator is dropped (the stand-in class is not a pytree; `f` is jitted instead). `__check_init__` is the stored revision with `jnp.logical_or(a, b)` put back to the `a or b` that PR #692 replaced (the pre-fix file itself is not in the index). Stand-ins: an equinox-like Module base that sets fields and then calls __check_init__, constant parameters for ParameterField, identity unit helpers (`u.Quantity`, `u.ustrip`, `AllowValue`, a units mapping), the gravitational constant in kpc^3 / (Msun Myr^2), `qlax.select` = jax.lax.select, and `eqx.error_if` as identity (the real one raises at run time when the predicate is true; inputs keep a1 >= a2 >= a3 so it never would).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import math
import types

import jax
import jax.numpy as jnp

LOG2 = math.log(2.0)
AllowValue = None
u = types.SimpleNamespace(
    Quantity=lambda value, unit: jnp.asarray(value),
    ustrip=lambda flag, unit, x: x,
)
eqx = types.SimpleNamespace(error_if=lambda x, pred, msg: x)  # stand-in: see notes
qlax = types.SimpleNamespace(select=jax.lax.select)


class _G:
    value = 4.498502151469554e-12  # kpc^3 / (Msun Myr^2)


class ConstantParameter:
    """Stand-in for galax's ConstantParameter (units dropped)."""

    def __init__(self, value):
        self.value = value

    def __call__(self, t, ustrip=None):
        return self.value


class AbstractSinglePotential:
    """Stand-in for the equinox Module base: set the fields, then run __check_init__."""

    def __init__(self, **fields):
        for name, value in fields.items():
            if name not in ("units", "constants"):
                value = ConstantParameter(value)
            setattr(self, name, value)
        self.__check_init__()


class LeeSutoTriaxialNFWPotential(AbstractSinglePotential):
    """Approximate triaxial (in the density) NFW potential.

    Approximation of a Triaxial NFW Potential with the flattening in the
    density, not the potential. See Lee & Suto (2003) for details.

    .. warning::

        This potential is only physical for `a1 >= a2 >= a3`.
    """

    def __check_init__(self) -> None:
        t = u.Quantity(0.0, "Myr")
        _ = eqx.error_if(
            t,
            self.a1(t) < self.a2(t) or self.a2(t) < self.a3(t),
            f"a1 {self.a1(t)} >= a2 {self.a2(t)} >= a3 {self.a3(t)} is required",
        )

    def _potential(  # TODO: inputs w/ units
        self, xyz, t, /
    ):
        # https://github.com/adrn/gala/blob/2067009de41518a71c674d0252bc74a7b2d78a36/gala/potential/potential/builtin/builtin_potentials.c#L1472
        # Evaluate the parameters
        u1 = self.units["dimensionless"]
        m = self.m(t, ustrip=self.units["mass"])
        r_s = self.r_s(t, ustrip=self.units["length"])
        a1, a2, a3 = self.a1(t, ustrip=u1), self.a2(t, ustrip=u1), self.a3(t, ustrip=u1)

        v_c2 = self.constants["G"].value * m / r_s

        xyz = u.ustrip(AllowValue, self.units["length"], xyz)

        # 1- eccentricities
        e_b2 = 1 - jnp.square(a2 / a1)
        e_c2 = 1 - jnp.square(a3 / a1)

        # The potential at the origin
        phi0 = v_c2 / (LOG2 - 0.5 + (LOG2 - 0.75) * (e_b2 + e_c2))

        # The potential at the given position
        r = jnp.linalg.vector_norm(xyz, axis=-1)
        s = r / r_s

        # The functions F1, F2, and F3 and some useful quantities
        log1pu = jnp.log(1 + s)
        u2 = s**2
        um3 = s ** (-3)
        costh2 = xyz[..., 2] ** 2 / r**2  # z^2 / r^2
        sinthsinphi2 = xyz[..., 1] ** 2 / r**2  # (sin(theta) * sin(phi))^2
        # Note that ꜛ is safer than computing the separate pieces, as it avoids
        # x=y=0, z!=0, which would result in a NaN.

        F1 = -log1pu / s
        F2 = -1.0 / 3 + (2 * u2 - 3 * s + 6) / (6 * u2) + (1 / s - um3) * log1pu
        F3 = (u2 - 3 * s - 6) / (2 * u2 * (1 + s)) + 3 * um3 * log1pu

        # Select the output, r=0 is a special case.
        out = phi0 * qlax.select(
            s == 0,
            jnp.ones_like(s),
            (
                F1
                + (e_b2 + e_c2) / 2 * F2
                + (e_b2 * sinthsinphi2 + e_c2 * costh2) / 2 * F3
            ),
        )
        return out


UNITS = {"dimensionless": None, "mass": "Msun", "length": "kpc", "time": "Myr"}


@jax.jit
def f(m, r_s, axes, xyz):
    pot = LeeSutoTriaxialNFWPotential(
        m=m, r_s=r_s, a1=axes[0], a2=axes[1], a3=axes[2],
        units=UNITS, constants={"G": _G()},
    )
    return pot._potential(xyz, 0.0)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    m = np.float32(10 ** rng.uniform(11.0, 12.0))
    r_s = np.float32(rng.uniform(8.0, 25.0))
    axes = np.sort(rng.uniform(0.6, 1.0, size=3))[::-1].astype(np.float32)
    if rng.integers(3) == 0:
        axes[:] = 1.0                       # spherical limit, a1 == a2 == a3
    xyz = rng.normal(scale=20.0, size=(6, 3)).astype(np.float32)
    if rng.integers(2) == 0:
        xyz[0] = 0.0                        # the r = 0 special case
    return (m, r_s, axes, xyz)


INPUTS = make_inputs


@jax.jit
def reference_fix(m, r_s, axes, xyz):
    a1, a2, a3 = axes[0], axes[1], axes[2]
    v_c2 = _G.value * m / r_s
    e_b2 = 1 - jnp.square(a2 / a1)
    e_c2 = 1 - jnp.square(a3 / a1)
    phi0 = v_c2 / (LOG2 - 0.5 + (LOG2 - 0.75) * (e_b2 + e_c2))
    r = jnp.linalg.vector_norm(xyz, axis=-1)
    s = r / r_s
    log1pu = jnp.log(1 + s)
    u2 = s**2
    um3 = s ** (-3)
    costh2 = xyz[..., 2] ** 2 / r**2
    sinthsinphi2 = xyz[..., 1] ** 2 / r**2
    F1 = -log1pu / s
    F2 = -1.0 / 3 + (2 * u2 - 3 * s + 6) / (6 * u2) + (1 / s - um3) * log1pu
    F3 = (u2 - 3 * s - 6) / (2 * u2 * (1 + s)) + 3 * um3 * log1pu
    return phi0 * jax.lax.select(
        s == 0, jnp.ones_like(s),
        F1 + (e_b2 + e_c2) / 2 * F2 + (e_b2 * sinthsinphi2 + e_c2 * costh2) / 2 * F3,
    )
