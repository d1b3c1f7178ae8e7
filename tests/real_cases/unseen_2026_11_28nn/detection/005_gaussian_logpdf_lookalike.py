"""Gaussian.log_pdf: `if len(self.mu) == 1` and `jnp.isscalar(self.mu)` look leaky but are static.

source: probabilistic-linear-solver notebook module in the public code index (code-index file id
    56747560986: dataclass Gaussian with cached_property cov_SVD / logdet / std, prec_mult, log_pdf,
    pdf, cdf, ...; GEPNF, GEQRF, plotting helpers); the index does not name the repository or commit.
error: none
category: negative
expect: untouched
notes: Every test in the reached code is on shapes or Python types: `len(self.mu) == 1` (static
    length), `jnp.isscalar(self.mu)` (False for any array, even a traced one); the SVD, log-det and
    precision product are plain jnp. cached_property on a dataclass built inside the trace is fine.
    Kept verbatim: the Gaussian class down to `precision` (the file defines `precision` twice; the
    plain method overrides the cached_property, as in the original). jaxtyping is not installed: its
    `Array, Float` annotations get a stand-in. Dropped: the module-level
    `jax.config.update("jax_enable_x64", True)` (a global switch that would leak into other cases),
    the Gaussian arithmetic operators, condition / condition_pls (an ipdb breakpoint), the solvers
    and plotting. The entry point `f` builds a Gaussian and evaluates log_pdf; trials use D = 1
    (first branch) and D = 3 (second branch).
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from jax import numpy as jnp

import dataclasses
import functools
import jax


class _Dims:  # stand-in for jaxtyping's Float[Array, "..."] annotations
    def __getitem__(self, item):
        return jax.Array


Array, Float = jax.Array, _Dims()


@dataclasses.dataclass
class Gaussian:
    mu: Float[Array, "D "]
    Sigma: Float[Array, "D D"]

    @functools.cached_property
    def cov_SVD(self):
        """square root of the cov matrix via SVD"""
        if jnp.isscalar(self.mu):
            return jnp.eye(1), jnp.sqrt(self.Sigma).reshape(1, 1)
        else:
            Q, S, _ = jnp.linalg.svd(self.Sigma, full_matrices=True, hermitian=True)
            return Q, jnp.sqrt(S)

    @functools.cached_property
    def logdet(self):
        """log-det of the cov matrix e.g. for computing the log-pdf"""
        _, S = self.cov_SVD
        return 2 * jnp.sum(jnp.log(S))

    @functools.cached_property
    def precision(self):
        """precision matrix you probably dont want to use this directly, rather prec_mult"""
        Q, S = self.cov_SVD
        return Q @ jnp.diag(1 / S) ** 2 @ Q.T

    @functools.cached_property
    def std(self) -> Float[Array, "D "]:
        """standard deviation"""
        if jnp.isscalar(self.mu):
            return jnp.sqrt(self.Sigma)
        else:
            return jnp.sqrt(self.Sigma.diagonal())

    def prec_mult(self, x: Float[Array, "D "]) -> Float[Array, "D "]:
        """precision matrix multiplication implements Sigma^{-1}@x. For numerical stability, we us the Cholesky factorization"""
        Q, S = self.cov_SVD
        return Q @ jnp.diag(1 / S**2) @ Q.T @ x

    @functools.cached_property
    def mp(self):
        """precision-adjusted mean"""
        return self.precision @ self.mu

    def log_pdf(self, x: Float[Array, "D "]) -> float:
        """log N(x;mu,Sigma)"""
        if len(self.mu) == 1:
            return (
                -0.5 * (x - self.mu) ** 2 / self.Sigma
                - 0.5 * jnp.log(self.Sigma)
                - 0.5 * jnp.log(2 * jnp.pi)
            )
        else:
            return (
                -0.5 * (x - self.mu).T @ self.prec_mult(x - self.mu)
                - 0.5 * self.logdet
                - 0.5 * len(self.mu) * jnp.log(2 * jnp.pi)
            )

    def pdf(self, x: Float[Array, "D "]) -> float:
        """N(x;mu,Sigma)"""
        return jnp.exp(self.log_pdf(x))

    def cdf(self, x):
        if jnp.isscalar(self.mu):
            return 0.5 * (
                1 + jax.scipy.special.erf((x - self.mu) / jnp.sqrt(2 * self.Sigma))
            )
        else:
            raise NotImplementedError(
                "CDF for multivariate Gaussian is not implemented"
            )

    def precision(self):
        # Probably not want to use this directly, not stable and slow
        return jnp.linalg.inv(self.Sigma)


def gaussian_log_pdf(mu, Sigma, x):
    return Gaussian(mu=mu, Sigma=Sigma).log_pdf(x)


f = jax.jit(gaussian_log_pdf)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    d = 1 if rng.random() < 0.4 else 3
    a = rng.normal(size=(d, d)).astype(np.float32)
    Sigma = (a @ a.T + 0.5 * np.eye(d)).astype(np.float32)
    mu = rng.normal(size=(d,)).astype(np.float32)
    x = rng.normal(size=(d,)).astype(np.float32)
    return (mu, Sigma, x)


INPUTS = make_inputs
