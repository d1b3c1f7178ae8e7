"""A jitted helper returns its static argument plus one; the caller uses it as jnp.arange's length.

source: https://github.com/jax-ml/jax/issues/35090 (add1 / my_arange: "despite k being static, this throws a ConcretizationTypeError")
error: ConcretizationTypeError
category: nested-jit-helper-static
expect: fix
notes: verbatim (functools.partial jit with static_argnums on both). The inner jit returns a traced array even for a static input, so the outer jnp.arange gets a tracer. Dropping the inner jit (or adding 1 in Python) keeps k static; k varies per trial as a Python int.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(0,))
def add1(i):
    return i+1


@functools.partial(jax.jit, static_argnums=(0,))
def f(k):
    return jnp.arange(add1(k))
# --- end user code ---


def make_inputs(rng):
    return (int(rng.integers(0, 7)),)


INPUTS = make_inputs


@functools.partial(jax.jit, static_argnums=(0,))
def reference_fix(k):
    return jnp.arange(k + 1)
