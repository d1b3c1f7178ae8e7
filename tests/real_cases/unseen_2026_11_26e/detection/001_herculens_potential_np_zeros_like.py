"""Herculens MassModel.potential allocates its accumulator with NumPy (`np.zeros_like(x)`).

source: https://github.com/Herculens/herculens/issues/58 (MassModel.fermat_potential/potential not JAX-compatible: "The root cause appears to be in MassModel.potential, which allocates with NumPy: potential = np.zeros_like(x)"); class structure from Herculens/herculens herculens/MassModel/mass_model.py @0ea854d7631ee034d69525ccff80aad7b6748ba8, mass_model_base.py @0680534472a46f6d3eab78690835bcf339799005, Profiles/shear.py @6cf8b96394b1089f8d4e573851f4fc69d41f000e
error: TracerArrayConversionError
category: numpy-on-tracer-in-method
expect: fix
notes: potential() is the stored method with its pre-fix accumulator `np.zeros_like(x)` restored as quoted in issue #58. The leak sits two method calls below the jitted entry point (f -> fermat_potential -> potential). MassModelBase is reduced to the func_list / _bool_list pieces; util.convert_bool_list is inlined; the SIS profile is written in closed form (theta_E * r) instead of the SIE wrapper; Shear is verbatim. The user's numpyro log-density is replaced by a jitted f(x, y, theta_E, gamma1, gamma2).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import numpy as np
import jax
import jax.numpy as jnp


def convert_bool_list(n, k=None):
    """Returns a bool list of length n selecting k (None: all)."""
    if k is None:
        bool_list = [True] * n
    elif isinstance(k, (int, np.integer)):
        bool_list = [False] * n
        bool_list[k] = True
    else:
        bool_list = [False] * n
        for i, k_i in enumerate(k):
            if k_i is not False:
                if k_i is True:
                    bool_list[i] = True
                elif 0 <= k_i < n:
                    bool_list[k_i] = True
    return bool_list


class SIS(object):
    """Singular isothermal sphere mass profile."""

    def function(self, x, y, theta_E, center_x=0, center_y=0):
        x_ = x - center_x
        y_ = y - center_y
        return theta_E * jnp.sqrt(x_ ** 2 + y_ ** 2)

    def derivatives(self, x, y, theta_E, center_x=0, center_y=0):
        x_ = x - center_x
        y_ = y - center_y
        r = jnp.sqrt(x_ ** 2 + y_ ** 2)
        return theta_E * x_ / r, theta_E * y_ / r


class Shear(object):
    """External shear in terms of gamma1 and gamma2."""

    def function(self, x, y, gamma1, gamma2, ra_0=0, dec_0=0):
        x_ = x - ra_0
        y_ = y - dec_0
        f_ = 0.5 * (gamma1 * x_ * x_ + 2 * gamma2 * x_ * y_ - gamma1 * y_ * y_)
        return f_

    def derivatives(self, x, y, gamma1, gamma2, ra_0=0, dec_0=0):
        x_ = x - ra_0
        y_ = y - dec_0
        f_x = gamma1 * x_ + gamma2 * y_
        f_y = gamma2 * x_ - gamma1 * y_
        return f_x, f_y


class MassModel(object):
    """An arbitrary list of lens models."""

    def __init__(self, mass_model_list):
        self.profile_type_list = mass_model_list
        self.func_list = [{'SIS': SIS, 'SHEAR': Shear}[name]() for name in mass_model_list]
        self._num_func = len(self.func_list)

    def _bool_list(self, k):
        return convert_bool_list(n=self._num_func, k=k)

    def ray_shooting(self, x, y, kwargs, k=None):
        dx, dy = self.alpha(x, y, kwargs, k=k)
        return x - dx, y - dy

    def fermat_potential(self, x_image, y_image, kwargs_lens, x_source=None, y_source=None, k=None):
        potential = self.potential(x_image, y_image, kwargs_lens, k=k)
        if x_source is None or y_source is None:
            x_source, y_source = self.ray_shooting(x_image, y_image, kwargs_lens, k=k)
        geometry = ((x_image - x_source)**2 + (y_image - y_source)**2) / 2.
        return geometry - potential

    def potential(self, x, y, kwargs, k=None):
        if isinstance(k, int):
            return self.func_list[k].function(x, y, **kwargs[k])
        bool_list = self._bool_list(k)
        potential = np.zeros_like(x)
        for i, func in enumerate(self.func_list):
            if bool_list[i] is True:
                potential += func.function(x, y, **kwargs[i])
        return potential

    def alpha(self, x, y, kwargs, k=None):
        if isinstance(k, int):
            return self.func_list[k].derivatives(x, y, **kwargs[k])
        bool_list = self._bool_list(k)
        f_x, f_y = 0., 0.
        for i, func in enumerate(self.func_list):
            if bool_list[i] is True:
                f_x_i, f_y_i = func.derivatives(x, y, **kwargs[i])
                f_x += f_x_i
                f_y += f_y_i
        return f_x, f_y


lens_mass_model = MassModel(['SIS', 'SHEAR'])


@jax.jit
def f(x_image, y_image, theta_E, gamma1, gamma2):
    kwargs_lens = [{'theta_E': theta_E, 'center_x': 0.05, 'center_y': -0.02},
                   {'gamma1': gamma1, 'gamma2': gamma2}]
    return lens_mass_model.fermat_potential(x_image, y_image, kwargs_lens)
# --- end user code ---


def make_inputs(rng):
    x = rng.uniform(-2.0, 2.0, size=(5,)).astype(np.float32)
    y = rng.uniform(-2.0, 2.0, size=(5,)).astype(np.float32)
    x[0], y[0] = 1.0, 0.0   # on an axis
    theta_E = np.float32(rng.uniform(0.5, 2.0))
    gamma1 = np.float32(rng.uniform(-0.1, 0.1))
    gamma2 = np.float32(rng.choice([0.0, rng.uniform(-0.1, 0.1)]))
    return (x, y, np.asarray(theta_E), np.asarray(gamma1), np.asarray(gamma2))


INPUTS = make_inputs


@jax.jit
def reference_fix(x_image, y_image, theta_E, gamma1, gamma2):
    xs, ys = x_image - 0.05, y_image + 0.02
    r = jnp.sqrt(xs ** 2 + ys ** 2)
    potential = theta_E * r + 0.5 * (gamma1 * x_image ** 2 + 2 * gamma2 * x_image * y_image
                                     - gamma1 * y_image ** 2)
    dx = theta_E * xs / r + gamma1 * x_image + gamma2 * y_image
    dy = theta_E * ys / r + gamma2 * x_image - gamma1 * y_image
    geometry = (dx ** 2 + dy ** 2) / 2.
    return geometry - potential
