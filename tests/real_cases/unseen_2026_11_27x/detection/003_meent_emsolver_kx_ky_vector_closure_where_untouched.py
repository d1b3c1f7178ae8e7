"""Look-alike: meent's RCWA base class reads traced angles through properties, a closure and jnp.where (jit-safe).

source: kc-ml2/meent meent/on_jax/emsolver/_base.py at 02f86d2c0b27137cc36cf74b74081c58144eafc0 (jax_device_set, _BaseRCWA.__init__, the device/type_complex/theta/phi/psi/pol/fto/period/thickness properties and setters, _BaseRCWA.get_kx_ky_vector; code-index file id 62141731442)
error: none
category: negative
expect: untouched
notes: Verbatim except that the solve_1d / solve_1d_conical / solve_2d methods (which need meent's transfer/scattering modules) and the commented-out staticmethod are dropped, together with the scattering/transfer imports they use. Everything that looks leaky is jit-safe here: the theta setter replaces 0 by the perturbation with jnp.where, the nested `adjust_theta()` closure tests `self.theta.real >= pi/2` through jnp.where, `phi = 0 if self.phi is None else self.phi` is a None test, the pol setter's chained comparisons and `not 0 <= pol <= 1` run on a static Python float, `len(period)` and `isinstance(period, jnp.ndarray)` are static, and the fto/connecting_algo/type_complex branches are configuration. The entry point `f` builds the solver inside jax.jit from traced theta, phi, wavelength and period and returns (kx, ky). Inputs include theta = 0 (perturbation) and theta at or beyond pi/2 (the nextafter branch).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import functools
import jax

import jax.numpy as jnp
import numpy as np


def jax_device_set(func):
    @functools.wraps(func)
    def wrap(*args, **kwargs):
        self, *_ = args
        with jax.default_device(self.device[0]):
            res = func(*args, **kwargs)
            return res

    return wrap


class _BaseRCWA:

    def __init__(self, n_top=1., n_bot=1., theta=0., phi=None, psi=None, pol=0., fto=(0, 0),
                 period=(1., 1.), wavelength=1.,
                 thickness=(0.,), connecting_algo='TMM', perturbation=1E-20,
                 device=0, type_complex=jnp.complex128, use_pinv=False):

        self.device = device

        # type_complex
        if type_complex in (0, jnp.complex128, np.complex128):
            self._type_complex = jnp.complex128
        elif type_complex in (1, jnp.complex64, np.complex64):
            self._type_complex = jnp.complex64
        else:
            raise ValueError('JAX type_complex')

        # currently these two are not used. Only TorchMeent uses.
        self._type_float = jnp.float64 if self._type_complex is not jnp.complex64 else jnp.float32
        self._type_int = jnp.int64 if self._type_complex is not jnp.complex64 else jnp.int32
        self.perturbation = perturbation

        self.n_top = n_top
        self.n_bot = n_bot

        # degree to radian due to JAX JIT
        self.theta = theta
        self.phi = phi
        self.pol = pol
        self.psi = psi

        self.fto = fto
        self.period = period
        self.wavelength = wavelength
        self.thickness = thickness
        self.connecting_algo = connecting_algo
        self.use_pinv = use_pinv

        self.layer_info_list = []
        self.T1 = None

    @property
    def device(self):
        return self._device

    @device.setter
    def device(self, device):
        if device in (0, 'cpu'):
            self._device = jax.devices('cpu')
        elif device in (1, 'gpu', 'cuda'):
            self._device = jax.devices('gpu')
        elif type(device) is list and (str(type(device[0])) == "<class 'jaxlib.xla_extension.Device'>"):
            self._device = device
        else:
            raise ValueError

    @property
    def type_complex(self):
        return self._type_complex

    @type_complex.setter
    def type_complex(self, type_complex):
        # type_complex
        if type_complex in (0, jnp.complex128, np.complex128):
            self._type_complex = jnp.complex128
        elif type_complex in (1, jnp.complex64, np.complex64):
            self._type_complex = jnp.complex64
        else:
            raise ValueError('JAX type_complex')

        self._type_float = jnp.float64 if self.type_complex is not jnp.complex64 else jnp.float32
        self._type_int = jnp.int64 if self.type_complex is not jnp.complex64 else jnp.int32
        self.theta = self.theta
        self.phi = self.phi
        self._psi = self.psi

        self.fto = self.fto
        self.thickness = self.thickness

    @property
    def type_float(self):
        return self._type_float

    @property
    def type_int(self):
        return self._type_int

    @property
    def theta(self):
        return self._theta

    @theta.setter
    def theta(self, theta):
        if theta is None:
            self._theta = None
        else:
            self._theta = jnp.array(theta, dtype=self.type_complex)
            self._theta = jnp.where(self._theta == 0, self.perturbation, self._theta)  # perturbation

    @property
    def phi(self):
        return self._phi

    @phi.setter
    def phi(self, phi):
        if phi is None:
            self._phi = None
        else:
            self._phi = jnp.array(phi, dtype=self.type_complex)

    @property
    def psi(self):
        return self._psi

    @psi.setter
    def psi(self, psi):
        if psi is not None:
            self._psi = jnp.array(psi, dtype=self.type_complex)
            pol = -(2 * psi / jnp.pi - 1)
            self._pol = pol

    @property
    def pol(self):
        """
        portion of TM. 0: full TE, 1: full TM

        Returns: polarization ratio

        """
        return self._pol

    @pol.setter
    def pol(self, pol):
        room = 1E-6
        if 1 < pol < 1 + room:
            pol = 1
        elif 0 - room < pol < 0:
            pol = 0

        if not 0 <= pol <= 1:
            raise ValueError

        self._pol = pol
        psi = jnp.array(jnp.pi / 2 * (1 - self.pol), dtype=self.type_complex)
        self._psi = psi

    @property
    def fto(self):
        return self._fto

    @fto.setter
    def fto(self, fto):

        if type(fto) in (list, tuple):
            if len(fto) == 1:
                self._fto = [int(fto[0]), 0]
            elif len(fto) == 2:
                self._fto = [int(v) for v in fto]
            else:
                raise ValueError
        elif isinstance(fto, np.ndarray) or isinstance(fto, jnp.ndarray):
            self._fto = fto.tolist()
            if type(self._fto) is list:
                if len(self._fto) == 1:
                    self._fto = [int(self._fto[0]), 0]
                elif len(self._fto) == 2:
                    self._fto = [int(v) for v in self._fto]
                else:
                    raise ValueError
            elif type(self._fto) in (int, float):
                self._fto = [int(self._fto), 0]
            else:
                raise ValueError
        elif type(fto) in (int, float):
            self._fto = [int(fto), 0]
        else:
            raise ValueError

    @property
    def period(self):
        return self._period

    @period.setter
    def period(self, period):
        if type(period) in (int, float):
            self._period = jnp.array([period, period], dtype=self.type_float)
        elif type(period) in (list, tuple, np.ndarray) or isinstance(period, jnp.ndarray):
            if len(period) == 1:
                period = [period[0], period[0]]
            self._period = jnp.array(period, dtype=self.type_float)
        elif type(period) is jax.interpreters.partial_eval.DynamicJaxprTracer:
            print('init period')
            jax.debug.print('init period')
            self._period = period
        else:
            raise ValueError

    @property
    def thickness(self):
        return self._thickness

    @thickness.setter
    def thickness(self, thickness):
        if type(thickness) in (int, float):
            self._thickness = jnp.array([thickness], dtype=self.type_float)
        elif type(thickness) in (list, tuple, np.ndarray):
            self._thickness = jnp.array(thickness, dtype=self.type_float)
        elif isinstance(thickness, jnp.ndarray):
            self._thickness = jnp.array(thickness, dtype=self.type_float)
        elif type(thickness) is jax.interpreters.partial_eval.DynamicJaxprTracer:
            print('init period')
            jax.debug.print('init period')
            self._thickness = thickness
        else:
            raise ValueError

    @jax_device_set
    def get_kx_ky_vector(self, wavelength):

        fto_x_range = jnp.arange(-self.fto[0], self.fto[0] + 1)
        fto_y_range = jnp.arange(-self.fto[1], self.fto[1] + 1)

        def adjust_theta():
            # https://github.com/numpy/numpy/issues/27306
            check = self.theta.real >= jnp.float32(jnp.pi / 2)
            sin_theta_true_case = jnp.sin(
                jnp.nextafter(jnp.float32(jnp.pi / 2), jnp.float32(0)) + self.theta.imag * jnp.complex64(1j))
            sin_theta_false_case = jnp.sin(self.theta)
            return jnp.where(check, sin_theta_true_case, sin_theta_false_case)

        sin_theta = adjust_theta()

        phi = 0 if self.phi is None else self.phi  # phi is None -> 1D TE TM case

        kx = (self.n_top * sin_theta * jnp.cos(phi) + fto_x_range * (
                wavelength / self.period[0])).astype(self.type_complex).conj()

        ky = (self.n_top * sin_theta * jnp.sin(phi) + fto_y_range * (
                wavelength / self.period[1])).astype(self.type_complex).conj()

        return kx, ky


@jax.jit
def f(theta, phi, wavelength, period):
    rcwa = _BaseRCWA(n_top=1.45, n_bot=1., theta=theta, phi=phi, pol=0., fto=(3, 2),
                     period=period, wavelength=wavelength, thickness=(0.3, 0.5),
                     type_complex=1)
    return rcwa.get_kx_ky_vector(wavelength)
# --- end user code ---


def make_inputs(rng):
    u = rng.random()
    if u < 0.25:
        theta = np.float32(0.0)                       # perturbation branch of the setter
    elif u < 0.5:
        theta = np.float32(rng.uniform(np.pi / 2, 2.0))  # nextafter branch of adjust_theta
    else:
        theta = np.float32(rng.uniform(-1.2, 1.2))
    phi = np.float32(rng.uniform(0.0, np.pi))
    wavelength = np.float32(rng.uniform(400.0, 1000.0))
    period = rng.uniform(500.0, 1200.0, size=(2,)).astype(np.float32)
    return (theta, phi, wavelength, period)


INPUTS = make_inputs
