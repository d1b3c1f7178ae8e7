"""GWInferno's Cosmology.DL2z extends a cached distance table stored on the object when a traced distance is out of range.

source: FarrOutLab/GWInferno gwinferno/cosmology.py @0cd08a86bff1f396cf5e9076383d3298367c34b6 (Cosmology, `DL2z`, `extend`, PLANCK_2018_Cosmology); https://github.com/FarrOutLab/GWInferno/issues/24 (review of cosmology.py: DL2z used inside a jitted numpyro model errors, and "the `jnp.greater` lines produce the same error")
error: TracerBoolConversionError
category: traced-if-on-self-cache
expect: report
notes: the Cosmology class is verbatim minus `logdVcdz`/`dVcdz` docstrings and the commented-out lines; units/constants verbatim. `f` stands in for the jitted likelihood that converts luminosity distances (in Mpc) to redshifts with the module-level PLANCK_2018_Cosmology. Report: `if max_DL > jnp.max(self.DL): self.extend(...)` grows `self.z/self.Dc/self.Vc` with `np.append` by a data-dependent number of steps, i.e. a side effect on a cached object whose size depends on the traced data; no jit rewrite keeps that behaviour. Inputs include distances beyond the initial table (z > 2.3).
"""
EXPECT = "report"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np

# define units in SI
C_SI = 299792458.0
PC_SI = 3.085677581491367e16
MPC_SI = PC_SI * 1e6

# define units in CGS
C_CGS = C_SI * 1e2
MPC_CGS = MPC_SI * 1e2

# Planck 2018 Cosmology (Table1 in arXiv:1807.06209)
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

    @property
    def DL(self):
        return self.Dc * (1 + self.z)

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
            # update state
            z, DL, Dc, Vc = new_z, new_DL, new_Dc, new_Vc
            # append to arrays
            self.z = np.append(self.z, z)
            self.Dc = np.append(self.Dc, Dc)
            self.Vc = np.append(self.Vc, Vc)

    def z2E(self, z):
        one_plus_z = 1.0 + z
        return (
            self.OmegaLambda + self.OmegaKappa * one_plus_z**2 + self.OmegaMatter * one_plus_z**3 + self.OmegaRadiation * one_plus_z**4
        ) ** 0.5

    def dDcdz(self, z, mpc=False):
        dDc = self.c_over_Ho / self.z2E(z)
        if mpc:
            return dDc / MPC_CGS
        return dDc

    def dVcdz(self, z, Dc=None, dz=DEFAULT_DZ):
        if Dc is None:
            Dc = self.z2Dc(z, dz=dz)
        return 4 * jnp.pi * Dc**2 * self.dDcdz(z)

    def z2Dc(self, z, dz=DEFAULT_DZ):
        return jnp.interp(z, self.z, self.Dc)

    def DL2z(self, DL, dz=DEFAULT_DZ):
        """
        returns redshifts for each DL specified.
        """
        DL_cgs = DL * self.unit_mod
        max_DL = jnp.max(DL_cgs)
        if max_DL > jnp.max(self.DL):  # need to extend the integration
            self.extend(max_DL=max_DL, dz=dz)
        return jnp.interp(DL_cgs, self.DL, self.z)


PLANCK_2018_Cosmology = Cosmology(
    PLANCK_2018_Ho,
    PLANCK_2018_OmegaMatter,
    PLANCK_2018_OmegaRadiation,
    PLANCK_2018_OmegaLambda,
)


@jax.jit
def f(dl_mpc):
    return PLANCK_2018_Cosmology.DL2z(dl_mpc)
# --- end user code ---


def make_inputs(rng):
    dl = rng.uniform(100.0, 15000.0, size=(6,)).astype(np.float32)
    if rng.uniform() < 0.5:
        dl[0] = rng.uniform(20000.0, 24000.0)   # beyond the initial z = 2.3 table
    return (dl,)


INPUTS = make_inputs
