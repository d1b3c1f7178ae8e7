"""A while_loop condition helper negates jnp.allclose with Python `not`.

source: https://github.com/jax-ml/jax/issues/2708 (NeilGirdhar, "Feature request: allow jnp.allclose to accept tracers": `def cf_ac(x): return not jnp.allclose(x, 10.0)` passed to `while_loop`; shoyer: "The problem here is not jnp.allclose(), it's your use of the builtin Python operator not ... substitute jnp.logical_not")
error: TracerBoolConversionError
category: not-in-loop-cond-helper
expect: fix
notes: bf/cf_ac from the issue; the carry gains a step counter so that the result depends on the
  start value (the issue's loop always ends at 10.0), and the loop is wrapped in a jitted f.
  The `not` is in a module-level helper that is only ever called by lax.while_loop, so the
  tracer reaches it without any visible call. Start values are 10 - k for an integer k.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
from jax import numpy as jnp
from jax.lax import while_loop


def bf(carry):
    x, n = carry
    return x + 1.0, n + 1


def cf_ac(carry):
    x, _ = carry
    return not jnp.allclose(x, 10.0)


@jax.jit
def f(x0):
    return while_loop(cf_ac, bf, (x0, 0))
# --- end user code ---

import numpy as np


def make_inputs(rng):
    k = int(rng.integers(0, 9))
    return (np.asarray(10.0 - k, dtype=np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x0):
    return while_loop(lambda c: jnp.logical_not(jnp.allclose(c[0], 10.0)), bf, (x0, 0))
