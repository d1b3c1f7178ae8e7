"""mind_the_gaps celerite2 mean terms: `if fit and jnp.size(params) == self.no_parameters` is static (look-alike).

source: andresgur/mind_the_gaps mind_the_gaps/models/celerite2/mean_terms.py at
    22800f764d6b74d1bbf634dd89365c0f363b1bd4 (code-index file id 15037159285): MeanFunction, ConstantMean,
    LinearMean, GaussianMean.
error: none
category: negative
expect: untouched
notes: the classes are verbatim (docstrings shortened). Stand-ins: `GappyLightcurve` (only `t`, `y`) and a tiny
    `numpyro` / `dist` namespace, because numpyro is not installed here; the sampling branches are only taken when
    `fit` is False or the parameter vector has the wrong size, which `f` never does. The condition
    `fit and jnp.size(params) == self.no_parameters` looks like a truth test on a traced value inside `and`, but
    `jnp.size` returns a Python int from the static shape, and tuple-unpacking `m, b = params` uses the static length,
    so everything here is jit-safe and a fixer must leave it alone.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from abc import ABC, abstractmethod

import jax
import jax.numpy as jnp


class GappyLightcurve:
    """Stand-in for mind_the_gaps.lightcurves.gappylightcurve.GappyLightcurve (times and rates only)."""

    def __init__(self, t, y):
        self.t = t
        self.y = y


class numpyro:
    """Stand-in for numpyro (not installed here); only used on the sampling branches."""

    @staticmethod
    def sample(name, distribution):
        raise NotImplementedError("numpyro.sample stand-in")


class dist:
    @staticmethod
    def Uniform(low, high):
        return (low, high)


class MeanFunction(ABC):
    """Base class for mean functions in Celerite2 Gaussian Processes."""

    def __init__(self, lightcurve: jnp.array):
        self._lightcurve = lightcurve

    @abstractmethod
    def compute_mean(self):
        """Compute the mean function value based on the provided parameters.
        Should be implemented by subclasses.
        """
        pass


class ConstantMean(MeanFunction):
    """Constant mean function: m(t) = c where mean can be sampled."""

    no_parameters = 1
    sampled_parameters = 1
    param_names = ["mean"]

    def __init__(self, lightcurve: GappyLightcurve):
        super().__init__(lightcurve=lightcurve)
        self.bounds = jnp.array(
            [[jnp.min(self._lightcurve.y)], [jnp.max(self._lightcurve.y)]]
        )
        self.sampled_mean = True

    def compute_mean(
        self,
        params: jnp.array = None,
        fit: bool = True,  # rng_key: int = None
    ) -> jnp.array:
        if fit and jnp.size(params) == self.no_parameters:

            return params
        else:
            return numpyro.sample(
                "mean",
                dist.Uniform(jnp.min(self._lightcurve.y), jnp.max(self._lightcurve.y)),
                # rng_key=rng_key,
            )


class LinearMean(MeanFunction):
    """Linear mean function: m(t) = mt + b"""

    param_names = ["m", "b"]
    no_parameters = 2

    def __init__(self, lightcurve: GappyLightcurve):
        super().__init__(lightcurve=lightcurve)
        self.bounds = jnp.array(
            [[jnp.min(self._lightcurve.y)], [jnp.max(self._lightcurve.y)]]
        )
        self.sampled_mean = True

    def compute_mean(
        self,
        # rng_key: int,
        params: jnp.array = None,
        fit: bool = True,
        bounds: dict = None,
    ):
        if fit and jnp.size(params) == self.no_parameters:
            m, b = params  # [: self.count_parameters]

        else:
            m = numpyro.sample(
                "m",
                dist.Uniform(bounds["mean_params"][0][0], bounds["mean_params"][0][1]),
                # rng_key=subkey,
            )
            rng_key, subkey = jax.random.split(rng_key)
            b = numpyro.sample(
                "b",
                dist.Uniform(bounds["mean_params"][1][0], bounds["mean_params"][1][1]),
                # rng_key=subkey,
            )
        return m * self._lightcurve.t + b


class GaussianMean(MeanFunction):
    """Gaussian mean function: m(t) = A * exp(- (t - mu)^2 / (2 * sigma^2))"""

    param_names = ["A", "mu", "sigma"]
    no_parameters = 3

    def __init__(self, lightcurve: GappyLightcurve):
        super().__init__(lightcurve=lightcurve)
        self.bounds = jnp.array(
            [[jnp.min(self._lightcurve.y)], [jnp.max(self._lightcurve.y)]]
        )
        self.sampled_mean = True

    def compute_mean(
        self,
        t: jnp.array,
        # rng_key: int,
        fit: bool = True,
        params: jnp.array = None,
        bounds: dict = None,
    ):
        if fit and jnp.size(params) == self.no_parameters:
            A, mu, sigma = params

        else:
            A = numpyro.sample(
                "amplitude",
                dist.Uniform(bounds["mean_params"][0][0], bounds["mean_params"][0][1]),
                # rng_key=rng_key,
            )
            mu = numpyro.sample(
                "mu",
                dist.Uniform(bounds["mean_params"][1][0], bounds["mean_params"][1][1]),
                # rng_key=rng_key,
            )
            sigma = numpyro.sample(
                "sigma",
                dist.Uniform(bounds["mean_params"][2][0], bounds["mean_params"][2][1]),
                # rng_key=rng_key,
            )
        return A * jnp.exp(-((t - mu) ** 2) / (2 * sigma**2))


@jax.jit
def f(t, y, constant_params, linear_params, gaussian_params):
    lightcurve = GappyLightcurve(t, y)
    constant = ConstantMean(lightcurve).compute_mean(params=constant_params, fit=True)
    linear = LinearMean(lightcurve).compute_mean(params=linear_params, fit=True)
    gaussian = GaussianMean(lightcurve).compute_mean(t, fit=True, params=gaussian_params)
    return constant, linear, gaussian
# --- end user code ---

import numpy as np


def make_inputs(rng):
    t = np.sort(rng.uniform(0.0, 100.0, size=(40,))).astype(np.float32)
    y = rng.normal(10.0, 2.0, size=(40,)).astype(np.float32)
    constant_params = rng.normal(10.0, 1.0, size=(1,)).astype(np.float32)
    linear_params = rng.normal(0.0, 0.1, size=(2,)).astype(np.float32)
    gaussian_params = np.array([rng.uniform(1, 5), rng.uniform(20, 80), rng.uniform(2, 10)], dtype=np.float32)
    return (t, y, constant_params, linear_params, gaussian_params)


INPUTS = make_inputs
