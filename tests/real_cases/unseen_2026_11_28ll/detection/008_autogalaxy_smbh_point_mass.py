"""PyAutoGalaxy SMBH / PointMass: `np.sqrt` and `np.square`/`np.argmin` applied to traced mass and grid.

source: PyAutoLabs/PyAutoGalaxy autogalaxy/profiles/mass/point/smbh.py (SMBH.__init__) and
    autogalaxy/profiles/mass/point/point.py (PointMass.__init__, convergence_2d_from, potential_2d_from),
    both at 04b596d7084790abfe5c9652e14e3f01fa90e293 (code-index file ids 56402816891 and 56158187390);
    the bug is https://github.com/PyAutoLabs/PyAutoGalaxy/issues/553, fixed by
    https://github.com/PyAutoLabs/PyAutoGalaxy/pull/554 ("SMBH.__init__ computed np.sqrt(mass_angular / np.pi) -
    with mass a free parameter the instance is built inside the jit trace, so np.sqrt receives a tracer";
    the convergence's np.argmin code is dead and was replaced by xp.zeros).
error: TracerArrayConversionError
category: numpy-on-tracer
expect: fix
notes: the two classes are verbatim (docstrings shortened). Stand-ins replace what autoarray / autogalaxy
    provide: `MassProfile` (stores centre and ell_comps), `aa.decorators.to_array` (identity) and
    `aa.decorators.transform` (shifts the grid to the profile centre and wraps it in a small grid object with
    `.array`), and `Planck15.critical_surface_density_between_redshifts_from` (a fixed value in solar masses per
    square arcsecond instead of the astropy cosmology). The entry point `f` builds the SMBH inside jit from a
    traced mass, as a model fit does, and returns its potential and convergence on a traced grid.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
from typing import Tuple

import jax
import jax.numpy as jnp


# ---- stand-ins for autoarray / autogalaxy (not the code under test) ----
class _Grid2D:
    def __init__(self, array):
        self.array = array
        self.shape = array.shape

    def __getitem__(self, item):
        return self.array[item]


class _Decorators:
    @staticmethod
    def to_array(func):
        return func

    @staticmethod
    def transform(func):
        def wrapper(obj, grid, xp=np, **kwargs):
            shifted = grid - xp.asarray(obj.centre)
            return func(obj, _Grid2D(shifted), xp=xp, **kwargs)

        return wrapper


class aa:
    decorators = _Decorators

    class type:
        Grid2DLike = object


class MassProfile:
    def __init__(self, centre=(0.0, 0.0), ell_comps=(0.0, 0.0)):
        self.centre = centre
        self.ell_comps = ell_comps


class Planck15:
    def critical_surface_density_between_redshifts_from(self, redshift_0, redshift_1):
        # solar masses per arcsec^2 for a lens at z=0.5 and a source at z=1.0
        return 4.2e10


# ---- autogalaxy/profiles/mass/point/point.py ----
class PointMass(MassProfile):
    def __init__(
        self, centre: Tuple[float, float] = (0.0, 0.0), einstein_radius: float = 1.0
    ):
        super().__init__(centre=centre, ell_comps=(0.0, 0.0))
        self.einstein_radius = einstein_radius

    def convergence_2d_from(self, grid: aa.type.Grid2DLike, xp=np, **kwargs):
        squared_distances = np.square(grid[:, 0] - self.centre[0]) + np.square(
            grid[:, 1] - self.centre[1]
        )
        central_pixel = np.argmin(squared_distances)

        convergence = np.zeros(shape=grid.shape[0])
        #    convergence[central_pixel] = np.pi * self.einstein_radius ** 2.0
        return convergence

    @aa.decorators.to_array
    @aa.decorators.transform
    def potential_2d_from(self, grid: aa.type.Grid2DLike, xp=np, **kwargs):
        r = xp.sqrt(grid.array[:, 0] ** 2 + grid.array[:, 1] ** 2 + 1e-20)
        return self.einstein_radius ** 2 * xp.log(r)

    @property
    def is_point_mass(self):
        return True


# ---- autogalaxy/profiles/mass/point/smbh.py ----
class SMBH(PointMass):
    def __init__(
        self,
        centre: Tuple[float, float] = (0.0, 0.0),
        mass: float = 1e10,
        redshift_object: float = 0.5,
        redshift_source: float = 1.0,
    ):
        cosmology = Planck15()

        self.mass = mass

        critical_surface_density = (
            cosmology.critical_surface_density_between_redshifts_from(
                redshift_0=redshift_object,
                redshift_1=redshift_source,
            )
        )
        mass_angular = mass / critical_surface_density
        einstein_radius = np.sqrt(mass_angular / np.pi)

        super().__init__(centre=centre, einstein_radius=einstein_radius)

        self.redshift_object = redshift_object
        self.redshift_source = redshift_source


@jax.jit
def f(mass, grid):
    smbh = SMBH(centre=(0.0, 0.0), mass=mass, redshift_object=0.5, redshift_source=1.0)
    potential = smbh.potential_2d_from(grid, xp=jnp)
    convergence = smbh.convergence_2d_from(grid, xp=jnp)
    return potential, convergence
# --- end user code ---


def make_inputs(rng):
    mass = np.float32(10 ** rng.uniform(8.0, 11.0))
    grid = rng.uniform(-2.0, 2.0, size=(16, 2)).astype(np.float32)
    return (mass, grid)


INPUTS = make_inputs


@jax.jit
def reference_fix(mass, grid):
    critical_surface_density = 4.2e10
    mass_angular = mass / critical_surface_density
    einstein_radius = (mass_angular / np.pi) ** 0.5
    r = jnp.sqrt(grid[:, 0] ** 2 + grid[:, 1] ** 2 + 1e-20)
    potential = einstein_radius ** 2 * jnp.log(r)
    convergence = jnp.zeros(shape=grid.shape[0])
    return potential, convergence
