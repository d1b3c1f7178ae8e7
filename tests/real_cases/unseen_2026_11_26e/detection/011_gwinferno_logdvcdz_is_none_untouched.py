"""GWInferno's comoving-volume density: `Dc is None` and `mpc` flags, a table built eagerly at import.

source: FarrOutLab/GWInferno gwinferno/cosmology.py @0cd08a86bff1f396cf5e9076383d3298367c34b6 (Cosmology `__init__`, `extend`, `z2E`, `dDcdz`, `dVcdz`, `logdVcdz`, `z2Dc` with its range check commented out, PLANCK_2018_Cosmology); context https://github.com/FarrOutLab/GWInferno/issues/24
error: none
category: negative
expect: untouched
notes: methods verbatim (docstrings shortened). The `while jnp.less(...)` loop and the `np.append` growth run once at import on Python floats, never under jit; inside the jitted `f` only `if Dc is None` (a default) and `if mpc` (a Python bool) branch, and `jnp.interp` reads the NumPy table. `f` stands in for the jitted population likelihood term ln(dVc/dz) + a dDc/dz term in Mpc.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np

C_SI = 299792458.0
PC_SI = 3.085677581491367e16
MPC_SI = PC_SI * 1e6
C_CGS = C_SI * 1e2
MPC_CGS = MPC_SI * 1e2

PLANCK_2018_Ho = 67.32 / (MPC_SI * 1e-3)  # (km/s/Mpc) / (m/Mpc * km/m) = s**-1
PLANCK_2018_OmegaMatter = 0.3158
PLANCK_2018_OmegaLambda = 1.0 - PLANCK_2018_OmegaMatter
PLANCK_2018_OmegaRadiation = 0.0

DEFAULT_DZ = 1e-3  # should be good enough for most numeric integrations we want to do


class Cosmology(object):
    """
    a class that implements specific cosmological computations.
    **NOTE**, we work in CGS units throughout, so Ho must be specified in s**-1 and distances are specified in cm
    """

    def __init__(self, Ho, omega_matter, omega_radiation, omega_lambda, distance_unit="mpc", initial_z_integ=2.3):
        self.Ho = Ho
        self.c_over_Ho = C_CGS / self.Ho
        self.unit_mod = MPC_CGS if distance_unit == "mpc" else 1.0
        self.OmegaMatter = omega_matter
        self.OmegaRadiation = omega_radiation
        self.OmegaLambda = omega_lambda
        self.OmegaKappa = 1.0 - (self.OmegaMatter + self.OmegaRadiation + self.OmegaLambda)
        assert self.OmegaKappa == 0, "we only implement flat cosmologies! OmegaKappa must be 0"
        self.z = np.array([0.0])
        self.Dc = np.array([0.0])
        self.Vc = np.array([0.0])
        self.extend(max_z=initial_z_integ, dz=DEFAULT_DZ)

    def extend(self, max_DL=-jnp.inf, max_Dc=-jnp.inf, max_z=-jnp.inf, max_Vc=-jnp.inf, dz=DEFAULT_DZ):
        """
        integrate to solve for distance measures.
        """
        z = self.z[-1]
        Dc = self.Dc[-1]
        Vc = self.Vc[-1]
        DL = Dc * (1 + z)

        while jnp.less(Dc, max_Dc) | jnp.less(DL, max_DL) | jnp.less(z, max_z) | jnp.less(Vc, max_Vc):
            dDcdz = self.dDcdz(z)
            dVcdz = self.dVcdz(z, Dc)
            new_z = z + dz
            new_dDcdz = self.dDcdz(new_z)
            new_Dc = Dc + 0.5 * (dDcdz + new_dDcdz) * dz
            new_dVcdz = self.dVcdz(new_z, new_Dc)
            new_Vc = Vc + 0.5 * (dVcdz + new_dVcdz) * dz
            new_DL = (1 + new_z) * new_Dc
            z, DL, Dc, Vc = new_z, new_DL, new_Dc, new_Vc
            self.z = np.append(self.z, z)
            self.Dc = np.append(self.Dc, Dc)
            self.Vc = np.append(self.Vc, Vc)

    def z2E(self, z):
        one_plus_z = 1.0 + z
        return (
            self.OmegaLambda + self.OmegaKappa * one_plus_z**2 + self.OmegaMatter * one_plus_z**3 + self.OmegaRadiation * one_plus_z**4
        ) ** 0.5

    def dDcdz(self, z, mpc=False):
        """
        returns (c/Ho)/E(z)
        """
        dDc = self.c_over_Ho / self.z2E(z)
        if mpc:
            return dDc / MPC_CGS
        return dDc

    def dVcdz(self, z, Dc=None, dz=DEFAULT_DZ):
        """
        return dVc/dz
        """
        if Dc is None:
            Dc = self.z2Dc(z, dz=dz)
        return 4 * jnp.pi * Dc**2 * self.dDcdz(z)

    def logdVcdz(self, z, Dc=None, dz=DEFAULT_DZ):
        """
        return ln(dVc/dz), useful when constructing probability distributions without overflow errors
        """
        if Dc is None:
            Dc = self.z2Dc(z, dz=dz)
        return jnp.log(4 * jnp.pi) + 2 * jnp.log(Dc) + jnp.log(self.dDcdz(z)) - 3.0 * jnp.log(self.unit_mod)

    def z2Dc(self, z, dz=DEFAULT_DZ):
        """
        return Dc for each z specified
        """
        #max_z = jnp.max(z)
        #if jnp.greater(max_z, jnp.max(self.z)):
        #    self.extend(max_z=max_z,dz=dz)
        return jnp.interp(z, self.z, self.Dc)


PLANCK_2018_Cosmology = Cosmology(
    PLANCK_2018_Ho,
    PLANCK_2018_OmegaMatter,
    PLANCK_2018_OmegaRadiation,
    PLANCK_2018_OmegaLambda,
)


@jax.jit
def f(z):
    cosmo = PLANCK_2018_Cosmology
    return cosmo.logdVcdz(z), cosmo.dDcdz(z, mpc=True)
# --- end user code ---


def make_inputs(rng):
    z = rng.uniform(0.01, 2.2, size=(6,)).astype(np.float32)
    z[0] = rng.choice([0.01, 1.0, 2.2])
    return (z,)


INPUTS = make_inputs
