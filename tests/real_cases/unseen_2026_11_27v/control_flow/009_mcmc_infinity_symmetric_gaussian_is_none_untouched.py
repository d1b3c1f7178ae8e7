"""mcmc_infinity's symmetric Gaussian proposal: `if num_samples is None`, `if bounds is None` and shape asserts, all static (untouched).

source: cjm96/mcmc_infinity mcmc_infinity/code/symmetric_gaussian_proposal.py at 8eb340e3225fd9880725d87e73c84fc51b1ab390 (SymmetricGaussianProposal)
error: none
category: negative-static-is-none-shape
expect: untouched
notes: The class is verbatim except: the module-level `jax.config.update("jax_enable_x64", True)` is dropped (it would
  switch x64 on for the whole judge) and the matplotlib __main__ demo is dropped. Entry point added: f draws one
  proposal around the traced current point with a traced seed and returns it with the proposal log-density of a traced
  point, the way PerfectSampler.phi uses the class inside its jitted MH step. The Python tests look data-dependent but
  are on None-ness of arguments and on static shapes (`x.shape[-1] == self.dim`), so nothing leaks.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


class SymmetricGaussianProposal:
    """
    Generates samples from a multivariate Gaussian that is centred on the 
    current point.
    """

    def __init__(self, dim, bounds=None):
        """
        INPUTS
        ------
        dim : int
            The dimension of the proposal distribution.
        bounds : jnp.ndarray, shape=(dim, 2)
            The boundaries of the regon of support,
            of the form [(x0_min, x0_min), (x1_min, x1_max), ...].
            Each tuple specifies the lower and upper bounds for each dimension.
        """
        self.dim = int(dim)

        if bounds is None:
            self.bounds = None
        else:
            bounds = jnp.asarray(bounds)
            assert bounds.shape==(self.dim, 2), \
                f"Bounds must be of shape ({self.dim}, 2), got {bounds.shape}."

    def sample(self, key, mu, sigma, num_samples=None):
        """
        Generate samples from the uniform proposal distribution.

        INPUTS
        ------
        key : jax.random.PRNGKey
            The random key for reproducibility.
        mu : jnp.ndarray, shape=(self.dim,)
            The mean of the Gaussian distribution, which is the current point.
        sigma : float
            The standard deviation of the Gaussian distribution. 
            Assumed to be isotropic, the same along all dimensions.
        num_samples : int, optional
            The number of samples to generate. 
            Default is None, which generates a single sample.

        RETURNS
        -------
        samples : jnp.ndarray
            Samples from the uniform proposal distribution.
            Dhape=(num_samples, self.dim) or (self.dim,). 
        """
        if num_samples is None:
            shape = (self.dim,)
        else:
            shape = (int(num_samples), self.dim)

        y = mu + sigma * jax.random.normal(key, shape=shape)

        return y
    
    def logP(self, x, mu, sigma):
        """
        INPUTS:
        -------
        x : array-like, shape=(..., self.dim)
            An array of inputs to the log density function.
        mu : jnp.ndarray, shape=(self.dim,)
            The mean of the Gaussian distribution.
        sigma : float
            The standard deviation of the Gaussian distribution.

        RETURNS
        -------
        logl : array-like, shape=(...,)
            The log-density of the Gaussian proposal function.
        """
        x = jnp.asarray(x)
        assert x.shape[-1] == self.dim, "wrong dimensionality"
        logl = -0.5 * jnp.sum(((x - mu) / sigma) ** 2, axis=-1) 
        return logl
    
    def __call__(self, x, mu, sigma):
        return self.logP(x, mu, sigma)


Q = SymmetricGaussianProposal(3, bounds=jnp.array([[-5, 5], [-5, 5], [-5, 5]]))


@jax.jit
def f(seed, mu, x, sigma):
    key = jax.random.key(seed)
    y = Q.sample(key, mu, sigma)
    ys = Q.sample(key, mu, sigma, num_samples=4)
    return y, ys, Q(x, mu, sigma), Q(ys, mu, sigma)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    seed = np.uint32(rng.integers(0, 2**31 - 1))
    mu = rng.normal(size=(3,)).astype(np.float32)
    x = rng.normal(size=(3,)).astype(np.float32)
    sigma = np.float32(rng.uniform(0.1, 2.0))
    return (seed, mu, x, sigma)


INPUTS = make_inputs
