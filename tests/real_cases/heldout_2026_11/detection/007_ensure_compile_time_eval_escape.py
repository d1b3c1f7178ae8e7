"""A value computed under ensure_compile_time_eval is compared outside the block.

source: the jax.ensure_compile_time_eval docstring example as reported failing in https://github.com/jax-ml/jax/issues/9823 (mattjj: "putting the `z > 0` inside the context manager works")
error: TracerBoolConversionError
category: compile-time-eval-escape
expect: fix
notes: verbatim from the issue (jnp.sin/jnp.cos branches on the argument). Still fails under jax 0.10: `z` is computed eagerly, but `z > 0` is staged because it runs outside the context. Moving the comparison into the block (or evaluating the constant with numpy) is the jit-safe rewrite; the branch taken never depends on x.
"""
EXPECT = "fix"

# --- user code (given to the tool) ---
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    with jax.ensure_compile_time_eval():
        y = jnp.sin(3.0)
        z = jnp.sin(y)
    if z > 0:  # the value of z is availble and can be used in control flow
        return jnp.sin(x)
    else:
        return jnp.cos(x)
# --- end user code ---

import numpy as np


def make_inputs(rng):
    return (rng.normal(size=(5,)).astype(np.float32),)


INPUTS = make_inputs


@jax.jit
def reference_fix(x):
    with jax.ensure_compile_time_eval():
        y = jnp.sin(3.0)
        z = jnp.sin(y)
        positive = z > 0
    if positive:
        return jnp.sin(x)
    else:
        return jnp.cos(x)
