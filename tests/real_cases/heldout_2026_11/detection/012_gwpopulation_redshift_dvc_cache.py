"""gwpopulation redshift model: a method interpolates with NumPy and caches the result on self.

source: ColmTalbot/gwpopulation, gwpopulation/models/redshift.py at 032153f66b68c6c177c18e5ff0c12d4b9f83582c (_Redshift._cache_dvc_dz / differential_spacetime_volume / probability, PowerLawRedshift.psi_of_z)
error: TracerArrayConversionError
category: method-cache-on-self
expect: report
notes: xp is jax.numpy and to_numpy is np.asarray (the JAX backend); the astropy Planck15 differential comoving volume table is replaced by a closed-form stand-in on the same grid, trapz by jnp.trapezoid. The dataset dict is a jit argument here (a population likelihood jitted over its data), so `redshifts` is traced when it reaches np.interp and the result would be stored in self.cached_dvc_dz: a side effect on the object, reported rather than rewritten.
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as xp
import numpy as np


def to_numpy(array):
    return np.asarray(array)


class _Redshift(object):
    """Base class for models which include a term like dVc/dz / (1 + z)"""

    variable_names = None

    def __init__(self, z_max=2.3):
        self.z_max = z_max
        self.zs_ = np.linspace(1e-3, z_max, 1000)
        self.zs = xp.asarray(self.zs_)
        self.dvc_dz_ = 4 * np.pi * self.zs_ ** 2 / (1 + self.zs_) ** 1.5
        self.dvc_dz = xp.asarray(self.dvc_dz_)
        self.cached_dvc_dz = {}

    def __call__(self, dataset, **kwargs):
        return self.probability(dataset=dataset, **kwargs)

    def _cache_dvc_dz(self, redshifts):
        self.cached_dvc_dz[redshifts.shape] = xp.asarray(
            np.interp(to_numpy(redshifts), self.zs_, self.dvc_dz_, left=0, right=0)
        )

    def normalisation(self, parameters):
        psi_of_z = self.psi_of_z(redshift=self.zs, **parameters)
        norm = xp.trapezoid(psi_of_z * self.dvc_dz / (1 + self.zs), self.zs)
        return norm

    def probability(self, dataset, **parameters):
        normalisation = self.normalisation(parameters=parameters)
        differential_volume = self.differential_spacetime_volume(
            dataset=dataset, **parameters
        )
        in_bounds = dataset["redshift"] <= self.z_max
        return differential_volume / normalisation * in_bounds

    def psi_of_z(self, redshift, **parameters):
        raise NotImplementedError

    def differential_spacetime_volume(self, dataset, **parameters):
        psi_of_z = self.psi_of_z(redshift=dataset["redshift"], **parameters)
        differential_volume = psi_of_z / (1 + dataset["redshift"])
        try:
            differential_volume *= self.cached_dvc_dz[dataset["redshift"].shape]
        except KeyError:
            self._cache_dvc_dz(dataset["redshift"])
            differential_volume *= self.cached_dvc_dz[dataset["redshift"].shape]
        return differential_volume


class PowerLawRedshift(_Redshift):
    variable_names = ["lamb"]

    def psi_of_z(self, redshift, **parameters):
        return (1 + redshift) ** parameters["lamb"]


model = PowerLawRedshift(z_max=2.3)


@jax.jit
def f(dataset, lamb):
    return model(dataset, lamb=lamb)
# --- end user code ---


def make_inputs(rng):
    return {"redshift": rng.uniform(0.01, 2.5, size=(6,)).astype(np.float32)}, np.float32(rng.uniform(-1, 4))


INPUTS = make_inputs
