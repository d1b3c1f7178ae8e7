"""jaxampler's Binomial random variable built inside a jitted likelihood: `assert jnp.all(...) and jnp.all(...)` on traced parameters.

source: Qazalbash/jaxampler jaxampler/_src/rvs/binomial.py at 0bac9c824815b4800fee733d06e42e27ec14e24c (Binomial: __init__, check_params, logpmf_x, cdf_x; code-index file id 13687985), base class from jaxampler/_src/rvs/drvs.py at 3419f1fd343577daab6720b0f309b77efb1dd2c2
error: TracerBoolConversionError
category: assert-on-tracer, and-or-truth-test
expect: fix
notes: the Binomial class body is verbatim except that `rvs` and `__repr__` (unused here) are dropped.
  Stand-ins: `jx_cast` (the package's helper that returns the broadcast shape and jnp.asarray of each
  argument), `DiscreteRV` (name/shape holder; its jitted pmf/vmap helpers are not used) and the `Numeric`
  alias. The entry point `binomial_loglike` is added: it builds the distribution from a traced success
  probability, as a likelihood for p would, and is wrapped with jax.jit. check_params then truth-tests traced
  values three times: `jnp.all(p >= 0) and jnp.all(p <= 1)` (the `and` forces bool() of a tracer), the dtype
  check (static, but wrapped in jnp.all it becomes a traced bool) and `jnp.all(self._n > 0)`. The methods
  themselves (jnp.select on comparisons) are jit-safe. `from __future__ import annotations` is dropped
  (it cannot follow the case header); the annotations evaluate fine on Python 3.10+. Inputs keep p inside (0, 1), so the assertions hold
  when run eagerly.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
from functools import partial
from typing import Any, Optional, Union

import jax
import numpy as np
from jax import Array, jit, numpy as jnp
from jax.scipy.special import betainc
from jax.scipy.stats import binom as jax_binom

Numeric = Union[Array, float, int]  # stand-in for jaxampler's typing alias


def jx_cast(*args: Any):
    # stand-in for jaxampler's utils.jx_cast: broadcast shape plus jnp arrays
    shape = np.broadcast_shapes(*[np.shape(a) for a in args])
    return (shape, *tuple(jnp.asarray(a) for a in args))


class DiscreteRV:
    # stand-in for jaxampler's DiscreteRV / GenericRV base class
    def __init__(self, name: Optional[str] = None, shape: tuple[int, ...] = ()) -> None:
        self._name = name
        self._shape = shape


class Binomial(DiscreteRV):
    r"""Binomial random variable
    .. math::
        X\sim Bin(p,n) \iff P(X=x|p,n)=\binom{n}{x}p^{x}(1-p)^{n-x}
    """

    def __init__(self, p: Numeric | Any, n: Numeric | Any, name: Optional[str] = None) -> None:
        """
        :param p: Probability of success
        :param n: Number of trials
        :param name: Name of the random variable
        """
        shape, self._p, self._n = jx_cast(p, n)
        self.check_params()
        self._q = 1.0 - self._p
        super().__init__(name=name, shape=shape)

    def check_params(self) -> None:
        """Check the parameters of the random variable."""
        assert jnp.all(self._p >= 0.0) and jnp.all(self._p <= 1.0), "p must be in [0, 1]"
        assert jnp.all(self._n.dtype == jnp.int32), "n must be an integer"
        assert jnp.all(self._n > 0), "n must be positive"

    @partial(jit, static_argnums=(0,))
    def logpmf_x(self, x: Numeric) -> Numeric:
        return jax_binom.logpmf(x, self._n, self._p)

    @partial(jit, static_argnums=(0,))
    def pmf_x(self, x: Numeric) -> Numeric:
        return jax_binom.pmf(x, self._n, self._p)

    @partial(jit, static_argnums=(0,))
    def logcdf_x(self, x: Numeric) -> Numeric:
        return jnp.log(self.cdf_x(x))

    @partial(jit, static_argnums=(0,))
    def cdf_x(self, x: Numeric) -> Numeric:
        floor_x = jnp.floor(x)
        cond = [x < 0, x >= self._n, jnp.logical_and(x >= 0, x < self._n)]
        return jnp.select(cond, [0.0, 1.0, betainc(self._n - floor_x, floor_x + 1, self._q)])


def binomial_loglike(p, k, x):
    rv = Binomial(p, 20)
    return jnp.sum(rv.logpmf_x(k)), rv.cdf_x(x)


f = jax.jit(binomial_loglike)
# --- end user code ---


def make_inputs(rng):
    p = np.float32(rng.uniform(0.05, 0.95))
    k = rng.integers(0, 21, size=(6,)).astype(np.int32)
    x = np.array([-1.0, 0.0, rng.uniform(0, 20), rng.uniform(0, 20), 20.0, 23.5], dtype=np.float32)
    return (np.asarray(p), k, x)


INPUTS = make_inputs


@jax.jit
def reference_fix(p, k, x):
    n = jnp.asarray(20)
    q = 1.0 - p
    logpmf = jnp.sum(jax_binom.logpmf(k, n, p))
    floor_x = jnp.floor(x)
    cond = [x < 0, x >= n, jnp.logical_and(x >= 0, x < n)]
    cdf = jnp.select(cond, [0.0, 1.0, betainc(n - floor_x, floor_x + 1, q)])
    return logpmf, cdf
