"""A not_jax_tracer guard passes for a closed-over constant, but comparing it under jit makes a tracer for np.all.

source: pyro-ppl/numpyro pull request #821 (fehiepsi's example in the review thread on numpyro/contrib/tfp/distributions.py `_get_codomain`: `if not_jax_tracer(y): if np.all(y <= 0): print("nooo")` with `y = jnp.arange(10.)`, "will fail because although `concentration` is not a tracer, `concentration < 0` will be a tracer"; the PR changed the comparison to `np.less`)
error: TracerBoolConversionError
category: np-reduction-on-tracer-from-constant
expect: fix
notes: verbatim from the review comment (not_jax_tracer from numpyro/util.py inlined, and
  `@jax.jit` written as a decorator instead of `jax.jit(f)(1)`). The guarded value is a
  module-level jnp constant, never an argument; the tracer is created by `y <= 0` itself inside
  the trace. np.all hands the tracer to its own .all(), so the error surfaces at the `if`
  (TracerBoolConversionError; the 2020 message in the PR was the array-conversion one);
  swapping np.all for jnp.all does not help, the comparison has to stay in NumPy
  (np.less_equal), as in the PR. The input x is a random vector.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp
import numpy as np


def not_jax_tracer(x):
    """
    Checks if `x` is not an array generated inside `jit`, `pmap`, `vmap`, or `lax_control_flow`.
    """
    return not isinstance(x, jax.core.Tracer)


y = jnp.arange(10.)


@jax.jit
def f(x):
    if not_jax_tracer(y):
        if np.all(y <= 0):
            print("nooo")
    return x + y
# --- end user code ---


def make_inputs(rng):
    return (rng.normal(size=(10,)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    if not_jax_tracer(y):
        if np.all(np.less_equal(y, 0)):
            print("nooo")
    return x + y
