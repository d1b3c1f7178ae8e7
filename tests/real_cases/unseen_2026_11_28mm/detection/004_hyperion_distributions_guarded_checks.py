"""HYPERION distributions: `if jnp.any(value <= 0)` checks in constructors, guarded by try/except TracerBoolConversionError.

source: "Библиотека вероятностных распределений HYPERION." module `distributions` of the hyperion_dsl package in the public code index (code-index file id 52557969608: _check_positive, Distribution, Normal, HalfNormal, HalfCauchy, LogNormal, Gamma, Beta, Uniform, Exponential, Cauchy, StudentT, ...); the index does not name the repository or commit
error: none
category: negative-guarded-check
expect: untouched
notes: _check_positive, Distribution, Normal, Gamma and Uniform are verbatim in their code (Russian comments kept; class docstrings shortened, `from __future__ import annotations` dropped because the case file needs the docstring first). The hyperion_dsl.constraints import is replaced by tiny stand-in Constraint classes (only returned by `support`, never used here). Entry point added: a jitted log-joint that builds the distributions from traced parameters, as an inference loop does; `f = jax.jit(log_joint)`. The constructors' value checks look like tracer leaks (`if jnp.any(...)` on traced parameters) but are wrapped in try/except jax.errors.TracerBoolConversionError, so under jit the check is skipped and eagerly it still raises for bad input: the code is jit-safe and must not be rewritten.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from abc import ABC, abstractmethod
from typing import Any, Optional, Tuple

import numpy as np

import jax
import jax.numpy as jnp
import jax.random as jrandom
from jax.scipy.special import gammaln, betaln


class Constraint:  # stand-in for hyperion_dsl.constraints
    pass


class Real(Constraint):
    pass


class Positive(Constraint):
    pass


class Bounded(Constraint):
    def __init__(self, low, high):
        self.low, self.high = low, high


real = Real()
positive = Positive()

Shape = Tuple[int, ...]

# Минимальный эпсилон для числовой стабильности.
# Если ты думаешь что можно обойтись без него — попробуй, посмотрим на твои NaN-ы.
_EPS = 1e-8
_LOG_2PI = jnp.log(2.0 * jnp.pi)


def _check_positive(value, name: str) -> None:
    try:
        if jnp.any(value <= 0):
            raise ValueError(f"{name} must be positive, got {value}")
    except jax.errors.TracerBoolConversionError:
        pass


class Distribution(ABC):
    """Базовый класс для всех вероятностных распределений HYPERION."""

    def __init__(self, batch_shape: Shape = (), event_shape: Shape = ()):
        self._batch_shape = batch_shape
        self._event_shape = event_shape

    @property
    def batch_shape(self) -> Shape:
        """Форма батча — "сколько независимых распределений мы несём"."""
        return self._batch_shape

    @property
    def event_shape(self) -> Shape:
        """Форма одного события — "()" для скаляров, "(K,)" для многомерных."""
        return self._event_shape

    @property
    def shape(self) -> Shape:
        """Полная форма = batch + event. Для отладки и shape inference."""
        return self._batch_shape + self._event_shape

    @property
    @abstractmethod
    def support(self) -> Constraint:
        """На чём живёт распределение (positive, real, simplex, etc.)."""
        ...

    @abstractmethod
    def log_prob(self, value: jnp.ndarray) -> jnp.ndarray:
        """Лог-плотность. Это самый важный метод — от него кормятся все инференсы."""
        ...

    @abstractmethod
    def sample(self, key: jax.random.PRNGKey, sample_shape: Shape = ()) -> jnp.ndarray:
        """Засемплить значение. key — JAX PRNG ключ (не numpy.random!)."""
        ...

    def __repr__(self) -> str:
        return f"{self.__class__.__name__}()"


class Normal(Distribution):
    """Нормальное распределение N(loc, scale)."""

    def __init__(self, loc: Any = 0.0, scale: Any = 1.0):
        self.loc = jnp.asarray(loc, dtype=jnp.float32)
        self.scale = jnp.asarray(scale, dtype=jnp.float32)
        _check_positive(self.scale, "Normal.scale")
        batch_shape = jnp.broadcast_shapes(self.loc.shape, self.scale.shape)
        super().__init__(batch_shape=batch_shape, event_shape=())

    @property
    def support(self) -> Constraint:
        return real

    def log_prob(self, value: jnp.ndarray) -> jnp.ndarray:
        value = jnp.asarray(value, dtype=jnp.float32)
        var = jnp.maximum(self.scale ** 2, _EPS)
        return -0.5 * (_LOG_2PI + jnp.log(var) + (value - self.loc) ** 2 / var)

    def sample(self, key: jax.random.PRNGKey, sample_shape: Shape = ()) -> jnp.ndarray:
        shape = sample_shape + self.batch_shape + self.event_shape
        eps = jrandom.normal(key, shape=shape)
        return self.loc + self.scale * eps


class Gamma(Distribution):
    """Гамма-распределение Gamma(concentration, rate)."""

    def __init__(self, concentration: Any, rate: Any):
        self.concentration = jnp.asarray(concentration, dtype=jnp.float32)
        self.rate = jnp.asarray(rate, dtype=jnp.float32)
        _check_positive(self.concentration, "Gamma.concentration")
        _check_positive(self.rate, "Gamma.rate")
        batch_shape = jnp.broadcast_shapes(self.concentration.shape, self.rate.shape)
        super().__init__(batch_shape=batch_shape, event_shape=())

    @property
    def support(self) -> Constraint:
        return positive

    def log_prob(self, value: jnp.ndarray) -> jnp.ndarray:
        value = jnp.asarray(value, dtype=jnp.float32)
        safe_value = jnp.maximum(value, _EPS)
        safe_rate = jnp.maximum(self.rate, _EPS)
        result = (self.concentration * jnp.log(safe_rate)
                - gammaln(self.concentration)
                + (self.concentration - 1.0) * jnp.log(safe_value)
                - self.rate * value)
        return jnp.where(value > 0, result, -jnp.inf)

    def sample(self, key: jax.random.PRNGKey, sample_shape: Shape = ()) -> jnp.ndarray:
        shape = sample_shape + self.batch_shape
        safe_rate = jnp.maximum(self.rate, _EPS)
        return jrandom.gamma(key, self.concentration, shape=shape) / safe_rate


class Uniform(Distribution):
    """Равномерное распределение на [low, high]."""

    def __init__(self, low: Any = 0.0, high: Any = 1.0):
        self.low = jnp.asarray(low, dtype=jnp.float32)
        self.high = jnp.asarray(high, dtype=jnp.float32)
        try:
            if jnp.any(self.low >= self.high):
                raise ValueError(
                    f"Uniform requires low < high, got low={self.low}, high={self.high}"
                )
        except jax.errors.TracerBoolConversionError:
            pass
        batch_shape = jnp.broadcast_shapes(self.low.shape, self.high.shape)
        super().__init__(batch_shape=batch_shape, event_shape=())

    @property
    def support(self) -> Constraint:
        return Bounded(self.low, self.high)

    def log_prob(self, value: jnp.ndarray) -> jnp.ndarray:
        value = jnp.asarray(value, dtype=jnp.float32)
        in_support = (value >= self.low) & (value <= self.high)
        return jnp.where(in_support, -jnp.log(self.high - self.low + _EPS), -jnp.inf)

    def sample(self, key: jax.random.PRNGKey, sample_shape: Shape = ()) -> jnp.ndarray:
        shape = sample_shape + self.batch_shape
        return jrandom.uniform(key, shape=shape, minval=self.low, maxval=self.high)


def log_joint(mu, log_sigma, shape, rate, low, width, y, g, u):
    lp = Normal(0.0, 10.0).log_prob(mu)
    lp = lp + Normal(mu, jnp.exp(log_sigma)).log_prob(y).sum()
    lp = lp + Gamma(shape, rate).log_prob(g).sum()
    lp = lp + Uniform(low, low + width).log_prob(u).sum()
    return lp


f = jax.jit(log_joint)
# --- end user code ---


def make_inputs(rng):
    mu = np.float32(rng.normal())
    log_sigma = np.float32(rng.normal(scale=0.3))
    shape = np.float32(rng.uniform(0.5, 3.0))
    rate = np.float32(rng.uniform(0.5, 2.0))
    low = np.float32(rng.normal())
    width = np.float32(rng.uniform(1.0, 3.0))
    y = rng.normal(size=(8,)).astype(np.float32)
    g = rng.gamma(2.0, size=(8,)).astype(np.float32)
    u = (low + rng.uniform(0.0, 1.0, size=(8,)) * width).astype(np.float32)
    return (mu, log_sigma, shape, rate, low, width, y, g, u)


INPUTS = make_inputs
