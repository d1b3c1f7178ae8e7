"""meent (JAX RCWA): a solver method finds zero kx entries with jnp.nonzero and tests `if len(idx):`.

source: kc-ml2/meent meent/on_jax/_base.py at 04988857e75ce55a06c8bacdbecaac5374b14a37 (_BaseRCWA.__init__ and _BaseRCWA.get_kx_vector; code-index file id 46230296980). meent's jitted functional variant of the same routine (code-index file id 46984979457, `@partial(jax.jit, ...) def get_kx_vector(...)`) replaces the nonzero/len test with `kx_vector = jnp.where(kx_vector == 0, perturbation, kx_vector)`.
error: ConcretizationTypeError
category: method-on-traced-attribute
expect: fix
notes: __init__ and get_kx_vector kept verbatim; the solve_1d / solve_1d_conical / solve_2d methods (which need meent's transfer/scattering modules) are dropped, and `from . import jitted as ee` is replaced by a stand-in namespace holding `pi` (the only `ee` name __init__ uses). The entry point `f` builds the solver inside jax.jit with traced incidence angle (degrees), wavelength and period, calls get_kx_vector and returns the kx vector; grating_type/fourier_order/type_complex stay static. `theta` is traced, so `jnp.nonzero(kx_vector == 0)` has no concrete size. Inputs include theta = 0, where the zero-order kx is exactly 0 and the perturbation branch runs.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import time
from copy import copy, deepcopy
from functools import partial

import jax
import jax.numpy as jnp


class ee:  # stand-in for `from . import jitted as ee` (meent.on_jax.jitted)
    pi = jnp.pi


class _BaseRCWA:

    def __init__(self, grating_type, n_I=1., n_II=1., theta=0., phi=0., psi=0., fourier_order=10,
                 period=0.7, wavelength=900, pol=0,
                 patterns=None, ucell=None, ucell_materials=None, thickness=None, algo='TMM', perturbation=1E-10,
                 device='cpu', type_complex=jnp.complex128):

        self.device = device
        self.type_complex = type_complex
        self.type_int = jnp.int64 if self.type_complex == jnp.complex128 else jnp.int32
        self.type_float = jnp.float64 if self.type_complex == jnp.complex128 else jnp.float32

        self.grating_type = grating_type  # 1D=0, 1D_conical=1, 2D=2

        # self.n_I = self.type_complex(n_I)
        # self.n_II = self.type_complex(n_II)

        self.n_I = n_I
        self.n_II = n_II

        self.theta = theta * ee.pi / 180
        self.phi = phi * ee.pi / 180
        self.psi = psi * ee.pi / 180  # TODO: integrate psi and pol

        self.pol = pol  # TE 0, TM 1
        if self.pol == 0:  # TE
            self.psi = 90 * ee.pi / 180
        elif self.pol == 1:  # TM
            self.psi = 0 * ee.pi / 180
        else:
            print('not implemented yet')
            raise ValueError

        self.fourier_order = fourier_order
        self.ff = 2 * self.fourier_order + 1

        self.period = deepcopy(period)

        self.wavelength = wavelength

        self.patterns = patterns
        self.ucell = deepcopy(ucell)
        self.ucell_materials = ucell_materials
        self.thickness = deepcopy(thickness)

        self.algo = algo
        self.perturbation = perturbation

        self.layer_info_list = []
        self.T1 = None

        self.kx_vector = None

    def get_kx_vector(self):

        k0 = 2 * jnp.pi / self.wavelength
        fourier_indices = jnp.arange(-self.fourier_order, self.fourier_order + 1)
        if self.grating_type == 0:
            kx_vector = k0 * (self.n_I * jnp.sin(self.theta) - fourier_indices * (self.wavelength / self.period[0])
                              ).astype(self.type_complex)
        else:
            kx_vector = k0 * (self.n_I * jnp.sin(self.theta) * jnp.cos(self.phi) - fourier_indices * (
                        self.wavelength / self.period[0])).astype(self.type_complex)

        idx = jnp.nonzero(kx_vector == 0)[0]
        if len(idx):
            # TODO: need imaginary part? make imaginary part sign consistent
            kx_vector = kx_vector.at[idx].set(self.perturbation)
            print('varphi divide by 0: adding perturbation')

        self.kx_vector = kx_vector


@partial(jax.jit, static_argnums=(3,))
def f(theta, wavelength, period, grating_type):
    rcwa = _BaseRCWA(grating_type, n_I=1.45, n_II=1., theta=theta, phi=0., fourier_order=3,
                     period=period, wavelength=wavelength, pol=0, thickness=[0.3],
                     type_complex=jnp.complex64)
    rcwa.get_kx_vector()
    return rcwa.kx_vector
# --- end user code ---

import numpy as np


def make_inputs(rng):
    theta = np.float32(rng.uniform(-30.0, 30.0))
    if rng.random() < 0.4:
        theta = np.float32(0.0)  # normal incidence: the m = 0 entry of kx is exactly 0
    wavelength = np.float32(rng.uniform(400.0, 1000.0))
    period = rng.uniform(500.0, 1200.0, size=(2,)).astype(np.float32)
    grating_type = int(rng.integers(0, 3))
    return (theta, wavelength, period, grating_type)


INPUTS = make_inputs


@partial(jax.jit, static_argnums=(3,))
def reference_fix(theta, wavelength, period, grating_type):
    theta_r = theta * jnp.pi / 180
    phi_r = 0. * jnp.pi / 180
    k0 = 2 * jnp.pi / wavelength
    fourier_indices = jnp.arange(-3, 3 + 1)
    if grating_type == 0:
        kx_vector = k0 * (1.45 * jnp.sin(theta_r) - fourier_indices * (wavelength / period[0])).astype(jnp.complex64)
    else:
        kx_vector = k0 * (1.45 * jnp.sin(theta_r) * jnp.cos(phi_r) - fourier_indices * (
            wavelength / period[0])).astype(jnp.complex64)
    return jnp.where(kx_vector == 0, jnp.asarray(1E-10, jnp.complex64), kx_vector)
