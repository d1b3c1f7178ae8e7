"""evojax CMA-ES: the `should_stop` method tests traced optimiser state (`self._C`, `self._mean`, ...) in `if`s.

source: google/evojax evojax/algo/cma_jax.py (early stored revision with USE_JITTED_EIGEN, code-index file id 388854618; the index lists 383ff90398db0ef75243c26bda28799790d03fab for one of the path's 11 stored versions) -- CMA_ES_JAX.__init__, _eigen_decomposition, should_stop, ensure_jnp, _eigen_decomposition_core_jitted, _is_valid_bounds
error: TracerBoolConversionError
category: method-returns-bool-of-traced-state
expect: fix
notes: CMA_ES_JAX is verbatim except that ask/_ask/tell and the sampling/compress helpers they use are
  dropped (not on this path); `evojax.algo.base.NEAlgorithm` and `evojax.util.create_logger` are replaced by
  small stand-ins. The optimiser is built eagerly (its constructor needs concrete numbers); the entry point
  `f` jits the termination check on a shallow copy whose state arrays (`_C`, `_pc`, `_mean`,
  `_funhist_values`) are the traced arguments, as they would be inside a jitted ask/tell loop, and clears the
  eigen cache as `tell()` does. `should_stop` returns Python bools from six `if`s on traced values (the
  `self.generation > self._funhist_term` part and `i = self.generation % self.dim` are static ints). The
  inputs include a flat fitness history, a collapsed and a divergent covariance, a no-effect coordinate, a
  no-effect principal axis and an ill-conditioned covariance, so that each test fires alone in some trial.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
"""
**Experimental** CMA-ES optimizer using JAX backend.

Code in this file is an adaption from <https://github.com/CyberAgentAILab/cmaes/blob/main/cmaes/_cma.py>
which is a faithful implementation of CMA-ES described in <https://arxiv.org/abs/1604.00772>.

The adaption mainly replaces the Numpy backend with JAX one, and introduces several adjustments to facilitate
efficient computation in JAX:
- Use JAX's random paradigm
- Disable pickling funcionality (`__getstate__()` and `__setstate__()`) for now.
- Enable paralling sampling, completly change the logic of `ask()`
- Adjust init parameters to confer with existing API.
- In `tell()`, change the logic of reporting parameters and value together.

This is still an experimental implementation and has not been well-tested (yet).
"""

from functools import partial
import copy
import logging
import math
from typing import Optional

import jax
from jax import numpy as jnp


class NEAlgorithm(object):
    """Stand-in for evojax.algo.base.NEAlgorithm (an interface with ask/tell)."""
    pop_size: int


def create_logger(name):
    """Stand-in for evojax.util.create_logger."""
    return logging.getLogger(name)


_EPS = 1e-8
_MEAN_MAX = 1e32
_SIGMA_MAX = 1e32

USE_JITTED_EIGEN = True

class CMA_ES_JAX(NEAlgorithm):
    """CMA-ES stochastic optimizer class with ask-and-tell interface, using JAX backend.

    Args:
        param_size:
            A parameter size.
        pop_size:
            A population size (optional).
            If not specified, a proper value will be inferred from param_size.
        mean:
            Initial mean vector of multi-variate gaussian distributions (optional).
            If specified, it must have a dimension of (param_size, ).
            If not specified, a default value of all-zero array will be used.
        init_stdev:
            Initial standard deviation of covariance matrix (optional).
            If not specified, a default value of 0.1 will be used.
        seed:
            A seed number (optional).
        bounds:
            Lower and upper domain boundaries for each parameter (optional).
        n_max_resampling:
            A maximum number of resampling parameters (optional).
            If all sampled parameters are infeasible, the last sampled one
            will be clipped with lower and upper bounds.
            Only used for bounded optimization.
            If not specified, a default value of 100 will be used.
        cov:
            A covariance matrix (optional).
        logger:
            A logging.Logger instance (optional).
            If not specified, a new one will be created.
    """

    def __init__(
        self,
        param_size: int,
        pop_size: Optional[int] = None,
        mean: Optional[jnp.ndarray] = None,
        init_stdev: Optional[float] = 0.1,
        seed: Optional[int] = 0,
        bounds: Optional[jnp.ndarray] = None,
        n_max_resampling: int = 100,
        cov: Optional[jnp.ndarray] = None,
        logger: logging.Logger = None,
    ):
        if mean is None:
            mean = jnp.zeros(param_size)
        else:
            mean = ensure_jnp(mean)
            assert mean.shape == (param_size,), \
                f"Both params_size and mean are specified." \
                f"In this case,  mean (whose shape is {mean.shape}) must have a dimension of (param_size, )" \
                f" (i.e. {(param_size, )}), which is not true."
        mean = ensure_jnp(mean)
        assert jnp.all(
            jnp.abs(mean) < _MEAN_MAX
        ), f"Abs of all elements of mean vector must be less than {_MEAN_MAX}"

        n_dim = len(mean)
        assert n_dim > 1, "The dimension of mean must be larger than 1"

        assert init_stdev > 0, "init_stdev must be non-zero positive value"
        sigma = init_stdev
        sigma = ensure_jnp(sigma)

        population_size = pop_size
        if population_size is None:
            population_size = 4 + math.floor(3 * math.log(n_dim))  # (eq. 48)
        assert population_size > 0, "popsize must be non-zero positive value."

        mu = population_size // 2

        # (eq.49)
        weights_prime = jnp.array(
            [
                math.log((population_size + 1) / 2) - math.log(i + 1)
                for i in range(population_size)
            ]
        )
        mu_eff = (jnp.sum(weights_prime[:mu]) ** 2) / jnp.sum(weights_prime[:mu] ** 2)
        mu_eff_minus = (jnp.sum(weights_prime[mu:]) ** 2) / jnp.sum(weights_prime[mu:] ** 2)

        # learning rate for the rank-one update
        alpha_cov = 2.0
        c1 = alpha_cov / ((n_dim + 1.3) ** 2 + mu_eff)
        assert isinstance(c1, jnp.ndarray)
        # learning rate for the rank-μ update
        cmu = min(
            1 - c1 - 1e-8,  # 1e-8 is for large popsize.
            alpha_cov
            * (mu_eff - 2 + 1 / mu_eff)
            / ((n_dim + 2) ** 2 + alpha_cov * mu_eff / 2),
        )
        assert c1 <= 1 - cmu, "invalid learning rate for the rank-one update"
        assert cmu <= 1 - c1, "invalid learning rate for the rank-μ update"

        min_alpha = min(
            1 + c1 / cmu,  # eq.50
            1 + (2 * mu_eff_minus) / (mu_eff + 2),  # eq.51
            (1 - c1 - cmu) / (n_dim * cmu),  # eq.52
        )

        # (eq.53)
        positive_sum = jnp.sum(weights_prime[weights_prime > 0])
        negative_sum = jnp.sum(jnp.abs(weights_prime[weights_prime < 0]))
        weights = jnp.where(
            weights_prime >= 0,
            1 / positive_sum * weights_prime,
            min_alpha / negative_sum * weights_prime,
        )
        cm = 1  # (eq. 54)

        # learning rate for the cumulation for the step-size control (eq.55)
        c_sigma = (mu_eff + 2) / (n_dim + mu_eff + 5)
        d_sigma = 1 + 2 * \
            max(0, math.sqrt((mu_eff - 1) / (n_dim + 1)) - 1) + c_sigma
        assert (
            c_sigma < 1
        ), "invalid learning rate for cumulation for the step-size control"

        # learning rate for cumulation for the rank-one update (eq.56)
        cc = (4 + mu_eff / n_dim) / (n_dim + 4 + 2 * mu_eff / n_dim)
        assert cc <= 1, "invalid learning rate for cumulation for the rank-one update"

        self._n_dim = n_dim
        # self.pop_size is expected by EvoJAX trainer.
        self._popsize = self.pop_size = population_size
        self._mu = mu
        self._mu_eff = mu_eff

        self._cc = cc
        self._c1 = c1
        self._cmu = cmu
        self._c_sigma = c_sigma
        self._d_sigma = d_sigma
        self._cm = cm

        # E||N(0, I)|| (p.28)
        self._chi_n = math.sqrt(self._n_dim) * (
            1.0 - (1.0 / (4.0 * self._n_dim)) +
            1.0 / (21.0 * (self._n_dim ** 2))
        )

        self._weights = weights

        # evolution path
        self._p_sigma = jnp.zeros(n_dim)
        self._pc = jnp.zeros(n_dim)

        self._mean = mean

        if cov is None:
            self._C = jnp.eye(n_dim)
        else:
            assert cov.shape == (n_dim, n_dim), "Invalid shape of covariance matrix"
            self._C = cov

        self._sigma = sigma
        self._D: Optional[jnp.ndarray] = None
        self._B: Optional[jnp.ndarray] = None

        # bounds contains low and high of each parameter.
        assert bounds is None or _is_valid_bounds(bounds, mean), "invalid bounds"
        self._bounds = bounds
        self._n_max_resampling = n_max_resampling

        self._g = 0

        self._key = jax.random.PRNGKey(seed)

        # Termination criteria
        self._tolx = 1e-12 * sigma
        self._tolxup = 1e4
        self._tolfun = 1e-12
        self._tolconditioncov = 1e14

        self._funhist_term = 10 + math.ceil(30 * n_dim / population_size)
        self._funhist_values = jnp.empty(self._funhist_term * 2)

        # Saved latest solutions
        self._latest_solutions = None

        # Logger
        if logger is None:
            # Change this name accordingly
            self.logger = create_logger(name="CMA")
        else:
            self.logger = logger

    @property
    def dim(self) -> int:
        """A number of dimensions"""
        return self._n_dim

    @property
    def population_size(self) -> int:
        """A population size"""
        return self._popsize

    @property
    def generation(self) -> int:
        """Generation number which is monotonically incremented
        when multi-variate gaussian distribution is updated."""
        return self._g

    def set_bounds(self, bounds: Optional[jnp.ndarray]) -> None:
        """Update boundary constraints"""
        assert bounds is None or _is_valid_bounds(bounds, self._mean), "invalid bounds"
        self._bounds = bounds

    def _eigen_decomposition(self) -> jnp.ndarray:
        if self._B is not None and self._D is not None:
            return self._B, self._D

        if USE_JITTED_EIGEN:
            _B, _D, _C = _eigen_decomposition_core_jitted(self._C)
            self._B, self._D, self._C = _B, _D, _C
            B, D = _B, _D
        else:
            self._C = (self._C + self._C.T) / 2
            D2, B = jnp.linalg.eigh(self._C)
            D = jnp.sqrt(jnp.where(D2 < 0, _EPS, D2))
            self._C = jnp.dot(jnp.dot(B, jnp.diag(D ** 2)), B.T)
            self._B, self._D = B, D
        return B, D

    def should_stop(self) -> bool:
        B, D = self._eigen_decomposition()
        dC = jnp.diag(self._C)

        # Stop if the range of function values of the recent generation is below tolfun.
        if (
            self.generation > self._funhist_term
            and jnp.max(self._funhist_values) - jnp.min(self._funhist_values)
            < self._tolfun
        ):
            return True

        # Stop if the std of the normal distribution is smaller than tolx
        # in all coordinates and pc is smaller than tolx in all components.
        if jnp.all(self._sigma * dC < self._tolx) and jnp.all(
            self._sigma * self._pc < self._tolx
        ):
            return True

        # Stop if detecting divergent behavior.
        if self._sigma * jnp.max(D) > self._tolxup:
            return True

        # No effect coordinates: stop if adding 0.2-standard deviations
        # in any single coordinate does not change m.
        if jnp.any(self._mean == self._mean + (0.2 * self._sigma * jnp.sqrt(dC))):
            return True

        # No effect axis: stop if adding 0.1-standard deviation vector in
        # any principal axis direction of C does not change m. "pycma" check
        # axis one by one at each generation.
        i = self.generation % self.dim
        if jnp.all(self._mean == self._mean + (0.1 * self._sigma * D[i] * B[:, i])):
            return True

        # Stop if the condition number of the covariance matrix exceeds 1e14.
        condition_cov = jnp.max(D) / jnp.min(D)
        if condition_cov > self._tolconditioncov:
            return True

        return False

    @property
    def best_params(self) -> jnp.ndarray:
        return jnp.array(self._mean, copy=True)


def ensure_jnp(x):
    '''Return a copy of x that is ensured to be jnp.ndarray.'''
    return jnp.array(x)


@jax.jit
def _eigen_decomposition_core_jitted(_C):
    _C = (_C + _C.T) / 2
    D2, B = jnp.linalg.eigh(_C)
    D = jnp.sqrt(jnp.where(D2 < 0, _EPS, D2))
    _C = jnp.dot(jnp.dot(B, jnp.diag(D ** 2)), B.T)
    _B, _D = B, D
    return _B, _D, _C


def _is_valid_bounds(bounds: Optional[jnp.ndarray], mean: jnp.ndarray) -> bool:
    if bounds is None:
        return True
    if (mean.size, 2) != bounds.shape:
        return False
    if not jnp.all(bounds[:, 0] <= mean):
        return False
    if not jnp.all(mean <= bounds[:, 1]):
        return False
    return True


# The optimiser is built eagerly (its constructor needs concrete numbers); the termination
# check is then run under jit on the state arrays that `tell()` updates.
_es = CMA_ES_JAX(param_size=4, pop_size=8, init_stdev=0.1, seed=0)
_es._g = 28


@jax.jit
def f(C, pc, mean, funhist_values):
    es = copy.copy(_es)
    es._C, es._pc, es._mean, es._funhist_values = C, pc, mean, funhist_values
    es._B, es._D = None, None
    return es.should_stop()
# --- end user code ---

import numpy as np

def make_inputs(rng):
    n = 4
    mode = int(rng.random() * 7)
    a = rng.normal(size=(n, n))
    C = a @ a.T / n + np.eye(n)
    pc = rng.normal(size=n) * 0.1
    mean = rng.normal(size=n)
    fun = rng.normal(size=50)
    if mode == 0:                      # flat fitness history
        fun = np.full(50, rng.normal())
    elif mode == 1:                    # collapsed distribution (tolx)
        C = np.eye(n) * 1e-14
        pc = np.zeros(n)
    elif mode == 2:                    # divergence (tolxup)
        C = np.diag([1e12, 1.0, 1.0, 1.0])
    elif mode == 3:                    # no-effect coordinate
        mean = mean + 1e8
    elif mode == 4:                    # no-effect principal axis
        v = np.array([1.0, 1.0, 0.0, 0.0]) / np.sqrt(2)
        C = np.eye(n) - np.outer(v, v)
        mean = np.full(n, 1e4)
    elif mode == 5:                    # ill-conditioned covariance
        C = np.diag([1e8, 1.0, 1.0, 1e-22])
        mean = np.zeros(n)
    return (C.astype(np.float32), pc.astype(np.float32), mean.astype(np.float32), fun.astype(np.float32))


INPUTS = make_inputs


def _should_stop_fixed(self):
    B, D = self._eigen_decomposition()
    dC = jnp.diag(self._C)
    stop = jnp.logical_and(
        self.generation > self._funhist_term,
        jnp.max(self._funhist_values) - jnp.min(self._funhist_values) < self._tolfun)
    stop |= jnp.all(self._sigma * dC < self._tolx) & jnp.all(self._sigma * self._pc < self._tolx)
    stop |= self._sigma * jnp.max(D) > self._tolxup
    stop |= jnp.any(self._mean == self._mean + (0.2 * self._sigma * jnp.sqrt(dC)))
    i = self.generation % self.dim
    stop |= jnp.all(self._mean == self._mean + (0.1 * self._sigma * D[i] * B[:, i]))
    stop |= jnp.max(D) / jnp.min(D) > self._tolconditioncov
    return stop


@jax.jit
def reference_fix(C, pc, mean, funhist_values):
    es = copy.copy(_es)
    es._C, es._pc, es._mean, es._funhist_values = C, pc, mean, funhist_values
    es._B, es._D = None, None
    return _should_stop_fixed(es)
