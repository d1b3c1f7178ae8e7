"""jaxampler's truncated power law evaluated under jit: comparisons feed jnp.where / jnp.select, and the asserts only run on concrete parameters.

source: Qazalbash/jaxampler jaxampler/_src/rvs/truncpowerlaw.py at 04916855b0204f9640aa42167f357d2d22d79cd5 (TruncPowerLaw: __init__, check_params, logZ, Z, _logpdf_x, _logcdf_x, _logppf_x; code-index file id 804320600)
error: none
category: negative-lookalike (jnp.where / jnp.select on comparisons, assert on concrete values, static self)
expect: untouched
notes: the class body is verbatim except that `_rvs` and `__repr__` are dropped. Stand-ins: `jxam_array_cast`
  (same contract as the package's utils helper: broadcast shape plus jnp.asarray of each argument, written with
  np.broadcast_shapes instead of jax._src.core), a `RandomVariable` base that stores name and shape, the
  `Numeric` alias, and `jax.Array` for jaxtyping's Array. The distribution is built once at module level from
  Python floats, so `check_params` (`assert jnp.all(self._low > 0.0)`, ...) and the jitted `logZ` run on
  concrete values; the jitted entry `f` only evaluates the log pdf / cdf / ppf, whose piecewise definitions
  already use jnp.where and jnp.select. Nothing here leaks; a fixer must not touch the asserts or rewrite the
  selects. Inputs cover points below `low`, inside the support and above `high`.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from functools import partial
from typing import Any, Optional, Union

import jax
import numpy as np
from jax import jit, numpy as jnp
from jax import Array

Numeric = Union[Array, float, int]  # stand-in for jaxampler's typing alias


def jxam_array_cast(*args: Any):
    # stand-in for jaxampler's utils.jxam_array_cast
    shape = np.broadcast_shapes(*[np.shape(a) for a in args])
    return (shape, *tuple(jnp.asarray(arg) for arg in args))


class RandomVariable:
    # stand-in for jaxampler's RandomVariable base class
    def __init__(self, name: Optional[str] = None, shape: tuple[int, ...] = ()) -> None:
        self._name = name
        self._shape = shape


class TruncPowerLaw(RandomVariable):
    def __init__(
        self,
        alpha: Numeric | Any,
        low: Numeric | Any,
        high: Numeric | Any,
        name: Optional[str] = None,
    ) -> None:
        shape, self._alpha, self._low, self._high = jxam_array_cast(alpha, low, high)
        self.check_params()
        self._beta = 1.0 + self._alpha
        self._logZ = self.logZ()
        super().__init__(name=name, shape=shape)

    def check_params(self) -> None:
        assert jnp.all(self._low > 0.0), "low must be greater than 0"
        assert jnp.all(self._high > self._low), "high must be greater than low"

    @partial(jit, static_argnums=(0,))
    def logZ(self) -> Numeric:
        logZ_val = jnp.where(
            self._beta == 0.0,
            jnp.log(jnp.log(self._high) - jnp.log(self._low)),
            jnp.log(jnp.abs(jnp.power(self._high, self._beta) - jnp.power(self._low, self._beta)))
            - jnp.log(jnp.abs(self._beta)),
        )
        return logZ_val

    @partial(jit, static_argnums=(0,))
    def Z(self) -> Numeric:
        return jnp.exp(self._logZ)

    @partial(jit, static_argnums=(0,))
    def _logpdf_x(self, x: Numeric) -> Numeric:
        logpdf_val: Numeric = jnp.log(x) * self._alpha - self._logZ
        logpdf_val = jnp.where((x >= self._low) * (x <= self._high), logpdf_val, -jnp.inf)
        return logpdf_val

    @partial(jit, static_argnums=(0,))
    def _logcdf_x(self, x: Numeric) -> Numeric:
        conditions = [
            x < self._low,
            x > self._high,
            self._beta == 0.0,
            self._beta != 0.0,
        ]
        choices = [
            -jnp.inf,
            jnp.log(1.0),
            jnp.log(jnp.log(x) - jnp.log(self._low)) - self._logZ,
            jnp.log(jnp.abs(jnp.power(x, self._beta) - jnp.power(self._low, self._beta)))
            - jnp.log(jnp.abs(self._beta))
            - self._logZ,
        ]
        return jnp.select(conditions, choices)

    @partial(jit, static_argnums=(0,))
    def _logppf_x(self, x: Numeric) -> Numeric:
        conditions = [
            x < 0.0,
            x > 1.0,
            self._beta == 0.0,
            self._beta != 0.0,
        ]
        choices = [
            -jnp.inf,
            jnp.log(1.0),
            x * jnp.log(self._high) + (1.0 - x) * jnp.log(self._low),
            jnp.power(self._beta, -1)
            * jnp.log(x * jnp.power(self._high, self._beta) + (1.0 - x) * jnp.power(self._low, self._beta)),
        ]
        return jnp.select(conditions, choices)


mass_model = TruncPowerLaw(alpha=-2.35, low=5.0, high=80.0, name="m1")


@jax.jit
def f(m, u):
    return mass_model._logpdf_x(m), mass_model._logcdf_x(m), mass_model._logppf_x(u)
# --- end user code ---


def make_inputs(rng):
    m = np.concatenate([
        rng.uniform(1.0, 5.0, size=2),
        rng.uniform(5.0, 80.0, size=4),
        rng.uniform(80.0, 120.0, size=2),
    ]).astype(np.float32)
    u = np.concatenate([rng.uniform(0.0, 1.0, size=4), [-0.2, 1.3]]).astype(np.float32)
    return (m, u)


INPUTS = make_inputs
