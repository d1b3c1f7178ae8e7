"""A `lax.while_loop` condition written with Python `not` around `jnp.allclose`.

source: https://github.com/jax-ml/jax/issues/2708 (NeilGirdhar, "Feature request: allow jnp.allclose to accept tracers": `def cf_ac(x): return not jnp.allclose(x, 10.0)` passed to `while_loop`; shoyer: "The problem here is not jnp.allclose(), it's your use of the builtin Python operator `not`")
error: TracerBoolConversionError
category: truth-test-not-in-cond-fun
expect: fix
notes: bf and cf_ac are verbatim; the issue calls `while_loop(cf_ac, bf, 0.0)` at top level, here
  the call is the body of a jitted `f` taking the start value and also returning the number of
  steps taken (the fixed point alone is always 10). The leak is a truth test outside an
  `if`: `not` converts the traced `allclose` result to a Python bool inside the function handed to
  `while_loop` (run eagerly the loop is a Python loop and `not` works). Start values are integers
  in [0, 10], including 10 itself (the body never runs).
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp
from jax.lax import while_loop


def bf(x):
    return x + 1.0


def cf_ac(x):
    return not jnp.allclose(x, 10.0)


@jax.jit
def f(x0):
    x = while_loop(cf_ac, bf, x0)
    return x, x - x0  # the fixed point and the number of steps taken
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (np.float32(rng.integers(0, 11)),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0):
    x = jax.lax.while_loop(lambda x: jnp.logical_not(jnp.allclose(x, 10.0)), bf, x0)
    return x, x - x0
