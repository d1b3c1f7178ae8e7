"""jaxopt's Bisection with check_bracket=False (the issues' fix): only static config `if`s remain, nothing leaks.

source: https://github.com/google/jaxopt/issues/383 and https://github.com/google/jaxopt/issues/422 (fixed by `check_bracket=False`); Bisection from google/jaxopt jaxopt/_src/bisection.py at 02226b665b0dec348a39795255e597360bdeab0b
error: none
category: negative-static-config-flags
expect: untouched
notes: same code as 013 with the resolution from both issues, `check_bracket=False`. Every remaining Python `if` tests a static dataclass field (`check_bracket`, `verbose`, `increasing`) or `init_params is None`; the traced comparisons only feed jnp.where and lax.while_loop. A fixer must leave the file byte-identical.
"""
EXPECT = "untouched"

# --- user code (given to the tool) ---
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class OptStep(NamedTuple):
  params: Any
  state: Any


class BisectionState(NamedTuple):
  iter_num: int
  value: float
  error: float
  low: float
  high: float


@dataclass
class Bisection:
  optimality_fun: Callable
  lower: float
  upper: float
  increasing: bool = True
  maxiter: int = 30
  tol: float = 1e-5
  check_bracket: bool = True
  verbose: bool = False

  def _check_bracket(self, *args, **kwargs):
    if self._fun(self.lower, *args, **kwargs) > 0:
      raise ValueError("optimality_fun(lower, *args, **kwargs) should be < 0 "
                       "if increasing=True and > 0 if increasing=False.")

    if self._fun(self.upper, *args, **kwargs) < 0:
      raise ValueError("optimality_fun(upper, *args, **kwargs) should be > 0 "
                       "if increasing=True and < 0 if increasing=False.")

  def init(self, init_params, *args, **kwargs) -> OptStep:
    if self.check_bracket:
      self._check_bracket(*args, **kwargs)

    state = BisectionState(iter_num=0,
                           value=jnp.inf,
                           error=jnp.inf,
                           low=self.lower,
                           high=self.upper)

    if init_params is None:
      init_params = 0.5 * (state.high + state.low)

    return OptStep(params=init_params, state=state)

  def update(self, params, state, *args, **kwargs) -> OptStep:
    value = self._fun(params, *args, **kwargs)
    too_large = value > 0
    high = jnp.where(too_large, params, state.high)
    low = jnp.where(too_large, state.low, params)
    state = BisectionState(iter_num=state.iter_num + 1,
                           value=value,
                           error=jnp.sqrt(value ** 2),
                           low=low,
                           high=high)
    midpoint = 0.5 * (low + high)
    return OptStep(params=midpoint, state=state)

  def run(self, init_params, *args, **kwargs) -> OptStep:
    def cond_fun(pair):
      _, state = pair
      if self.verbose:
        print(state.error)
      return (state.error > self.tol) & (state.iter_num < self.maxiter)

    def body_fun(pair):
      params, state = pair
      return self.update(params, state, *args, **kwargs)

    return jax.lax.while_loop(cond_fun, body_fun, self.init(init_params, *args, **kwargs))

  def __post_init__(self):
    if self.increasing:
      self._fun = self.optimality_fun
    else:
      self._fun = lambda x, *a, **kw: -self.optimality_fun(x, *a, **kw)


def F(x, factor):
  return factor * x ** 3 - x - 2


def root(factor):
  bisec = Bisection(optimality_fun=F, lower=1., upper=2., check_bracket=False)
  return bisec.run(None, factor=factor).params


f = jax.jit(root)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.uniform(1.1, 3.0)),)


INPUTS = make_inputs
